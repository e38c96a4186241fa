import 'server-only';

import fs from 'node:fs';
import Database from 'better-sqlite3';
import type { InvoiceChangeState } from './invoice/writer';
import { type RegistryRecord, unpackRow } from './store/row-codec';

/**
 * The change logs the daily updates leave in the served files (issue 15, docs/decisions/0028):
 * `change_log` in the registry file (a current row a diff replaced, before and after) and
 * `invoice_change` in the invoice file. A reader asks for the entries after the last id it has
 * seen in the file's epoch; when the epoch differs (the file was rebuilt from full data), it gets
 * the whole log of the new epoch. Reading opens the served file read-only for the moment it takes.
 */

export interface ChangeCursor {
  epoch: string;
  lastId: number;
}

export interface ChangeBatch<T> {
  /** null: the file has no change log (no file, or built before issue 15). */
  epoch: string | null;
  changes: T[];
  /** Id of the last entry returned (the cursor's lastId when there were none). */
  lastId: number;
}

export interface RegistryChange {
  id: number;
  /** 更新年月日 of the row applied. */
  day: string;
  before: RegistryRecord;
  after: RegistryRecord;
}

export interface InvoiceChange {
  id: number;
  day: string;
  corporateNumber: string;
  before: InvoiceChangeState | null;
  after: InvoiceChangeState | null;
}

function readLog<R, T>(
  path: string,
  table: 'change_log' | 'invoice_change',
  columns: string,
  cursor: ChangeCursor | null,
  map: (row: R) => T & { id: number },
  limit: number,
): ChangeBatch<T> {
  if (!fs.existsSync(path)) return { epoch: null, changes: [], lastId: cursor?.lastId ?? 0 };
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const hasLog = db
      .prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN (?, 'change_log_epoch')")
      .pluck()
      .get(table) as number;
    if (hasLog !== 2) return { epoch: null, changes: [], lastId: cursor?.lastId ?? 0 };
    const epoch = (db.prepare('SELECT epoch FROM change_log_epoch LIMIT 1').pluck().get() as string | undefined) ?? null;
    if (epoch === null) return { epoch: null, changes: [], lastId: cursor?.lastId ?? 0 };
    const after = cursor !== null && cursor.epoch === epoch ? cursor.lastId : 0;
    const rows = db.prepare(`SELECT ${columns} FROM ${table} WHERE id > ? ORDER BY id LIMIT ?`).all(after, limit) as R[];
    const changes = rows.map(map);
    return { epoch, changes, lastId: changes.length > 0 ? (changes[changes.length - 1] as { id: number }).id : after };
  } finally {
    db.close();
  }
}

/** Registry changes after `cursor` (at most `limit`, in the order they were applied). */
export function readRegistryChanges(path: string, cursor: ChangeCursor | null, limit = 100_000): ChangeBatch<RegistryChange> {
  return readLog<{ id: number; day: string; corporate_number: number; hihyoji: number; before: string; after: string }, RegistryChange>(
    path,
    'change_log',
    'id, day, corporate_number, hihyoji, before, after',
    cursor,
    (r) => ({
      id: r.id,
      day: r.day,
      before: unpackRow(String(r.corporate_number).padStart(13, '0'), 0, r.before),
      after: unpackRow(String(r.corporate_number).padStart(13, '0'), r.hihyoji, r.after),
    }),
    limit,
  );
}

/** Invoice registration changes after `cursor`. */
export function readInvoiceChanges(path: string, cursor: ChangeCursor | null, limit = 100_000): ChangeBatch<InvoiceChange> {
  return readLog<{ id: number; day: string; corporate_number: number; before: string | null; after: string | null }, InvoiceChange>(
    path,
    'invoice_change',
    'id, day, corporate_number, before, after',
    cursor,
    (r) => ({
      id: r.id,
      day: r.day,
      corporateNumber: String(r.corporate_number).padStart(13, '0'),
      before: r.before === null ? null : (JSON.parse(r.before) as InvoiceChangeState),
      after: r.after === null ? null : (JSON.parse(r.after) as InvoiceChangeState),
    }),
    limit,
  );
}

/**
 * Where a change feed from `since` (YYYY-MM-DD, 更新年月日) starts in each log: the id before the
 * first change of that day or later (the public API's /v1/changes, issue 26). Days only grow with
 * the id: the daily update appends a day's changes after the previous day's.
 */
export function changeFeedStart(
  paths: { registry: string; invoice: string },
  since: string,
): { registry: { epoch: string | null; id: number }; invoice: { epoch: string | null; id: number } } {
  const before = (path: string, table: 'change_log' | 'invoice_change'): { epoch: string | null; id: number } => {
    if (!fs.existsSync(path)) return { epoch: null, id: 0 };
    const db = new Database(path, { readonly: true, fileMustExist: true });
    try {
      const tables = db
        .prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN (?, 'change_log_epoch')")
        .pluck()
        .get(table) as number;
      if (tables !== 2) return { epoch: null, id: 0 };
      const epoch = (db.prepare('SELECT epoch FROM change_log_epoch LIMIT 1').pluck().get() as string | undefined) ?? null;
      const first = db.prepare(`SELECT min(id) FROM ${table} WHERE day >= ?`).pluck().get(since) as number | null;
      const last = (db.prepare(`SELECT max(id) FROM ${table}`).pluck().get() as number | null) ?? 0;
      return { epoch, id: first === null ? last : first - 1 };
    } finally {
      db.close();
    }
  };
  return { registry: before(paths.registry, 'change_log'), invoice: before(paths.invoice, 'invoice_change') };
}
