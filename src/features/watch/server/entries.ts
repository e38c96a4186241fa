import 'server-only';

import { and, count, eq, sql } from 'drizzle-orm';

import { watchDigests, watchEntries, watchMailSettings } from '@db/schema';
import { parseBulkLine } from '@/features/registry';
import { referencePath } from '@/lib/company-path';
import { invoiceStandingOf, todayInJapan } from '@/features/registry';
import { findCompanyByNumber, getInvoiceStore } from '@/features/registry/index.server';
import { lockMember } from '@/features/accounts/index.server';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/http/app-error';

import {
  describeWatchEvent,
  WATCH_EVENT_DAYS,
  WATCH_EVENT_LABELS,
  WATCH_LIMIT,
  WATCH_MESSAGES,
  WATCH_PAGE_SIZE,
  type WatchEventDetail,
  type WatchEventKind,
} from '../constants';
import { readWatchImport } from '../rules';
import type { WatchEntry, WatchEvent, WatchImportResult, WatchList } from '../schemas';
import { rowsOf } from './matcher';

/**
 * A member's watch list (issue 15 §1): every query is by the session's user id, so a member only
 * ever reads or changes their own list. A company is added only when the registry has it (and
 * shows it); the limit is checked under a row lock on the member, so two imports at once cannot
 * pass it together.
 */

type Tx = Parameters<Parameters<Awaited<ReturnType<typeof getDb>>['transaction']>[0]>[0];

/** Adds the numbers the member does not watch yet, up to the limit, under a lock on the member. */
async function insertWithinLimit(
  userId: string,
  numbers: readonly string[],
): Promise<{ added: number; already: number; overLimit: number }> {
  const db = await getDb();
  return db.transaction(async (tx: Tx) => {
    await lockMember(tx, userId);
    const existing = new Set(
      rowsOf<{ corporate_number: string }>(
        await tx.execute(
          sql`SELECT corporate_number FROM watch_entries WHERE user_id = ${userId} AND corporate_number = ANY(string_to_array(${numbers.join(',')}, ','))`,
        ),
      ).map((r) => r.corporate_number),
    );
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(watchEntries).where(eq(watchEntries.userId, userId));
    const fresh = numbers.filter((n) => !existing.has(n));
    const room = Math.max(0, WATCH_LIMIT - n);
    const take = fresh.slice(0, room);
    // Chunks keep each statement's parameter count well below PostgreSQL's limit.
    for (let i = 0; i < take.length; i += 1000) {
      await tx
        .insert(watchEntries)
        .values(take.slice(i, i + 1000).map((corporateNumber) => ({ userId, corporateNumber })))
        .onConflictDoNothing();
    }
    return { added: take.length, already: existing.size, overLimit: fresh.length - take.length };
  });
}

/** 「この法人をウォッチ」: one company by 法人番号 or T-number. */
export async function addWatch(userId: string, input: string): Promise<{ corporateNumber: string; name: string; added: boolean }> {
  const parsed = parseBulkLine(input);
  if (parsed.kind === 'invalid')
    throw new AppError('validation_failed', { message: parsed.message, fields: { corporateNumber: parsed.message } });
  if (parsed.kind === 'name') {
    throw new AppError('validation_failed', {
      message: WATCH_MESSAGES.not_a_number,
      fields: { corporateNumber: WATCH_MESSAGES.not_a_number },
    });
  }
  const company = findCompanyByNumber(parsed.corporateNumber);
  if (!company.ok) {
    if (company.code === 'registry_unavailable') throw new AppError('service_unavailable', { message: company.message });
    throw new AppError('not_found', { message: WATCH_MESSAGES.not_found });
  }
  const result = await insertWithinLimit(userId, [parsed.corporateNumber]);
  if (result.overLimit > 0) throw new AppError('conflict', { message: WATCH_MESSAGES.limit });
  // the name, so the page's message can say which company was added (a number alone is easy to mistype)
  return { corporateNumber: parsed.corporateNumber, name: company.company.current.name, added: result.added === 1 };
}

/** Import of a pasted list or CSV text: every number found, checked against the registry. */
export async function importWatch(userId: string, text: string): Promise<WatchImportResult> {
  const { numbers, invalid } = readWatchImport(text);
  if (numbers.length === 0 && invalid.length === 0) {
    throw new AppError('validation_failed', { message: WATCH_MESSAGES.import_empty, fields: { text: WATCH_MESSAGES.import_empty } });
  }
  if (numbers.length > WATCH_LIMIT)
    throw new AppError('validation_failed', { message: WATCH_MESSAGES.limit, fields: { text: WATCH_MESSAGES.limit } });
  const known: string[] = [];
  const notFound: string[] = [];
  for (const n of numbers) {
    const company = findCompanyByNumber(n);
    if (company.ok) known.push(n);
    else if (company.code === 'registry_unavailable') throw new AppError('service_unavailable', { message: company.message });
    else notFound.push(n);
  }
  const result = known.length > 0 ? await insertWithinLimit(userId, known) : { added: 0, already: 0, overLimit: 0 };
  return { ...result, notFound, invalid: invalid.slice(0, 100), total: await watchCount(userId) };
}

export async function removeWatch(userId: string, corporateNumber: string): Promise<void> {
  const db = await getDb();
  const gone = await db
    .delete(watchEntries)
    .where(and(eq(watchEntries.userId, userId), eq(watchEntries.corporateNumber, corporateNumber)))
    .returning({ n: watchEntries.corporateNumber });
  if (gone.length === 0) throw new AppError('not_found', { message: 'この法人はウォッチしていません。' });
}

