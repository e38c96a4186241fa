import 'server-only';

import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { CHANGE_LOG_DAYS } from '../../formats/registry-schema';
import { discardBuildingFile, openBuildingFile, swapIn } from '../sqlite/building-file';
import type { InvoiceRow } from '../../formats/invoice-row';

/**
 * Builds the invoice registration file: a small read-only SQLite database beside the registry,
 * one row per corporation keyed by 法人番号. Like the registry (RegistryWriter) it is written to a
 * temporary file in the target's directory and renamed over the target at the end, so the
 * running server reads either the old file or the new one, never a half-written one.
 *
 * `mode: 'update'` starts from a copy of the current file (daily diffs); `'new'` from nothing.
 * Applying a row replaces the stored one unless the stored one is newer (更新年月日), so applying
 * the same files again changes nothing; process 99 (削除) removes the registration.
 */

export const INVOICE_SCHEMA_VERSION = 1;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
-- Looked up by 法人番号 (the record page): the integer primary key is the lookup index.
CREATE TABLE IF NOT EXISTS invoice (
  corporate_number INTEGER PRIMARY KEY,
  process TEXT NOT NULL,
  registration_date TEXT NOT NULL,
  update_date TEXT NOT NULL,
  disposal_date TEXT,
  expire_date TEXT,
  name TEXT NOT NULL
);
-- What each daily diff changed (issue 15, docs/decisions/0028): the stored registration before
-- (NULL: none) and after (NULL: deleted), as JSON of InvoiceChangeState; read by the watch
-- feature by id within the epoch (drawn when the table is created; a rebuild starts a new one).
CREATE TABLE IF NOT EXISTS invoice_change (
  id INTEGER PRIMARY KEY,
  -- 更新年月日 of the row applied
  day TEXT NOT NULL,
  corporate_number INTEGER NOT NULL,
  before TEXT,
  after TEXT
);
-- Serves: the retention DELETE (by day).
CREATE INDEX IF NOT EXISTS invoice_change_by_day ON invoice_change (day);
CREATE TABLE IF NOT EXISTS change_log_epoch (epoch TEXT NOT NULL);
`;

/** A registration as the change log records it. */
export interface InvoiceChangeState {
  process: string;
  registrationDate: string;
  disposalDate: string | null;
  expireDate: string | null;
  name: string;
}

export interface InvoiceMeta {
  schemaVersion: number;
  builtAt: string;
  isSample: boolean;
  /** Newest 更新年月日 among the stored rows (how current the data is). */
  dataDate: string | null;
  /** The last day of daily diffs applied by the updater (a day without rows still counts). */
  diffThrough: string | null;
}

export function readInvoiceMeta(db: Database.Database): InvoiceMeta | null {
  try {
    const rows = db.prepare('SELECT key, value FROM meta').all() as { key: string; value: string }[];
    const m = new Map(rows.map((r) => [r.key, r.value]));
    const version = Number(m.get('schema_version'));
    const builtAt = m.get('built_at');
    if (!Number.isInteger(version) || builtAt === undefined) return null;
    return {
      schemaVersion: version,
      builtAt,
      isSample: m.get('is_sample') === '1',
      dataDate: m.get('data_date') ?? null,
      diffThrough: m.get('diff_through') ?? null,
    };
  } catch {
    return null;
  }
}

export interface InvoiceApplyStats {
  inserted: number;
  replaced: number;
  unchanged: number;
  deleted: number;
  /** Older than what is stored: ignored. */
  stale: number;
}

export class InvoiceWriterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvoiceWriterError';
  }
}

export class InvoiceWriter {
  readonly tempPath: string;
  private db: Database.Database | null;
  private readonly stmts;

  private diffThrough: string | null = null;
  private readonly logChanges: boolean;

  private constructor(
    readonly targetPath: string,
    mode: 'new' | 'update',
    private readonly isSample: boolean,
  ) {
    const building = openBuildingFile(
      targetPath,
      mode === 'update',
      () =>
        new InvoiceWriterError(
          `更新するインボイス登録データがありません。先に全件データを取り込んでください (no invoice file to update at ${targetPath})`,
        ),
    );
    this.tempPath = building.tempPath;
    const db = building.db;
    this.db = db;
    db.exec(SCHEMA);
    if (db.prepare('SELECT count(*) FROM change_log_epoch').pluck().get() === 0) {
      db.prepare('INSERT INTO change_log_epoch (epoch) VALUES (?)').run(randomUUID());
    }
    this.logChanges = mode === 'update';
    if (mode === 'update') {
      const meta = readInvoiceMeta(db);
      if (meta === null || meta.schemaVersion !== INVOICE_SCHEMA_VERSION) {
        discardBuildingFile(db, this.tempPath);
        throw new InvoiceWriterError(
          '既存のインボイス登録データの形式が古いため更新できません。全件データから作り直してください (schema version mismatch)',
        );
      }
      this.diffThrough = meta.diffThrough;
    }
    this.stmts = {
      get: db.prepare(
        'SELECT update_date, process, registration_date, disposal_date, expire_date, name FROM invoice WHERE corporate_number = ?',
      ),
      put: db.prepare(
        `INSERT OR REPLACE INTO invoice (corporate_number, process, registration_date, update_date, disposal_date, expire_date, name)
         VALUES (@corporateNumber, @process, @registrationDate, @updateDate, @disposalDate, @expireDate, @name)`,
      ),
      del: db.prepare('DELETE FROM invoice WHERE corporate_number = ?'),
      logChange: db.prepare('INSERT INTO invoice_change (day, corporate_number, before, after) VALUES (?, ?, ?, ?)'),
    };
    db.exec('BEGIN');
  }

  static open(options: { targetPath: string; mode: 'new' | 'update'; isSample?: boolean }): InvoiceWriter {
    return new InvoiceWriter(path.resolve(options.targetPath), options.mode, options.isSample ?? false);
  }

  applyRows(rows: readonly InvoiceRow[], stats: InvoiceApplyStats): void {
    for (const r of rows) {
      const key = Number(r.corporateNumber);
      const stored = this.stmts.get.get(key) as
        | {
            update_date: string;
            process: string;
            registration_date: string;
            disposal_date: string | null;
            expire_date: string | null;
            name: string;
          }
        | undefined;
      if (stored !== undefined && stored.update_date > r.updateDate) {
        stats.stale++;
        continue;
      }
      const before: InvoiceChangeState | null =
        stored === undefined
          ? null
          : {
              process: stored.process,
              registrationDate: stored.registration_date,
              disposalDate: stored.disposal_date,
              expireDate: stored.expire_date,
              name: stored.name,
            };
      if (r.process === '99') {
        if (stored !== undefined) {
          this.stmts.del.run(key);
          if (this.logChanges) this.stmts.logChange.run(r.updateDate, key, JSON.stringify(before), null);
          stats.deleted++;
        } else stats.unchanged++;
        continue;
      }
      if (
        stored !== undefined &&
        stored.update_date === r.updateDate &&
        stored.process === r.process &&
        stored.registration_date === r.registrationDate &&
        stored.disposal_date === r.disposalDate &&
        stored.expire_date === r.expireDate &&
        stored.name === r.name
      ) {
        stats.unchanged++;
        continue;
      }
      this.stmts.put.run({
        corporateNumber: key,
        process: r.process,
        registrationDate: r.registrationDate,
        updateDate: r.updateDate,
        disposalDate: r.disposalDate,
        expireDate: r.expireDate,
        name: r.name,
      });
      if (this.logChanges) {
        const after: InvoiceChangeState = {
          process: r.process,
          registrationDate: r.registrationDate,
          disposalDate: r.disposalDate,
          expireDate: r.expireDate,
          name: r.name,
        };
        this.stmts.logChange.run(r.updateDate, key, before === null ? null : JSON.stringify(before), JSON.stringify(after));
      }
      if (stored === undefined) stats.inserted++;
      else stats.replaced++;
    }
  }

  /** Records the last day of daily diffs applied (never moves backwards). */
  markDiffThrough(day: string): void {
    if (this.diffThrough === null || day > this.diffThrough) this.diffThrough = day;
  }

  /** Writes the metadata, closes the file and renames it over the target. Returns the row count. */
  finish(): { rows: number; meta: InvoiceMeta } {
    const db = this.db;
    if (db === null) throw new InvoiceWriterError('already finished');
    const rows = db.prepare('SELECT count(*) FROM invoice').pluck().get() as number;
    const dataDate = (db.prepare('SELECT max(update_date) FROM invoice').pluck().get() as string | null) ?? null;
    const meta: InvoiceMeta = {
      schemaVersion: INVOICE_SCHEMA_VERSION,
      builtAt: new Date().toISOString(),
      isSample: this.isSample,
      dataDate,
      diffThrough: this.diffThrough,
    };
    db.prepare(`DELETE FROM invoice_change WHERE day < date((SELECT max(day) FROM invoice_change), ?)`).run(`-${CHANGE_LOG_DAYS} days`);
    const put = db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');
    put.run('schema_version', String(meta.schemaVersion));
    put.run('built_at', meta.builtAt);
    put.run('is_sample', meta.isSample ? '1' : '0');
    if (dataDate !== null) put.run('data_date', dataDate);
    if (this.diffThrough !== null) put.run('diff_through', this.diffThrough);
    db.exec('COMMIT');
    db.exec('VACUUM');
    swapIn(db, this.tempPath, this.targetPath);
    this.db = null;
    return { rows, meta };
  }

  /** Throws the temporary file away; the target is untouched. */
  abort(): void {
    discardBuildingFile(this.db, this.tempPath);
    this.db = null;
  }
}
