import 'server-only';

import { sql } from 'drizzle-orm';

import { watchCursors } from '@db/schema';
import {
  type ChangeBatch,
  type ChangeCursor,
  findCompanyByNumber,
  readInvoiceChanges,
  readRegistryChanges,
} from '@/features/registry/index.server';
import { getDb } from '@/server/db/client';

import { invoiceEvents, registryEvents, type WatchEventDraft } from './classify';
import { dataPaths } from '@/config/server';

/**
 * Turns the changes of the daily updates into watch events (issue 15 §2–3): read the change logs
 * after the last entry matched, classify, keep the changes of watched companies (one query: the
 * distinct 法人番号 of the day against the watch list's index), insert the events — unique per
 * (法人番号, kind, 更新年月日), so re-reading or re-applying a day adds nothing — and move the cursor.
 */

export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface MatchStats {
  changes: number;
  /** Candidate events of watched companies. */
  drafts: number;
  watched: number;
  inserted: number;
}

/**
 * Which of `numbers` someone watches: one statement, one index probe a number (the day's distinct
 * 法人番号 drive a nested loop over watch_entries_by_company), whatever the size of the watch list.
 * One text parameter rather than one parameter a number: 50,000 changes stay one statement.
 */
export async function watchedAmong(numbers: readonly string[]): Promise<Set<string>> {
  if (numbers.length === 0) return new Set();
  const db = await getDb();
  return new Set(
    rowsOf<{ n: string }>(
      await db.execute(sql`
        SELECT c.n FROM unnest(string_to_array(${[...new Set(numbers)].join(',')}, ',')) AS c(n)
         WHERE EXISTS (SELECT 1 FROM watch_entries w WHERE w.corporate_number = c.n)`),
    ).map((r) => r.n),
  );
}

/** The events of `drafts` whose company someone watches, inserted once. */
export async function recordEvents(
  drafts: readonly WatchEventDraft[],
  known?: Set<string>,
): Promise<{ watched: number; inserted: number }> {
  if (drafts.length === 0) return { watched: 0, inserted: 0 };
  const db = await getDb();
  const watched = known ?? (await watchedAmong(drafts.map((d) => d.corporateNumber)));
  const hits = drafts.filter((d) => watched.has(d.corporateNumber));
  if (hits.length === 0) return { watched: 0, inserted: 0 };
  for (const hit of hits) {
    // The successor's name, when the registry has it: public data that saves the member a lookup.
    if (hit.kind === 'merged' && hit.detail.successorNumber && !hit.detail.successorName) {
      const successor = findCompanyByNumber(hit.detail.successorNumber);
      if (successor.ok) hit.detail.successorName = successor.company.current.name;
    }
  }
  const payload = JSON.stringify(
    hits.map((h) => ({ corporate_number: h.corporateNumber, kind: h.kind, data_date: h.dataDate, name: h.name, detail: h.detail })),
  );
  const inserted = rowsOf<{ id: number }>(
    await db.execute(sql`
      INSERT INTO watch_events (corporate_number, kind, data_date, name, detail)
      SELECT corporate_number, kind, data_date, name, detail
        FROM jsonb_to_recordset(${payload}::jsonb) AS x(corporate_number text, kind text, data_date text, name text, detail jsonb)
      ON CONFLICT (corporate_number, kind, data_date) DO NOTHING
      RETURNING id`),
  );
  return { watched: hits.length, inserted: inserted.length };
}

async function cursorOf(source: 'registry' | 'invoice'): Promise<ChangeCursor | null> {
  const db = await getDb();
  const rows = rowsOf<{ epoch: string; last_id: string | number }>(
    await db.execute(sql`SELECT epoch, last_id FROM watch_cursors WHERE source = ${source}`),
  );
  const row = rows[0];
  return row ? { epoch: row.epoch, lastId: Number(row.last_id) } : null;
}

async function saveCursor(source: 'registry' | 'invoice', epoch: string, lastId: number): Promise<void> {
  const db = await getDb();
  await db
    .insert(watchCursors)
    .values({ source, epoch, lastId })
    .onConflictDoUpdate({ target: watchCursors.source, set: { epoch, lastId, updatedAt: sql`now()` } });
}

async function matchLog<T>(
  source: 'registry' | 'invoice',
  read: (cursor: ChangeCursor | null) => ChangeBatch<T>,
  numberOf: (change: T) => string,
  classify: (change: T) => WatchEventDraft[],
  signal?: AbortSignal,
): Promise<MatchStats> {
  const stats: MatchStats = { changes: 0, drafts: 0, watched: 0, inserted: 0 };
  let cursor = await cursorOf(source);
  // A stopping instance ends between two batches: the cursor is saved after each one.
  while (!signal?.aborted) {
    const batch = read(cursor);
    if (batch.epoch === null || batch.changes.length === 0) {
      if (batch.epoch !== null && (cursor === null || cursor.epoch !== batch.epoch)) await saveCursor(source, batch.epoch, batch.lastId);
      return stats;
    }
    // Only the changes of watched companies are classified: most of a day's rows are not.
    const watched = await watchedAmong(batch.changes.map(numberOf));
    const drafts = batch.changes.filter((c) => watched.has(numberOf(c))).flatMap(classify);
    const result = await recordEvents(drafts, watched);
    stats.changes += batch.changes.length;
    stats.drafts += drafts.length;
    stats.watched += result.watched;
    stats.inserted += result.inserted;
    // The cursor moves only after the events are in: a crash in between re-reads the batch,
    // which the unique key makes harmless.
    await saveCursor(source, batch.epoch, batch.lastId);
    cursor = { epoch: batch.epoch, lastId: batch.lastId };
  }
  return stats;
}

/** Matches everything the served files' change logs hold after the last run. */
export async function matchNewChanges(
  paths: { registry: string; invoice: string } = dataPaths(),
  signal?: AbortSignal,
): Promise<{ registry: MatchStats; invoice: MatchStats }> {
  const registry = await matchLog(
    'registry',
    (c) => readRegistryChanges(paths.registry, c, 50_000),
    (c) => c.after.corporateNumber,
    registryEvents,
    signal,
  );
  const invoice = await matchLog(
    'invoice',
    (c) => readInvoiceChanges(paths.invoice, c, 50_000),
    (c) => c.corporateNumber,
    invoiceEvents,
    signal,
  );
  return { registry, invoice };
}