export async function watchCount(userId: string): Promise<number> {
  const db = await getDb();
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(watchEntries).where(eq(watchEntries.userId, userId));
  return n;
}

export async function isWatching(userId: string, corporateNumber: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .select({ n: watchEntries.corporateNumber })
    .from(watchEntries)
    .where(and(eq(watchEntries.userId, userId), eq(watchEntries.corporateNumber, corporateNumber)));
  return rows.length > 0;
}

export async function digestEnabled(userId: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db.select().from(watchMailSettings).where(eq(watchMailSettings.userId, userId));
  return rows[0]?.unsubscribedAt == null;
}

export async function setDigest(userId: string, on: boolean): Promise<void> {
  const db = await getDb();
  const unsubscribedAt = on ? null : new Date();
  await db
    .insert(watchMailSettings)
    .values({ userId, unsubscribedAt })
    .onConflictDoUpdate({
      target: watchMailSettings.userId,
      set: {
        unsubscribedAt,
        updatedAt: new Date(),
        // Turned back on: the links of the mails before no longer stop it (issue 24 §5).
        ...(on
          ? {
              unsubscribeVersion: sql`CASE WHEN ${watchMailSettings.unsubscribedAt} IS NULL THEN ${watchMailSettings.unsubscribeVersion} ELSE ${watchMailSettings.unsubscribeVersion} + 1 END`,
            }
          : {}),
      },
    });
}

/** The 承継先 a closed company names (NTA column 13), with its name when the registry shows it. */
function successorOf(corporateNumber: string | null): NonNullable<WatchEntry['company']>['successor'] {
  if (corporateNumber === null) return null;
  const successor = findCompanyByNumber(corporateNumber);
  return { corporateNumber, name: successor.ok ? successor.company.current.name : null, path: referencePath(corporateNumber) };
}

/** The state a watch list row shows: the registry's current record and the invoice status today. */
function entryState(corporateNumber: string, addedAt: Date): WatchEntry {
  const company = findCompanyByNumber(corporateNumber);
  const { state, label } = invoiceStandingOf(getInvoiceStore().lookup(corporateNumber), todayInJapan());
  const invoice: WatchEntry['invoice'] = { state, label };
  return {
    corporateNumber,
    path: referencePath(corporateNumber),
    addedAt: addedAt.toISOString(),
    company: company.ok
      ? {
          name: company.company.current.name,
          address: company.company.current.address,
          closed: company.company.closed,
          lastChange: { label: company.company.current.processLabel, date: company.company.current.changeDate },
          successor: successorOf(company.company.current.successorCorporateNumber),
        }
      : null,
    invoice,
  };
}

export async function listWatch(userId: string, page: number): Promise<WatchList> {
  const db = await getDb();
  const total = await watchCount(userId);
  const totalPages = Math.max(1, Math.ceil(total / WATCH_PAGE_SIZE));
  const rows = await db
    .select()
    .from(watchEntries)
    .where(eq(watchEntries.userId, userId))
    .orderBy(sql`${watchEntries.createdAt} DESC, ${watchEntries.corporateNumber}`)
    .limit(WATCH_PAGE_SIZE)
    .offset((Math.min(page, totalPages) - 1) * WATCH_PAGE_SIZE);
  return {
    total,
    limit: WATCH_LIMIT,
    page: Math.min(page, totalPages),
    totalPages,
    digest: await digestEnabled(userId),
    entries: rows.map((r) => entryState(r.corporateNumber, r.createdAt)),
  };
}

export interface StoredEvent {
  id: number;
  corporate_number: string;
  kind: WatchEventKind;
  data_date: string;
  name: string;
  detail: WatchEventDetail;
}

export function toWatchEvent(e: StoredEvent): WatchEvent {
  return {
    id: Number(e.id),
    corporateNumber: e.corporate_number,
    path: referencePath(e.corporate_number),
    kind: e.kind,
    label: WATCH_EVENT_LABELS[e.kind],
    name: e.name,
    dataDate: e.data_date,
    text: describeWatchEvent(e.kind, e.detail),
  };
}

/** The events of the member's watched companies of the last 90 days, newest first. */
export async function listWatchEvents(userId: string, limit = 500): Promise<WatchEvent[]> {
  const db = await getDb();
  const rows = rowsOf<StoredEvent>(
    await db.execute(sql`
      SELECT e.id, e.corporate_number, e.kind, e.data_date, e.name, e.detail
        FROM watch_entries w
        JOIN watch_events e ON e.corporate_number = w.corporate_number
       WHERE w.user_id = ${userId} AND e.created_at > now() - make_interval(days => ${WATCH_EVENT_DAYS})
       ORDER BY e.data_date DESC, e.id DESC
       LIMIT ${limit}`),
  );
  return rows.map(toWatchEvent);
}

/**
 * Unregister (issue 15 §4): the watch list, the mail setting and the delivery records of the
 * change mails (watch_digests: which days a mail went or failed, its last error) go with the account.
 */
export async function deleteWatchData(userId: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx: Tx) => {
    await tx.delete(watchEntries).where(eq(watchEntries.userId, userId));
    await tx.delete(watchMailSettings).where(eq(watchMailSettings.userId, userId));
    await tx.delete(watchDigests).where(eq(watchDigests.userId, userId));
  });
}
