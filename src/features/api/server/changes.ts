import 'server-only';

import { z } from 'zod';

import { changeFeedStart, readInvoiceChanges, readRegistryChanges } from '@/features/registry/index.server';
import { describeWatchEvent, WATCH_EVENT_LABELS, type WatchEventKind } from '@/features/watch';
import { invoiceEvents, registryEvents, type WatchEventDraft } from '@/features/watch/index.server';
import { dataPaths } from '@/config/server';
import { safeEqual, signWithServerSecret } from '@/server/auth/tokens';
import { AppError } from '@/server/http/app-error';

import { API_CHANGES_DAYS } from '../rules';
import type { CHANGE_EVENT_TYPES } from '../schemas';

/**
 * GET /v1/changes (issue 26 §1): the daily updates' changes as typed events, from the same
 * classifier as the watch list (watch's registryEvents / invoiceEvents), both logs merged in day
 * order. The cursor is signed and names each log's position and epoch; when the registry was
 * rebuilt since (a new epoch), the cursor is gone (410) and the client starts again from a date.
 */

type ChangeType = (typeof CHANGE_EVENT_TYPES)[number];
const TYPE_OF: Record<WatchEventKind, ChangeType> = {
  name: 'name_changed',
  address: 'address_changed',
  closed: 'closed',
  merged: 'merged',
  revived: 'revived',
  invoice_registered: 'invoice_registered',
  invoice_revoked: 'invoice_revoked',
  invoice_expired: 'invoice_expired',
};

const CursorSchema = z.object({
  s: z.string(),
  r: z.number().int().min(0),
  i: z.number().int().min(0),
  re: z.string().nullable(),
  ie: z.string().nullable(),
});
type Cursor = z.infer<typeof CursorSchema>;

const PURPOSE = 'v1-changes:';

function encodeCursor(c: Cursor): string {
  const payload = Buffer.from(JSON.stringify(c)).toString('base64url');
  return `${payload}.${signWithServerSecret(PURPOSE + payload)}`;
}

function decodeCursor(text: string): Cursor {
  const [payload = '', sig = ''] = text.split('.');
  const bad = () =>
    new AppError('bad_request', {
      message: '続きの位置（cursor）が正しくありません。',
      fields: { cursor: '続きの位置（cursor）が正しくありません。' },
    });
  if (!safeEqual(sig, signWithServerSecret(PURPOSE + payload))) throw bad();
  try {
    return CursorSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
  } catch {
    throw bad();
  }
}

export interface ChangeEventOut {
  type: ChangeType;
  label: string;
  corporateNumber: string;
  date: string;
  name: string;
  before: string | null;
  after: string | null;
  description: string;
}

/** One classified change as the feed and the webhooks send it. */
export function changeEventOf(e: WatchEventDraft): ChangeEventOut {
  const d = e.detail;
  return {
    type: TYPE_OF[e.kind],
    label: WATCH_EVENT_LABELS[e.kind],
    corporateNumber: e.corporateNumber,
    date: e.dataDate,
    name: e.name,
    before: d.before ?? null,
    after: d.after ?? d.closeDate ?? d.date ?? null,
    description: describeWatchEvent(e.kind, d),
  };
}

function earliestSince(today: Date): string {
  const d = new Date(today.getTime() + 9 * 3_600_000);
  d.setUTCDate(d.getUTCDate() - API_CHANGES_DAYS);
  return d.toISOString().slice(0, 10);
}

export function readChangeFeed(
  query: { since: string; limit: number; cursor?: string | undefined },
  paths: { registry: string; invoice: string } = dataPaths(),
  now = new Date(),
): { since: string; events: ChangeEventOut[]; nextCursor: string | null } {
  const oldest = earliestSince(now);
  if (query.since < oldest) {
    const message = `since は ${oldest} 以降の日付を指定してください（変更履歴は${API_CHANGES_DAYS}日分です）。`;
    throw new AppError('validation_failed', { status: 400, message, fields: { since: message } });
  }
  let cursor: Cursor;
  if (query.cursor) {
    cursor = decodeCursor(query.cursor);
    if (cursor.s !== query.since) throw new AppError('bad_request', { message: 'cursor は同じ since と一緒に指定してください。' });
  } else {
    const start = changeFeedStart(paths, query.since);
    cursor = { s: query.since, r: start.registry.id, i: start.invoice.id, re: start.registry.epoch, ie: start.invoice.epoch };
  }
  const batchSize = query.limit;
  const reg = readRegistryChanges(paths.registry, cursor.re === null ? null : { epoch: cursor.re, lastId: cursor.r }, batchSize);
  const inv = readInvoiceChanges(paths.invoice, cursor.ie === null ? null : { epoch: cursor.ie, lastId: cursor.i }, batchSize);
  if ((cursor.re !== null && reg.epoch !== cursor.re) || (cursor.ie !== null && inv.epoch !== cursor.ie)) {
    throw new AppError('gone', {
      status: 410,
      message: 'データが作り直されたため、この続きの位置は使えません。since を指定して最初から取得してください。',
    });
  }
  // A log seen for the first time in this feed (it had no epoch when the feed started) is read from its start.
  const events: ChangeEventOut[] = [];
  let [ri, ii] = [0, 0];
  let { r, i } = cursor;
  const regFull = reg.changes.length === batchSize;
  const invFull = inv.changes.length === batchSize;
  while (events.length < query.limit) {
    const a = reg.changes[ri];
    const b = inv.changes[ii];
    if (!a && regFull) break; // more registry changes may come before the next invoice change
    if (!b && invFull) break;
    if (!a && !b) break;
    if (a && (!b || a.day <= b.day)) {
      ri += 1;
      r = a.id;
      if (a.day >= query.since) events.push(...registryEvents(a).map(changeEventOf));
    } else if (b) {
      ii += 1;
      i = b.id;
      if (b.day >= query.since) events.push(...invoiceEvents(b).map(changeEventOf));
    }
  }
  const more = ri < reg.changes.length || ii < inv.changes.length || regFull || invFull;
  const next = { s: query.since, r, i, re: reg.epoch ?? cursor.re, ie: inv.epoch ?? cursor.ie };
  return { since: query.since, events, nextCursor: more ? encodeCursor(next) : null };
}
