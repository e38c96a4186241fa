import 'server-only';

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { normalizeJapanese } from '@/lib/normalize-japanese';
import type { NtaFileKind, NtaRow } from '@/features/registry/nta-types';
import { ADDRESS_GRAM, addressHash, addressKey, englishWords } from './index-tokens';
import { addressTextOf, documentTextOf, formerNormsOf, formerOf, TrigramCounter } from './derived-rows';
import { COMPANY_BEFORE_COLUMNS, type CompanyBefore, DOCID_STEP, IndexUpdateUnavailable, updateIndex } from './incremental-index';
import { discardBuildingFile, openBuildingFile, swapIn } from '../sqlite/building-file';
import { packRow, packedDates } from './row-codec';
import {
  CHANGE_LOG_DAYS,
  DERIVED_DROP,
  DERIVED_SCHEMA,
  GRAM_DF_MIN,
  NO_PREFECTURE,
  SCHEMA_VERSION,
  SOURCE_SCHEMA,
} from '../../formats/registry-schema';

/**
 * Builds a registry file. Everything happens in a temporary file next to the target; `finish()`
 * builds the search index, then renames the file over the target in one step, so a running
 * server (RegistryStore) never sees a half-built registry and picks up the new one by itself.
 *
 * How rows apply (the same rules for full and diff files, which is what makes re-applying a file
 * a no-op — every rule is "keep the newest, file the rest as history, never twice"):
 *  - process 99 (削除): the 法人番号 is removed with its history and remembered in `deleted`;
 *    rows for it dated on or before the deletion are ignored from then on.
 *  - latest = 0: a history row (kept once; never a copy of the current row).
 *  - latest = 1: becomes the current row unless the current row is newer (by 更新年月日, then
 *    変更年月日; on a tie the row applied later wins, as within one NTA file). The row it replaces
 *    moves to history — that is how 商号変更 (11), 所在地変更 (12, 13), 閉鎖 (21, 71, with 事由
 *    and 承継先), 復活 (22, 72) and 訂正 keep their old values. An older latest row goes to history.
 *  - hihyoji = 1 rows are stored like any other (a later row may lift the flag) but a company
 *    whose current row has it is never indexed and never returned.
 */

export interface RegistryWriterOptions {
  /** The registry file the server reads (`dataPaths().registry`). */
  targetPath: string;
  /**
   * 'new': start from an empty registry (an import that includes full files).
   * 'update': start from a copy of the current registry at targetPath (diff files only).
   */
  mode: 'new' | 'update';
  /** Marks the registry as generated sample data (the UI says so). Default: false for 'new',
   * unchanged for 'update'. */
  isSample?: boolean;
  /** SQLite page cache during the build, in MiB (default 256). */
  cacheMiB?: number;
}

export interface ApplyStats {
  /** New 法人番号. */
  inserted: number;
  /** Current row replaced by a newer one (the old one went to history). */
  replaced: number;
  /** Rows filed as history (latest = 0, or older than the current row). */
  history: number;
  /** Rows already present (re-applied files). */
  unchanged: number;
  /** Process 99 rows applied. */
  deleted: number;
  /** Rows for a deleted 法人番号, dated on or before the deletion. */
  ignored: number;
}

export interface SourceRecord {
  /** As NtaRow.file. */
  file: string;
  kind: NtaFileKind | null;
  /** Date in the file name, YYYY-MM-DD, when known. */
  date: string | null;
  rows: number;
  errors: number;
}

export interface FinishProgress {
  /** 'update-index': the daily update's in-place index change (incremental-index.ts), instead of the four build phases. */
  phase: 'former-names' | 'order' | 'index' | 'optimize' | 'update-index' | 'analyze' | 'vacuum' | 'swap';
  done: number;
  total: number;
}

export interface FinishResult {
  path: string;
  buildId: string;
  builtAt: string;
  isSample: boolean;
  /** Rows in `company` (current rows, hidden included). */
  companies: number;
  /** Companies in the search index. */
  searchable: number;
  /** Companies whose current row has hihyoji = 1. */
  hidden: number;
  historyRows: number;
  fileBytes: number;
  /** Milliseconds per phase of finish() (the phases that ran). */
  timings: Partial<Record<FinishProgress['phase'], number>>;
  /** How the search index was made: built from all companies, or updated with the touched ones only. */
  index: 'built' | 'updated';
}

/** The registry meta table, as RegistryStore reads it. */
export interface RegistryMeta {
  schemaVersion: number;
  buildId: string;
  builtAt: string;
  isSample: boolean;
  sources: SourceRecord[];
  /**
   * データ更新日: the newest date of the NTA files applied (full or daily diff), YYYY-MM-DD; null
   * when no file name carried a date. The updater resumes from the day after it.
   */
  dataDate: string | null;
  counts: { companies: number; searchable: number; hidden: number; historyRows: number };
  /**
   * Gap between consecutive docids of the last full build (DOCID_STEP), which lets the daily update
   * place a company in the order without renumbering; absent in files built before it (their
   * first update rebuilds the index).
   */
  docidStep?: number;
}

/** The newest file date among the sources (see RegistryMeta.dataDate). */
export function dataDateOf(sources: readonly SourceRecord[]): string | null {
  let newest: string | null = null;
  for (const s of sources) if (s.date !== null && (newest === null || s.date > newest)) newest = s.date;
  return newest;
}

const DERIVED_BATCH = 20_000;

/**
 * Identity of a history row: its content and flag, not where it came from (file, line, 一連番号).
 * cyrb53 (public domain, bryc): a 53-bit hash that fits an SQLite integer, several times cheaper
 * than a SHA-1 digest on the million history rows of a full import.
 */
function rowKey(data: string, hihyoji: number): number {
  let h1 = 0xdeadbeef ^ hihyoji;
  let h2 = 0x41c6ce57 ^ hihyoji;
  for (let i = 0; i < data.length; i++) {
    const ch = data.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** Newer-or-equal by 更新年月日, then 変更年月日 (ISO dates compare as strings). */
function notOlder(row: NtaRow, currentData: string): boolean {
  const current = packedDates(currentData);
  if (row.updateDate !== current.updateDate) return row.updateDate > current.updateDate;
  return row.changeDate >= current.changeDate;
}

export class RegistryWriterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RegistryWriterError';
  }
}

export class RegistryWriter {
  readonly targetPath: string;
  readonly tempPath: string;
  private db: Database.Database | null;
  private readonly isSample: boolean;
  private readonly sources: SourceRecord[];
  private readonly tombstones = new Map<number, string>();
  private readonly stmts: ReturnType<RegistryWriter['prepare']>;
  private readonly logChanges: boolean;
  /** Update mode: each 法人番号 the applied rows named, with its company row before them … */
  private readonly touched: Map<number, CompanyBefore | null> | null;
  /** … and those of them that the rows changed (the index is updated for these). */
  private readonly changed = new Set<number>();
  private readonly previous: RegistryMeta | null;
  private readonly getBefore: Database.Statement | null;

  private constructor(options: RegistryWriterOptions) {
    this.targetPath = path.resolve(options.targetPath);
    let previous: RegistryMeta | null = null;
    const building = openBuildingFile(
      this.targetPath,
      options.mode === 'update',
      () =>
        new RegistryWriterError(
          `差分を適用する登記データベースがありません。先に全件データを取り込んでください (no registry to update at ${this.targetPath}; import a full file first)`,
        ),
    );
    this.tempPath = building.tempPath;
    const db = building.db;
    this.db = db;
    const cacheKiB = (options.cacheMiB ?? 256) * 1024;
    db.pragma('locking_mode = EXCLUSIVE');
    db.pragma(`cache_size = -${cacheKiB}`);
    db.pragma('temp_store = FILE');
    db.pragma('threads = 2');
    if (options.mode === 'update') {
      previous = readMeta(db);
      if (previous === null || previous.schemaVersion !== SCHEMA_VERSION) {
        this.discard();
        throw new RegistryWriterError(
          `登記データベースの形式が古いため差分を適用できません。全件データから作り直してください (registry schema ${previous?.schemaVersion ?? 'unknown'} ≠ ${SCHEMA_VERSION}; rebuild from full files)`,
        );
      }
    }
    this.previous = previous;
    db.exec(SOURCE_SCHEMA);
    if (db.prepare('SELECT count(*) FROM change_log_epoch').pluck().get() === 0) {
      db.prepare('INSERT INTO change_log_epoch (epoch) VALUES (?)').run(randomUUID());
    }
    // Only an update (daily diffs) records changes: a build from full files is no news.
    this.logChanges = options.mode === 'update';
    this.touched = options.mode === 'update' ? new Map() : null;
    this.getBefore =
      options.mode === 'update' ? db.prepare(`SELECT ${COMPANY_BEFORE_COLUMNS} FROM company WHERE corporate_number = ?`) : null;
    this.isSample = options.isSample ?? previous?.isSample ?? false;
    this.sources = previous?.sources ?? [];
    for (const t of db.prepare('SELECT corporate_number, update_date FROM deleted').all() as {
      corporate_number: number;
      update_date: string;
    }[]) {
      this.tombstones.set(t.corporate_number, t.update_date);
    }
    this.stmts = this.prepare(db);
  }

  /** Opens a writer on a new temporary file (see RegistryWriterOptions.mode). */
  static open(options: RegistryWriterOptions): RegistryWriter {
    return new RegistryWriter(options);
  }

  private prepare(db: Database.Database) {
    const companyColumns =
      'corporate_number, hihyoji, closed, prefecture_code, kind, name_norm, reading_norm, en_norm, post_code, address_key, city_code, city_name, data';
    return {
      insertCompany: db.prepare(
        `INSERT INTO company (${companyColumns}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (corporate_number) DO NOTHING`,
      ),
      replaceCompany: db.prepare(
        `UPDATE company SET hihyoji = ?, closed = ?, prefecture_code = ?, kind = ?, name_norm = ?, reading_norm = ?, en_norm = ?, post_code = ?, address_key = ?, city_code = ?, city_name = ?, data = ?
          WHERE corporate_number = ?`,
      ),
      getCompany: db.prepare('SELECT hihyoji, data FROM company WHERE corporate_number = ?'),
      insertHistory: db.prepare(
        `INSERT INTO history (corporate_number, row_key, was_latest, hihyoji, data) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (corporate_number, row_key) DO NOTHING`,
      ),
      deleteHistoryKey: db.prepare('DELETE FROM history WHERE corporate_number = ? AND row_key = ?'),
      deleteCompany: db.prepare('DELETE FROM company WHERE corporate_number = ?'),
      deleteHistory: db.prepare('DELETE FROM history WHERE corporate_number = ?'),
      logChange: db.prepare('INSERT INTO change_log (day, corporate_number, hihyoji, before, after) VALUES (?, ?, ?, ?, ?)'),
      tombstone: db.prepare(
        `INSERT INTO deleted (corporate_number, update_date) VALUES (?, ?)
         ON CONFLICT (corporate_number) DO UPDATE SET update_date = max(update_date, excluded.update_date)`,
      ),
    };
  }

  private get open(): Database.Database {
    if (this.db === null) throw new RegistryWriterError('RegistryWriter is closed');
    return this.db;
  }

  /**
   * Applies rows in order (give it a reader batch, e.g. NtaChunk.rows). All batches of an import
   * share one transaction, committed by finish(): the file is temporary and thrown away on any
   * failure, and per-batch commits rewrote the same B-tree pages thousands of times (measured:
   * 2.5 µs of a 12 µs row).
   */
  applyRows(rows: readonly NtaRow[]): ApplyStats {
    const db = this.open;
    if (!db.inTransaction) db.exec('BEGIN');
    const stats: ApplyStats = { inserted: 0, replaced: 0, history: 0, unchanged: 0, deleted: 0, ignored: 0 };
    for (const row of rows) this.applyOne(row, stats);
    return stats;
  }

  private applyOne(row: NtaRow, stats: ApplyStats): void {
    const s = this.stmts;
    const cn = Number(row.corporateNumber);
    const deletedOn = this.tombstones.get(cn);
    if (deletedOn !== undefined && row.updateDate <= deletedOn) {
      stats.ignored++;
      return;
    }
    if (this.touched !== null && !this.touched.has(cn)) {
      this.touched.set(cn, ((this.getBefore as Database.Statement).get(cn) as CompanyBefore | undefined) ?? null);
    }
    if (row.process === '99') {
      s.deleteCompany.run(cn);
      s.deleteHistory.run(cn);
      s.tombstone.run(cn, row.updateDate);
      this.changed.add(cn);
      this.tombstones.set(cn, deletedOn !== undefined && deletedOn > row.updateDate ? deletedOn : row.updateDate);
      stats.deleted++;
      return;
    }
    const data = packRow(row);
    const hihyoji = row.hihyoji ? 1 : 0;
    if (!row.latest) {
      const current = s.getCompany.get(cn) as { hihyoji: number; data: string } | undefined;
      if (current !== undefined && current.data === data && current.hihyoji === hihyoji) {
        stats.unchanged++;
        return;
      }
      const inserted = s.insertHistory.run(cn, rowKey(data, hihyoji), 0, hihyoji, data).changes > 0;
      if (inserted) {
        stats.history++;
        this.changed.add(cn);
      } else stats.unchanged++;
      return;
    }
    const nameNorm = normalizeJapanese(row.name);
    const readingNorm = row.furigana === null ? '' : normalizeJapanese(row.furigana);
    const enNorm = row.enName === null ? '' : englishWords(row.enName).join(' ');
    const postCode = row.postCode ?? '';
    const address = addressHash(addressKey(row.prefectureName, row.cityName, row.streetNumber));
    const cityCode = row.prefectureCode !== null && row.cityCode !== null ? row.cityCode : '';
    const cityName = cityCode !== '' ? (row.cityName ?? '') : '';
    const closed = row.closeDate === null ? 0 : 1;
    // The company row's columns after 法人番号, in the order insertCompany and replaceCompany bind them.
    const columns = [
      hihyoji,
      closed,
      row.prefectureCode,
      row.kind,
      nameNorm,
      readingNorm,
      enNorm,
      postCode,
      address,
      cityCode,
      cityName,
      data,
    ];
    if (s.insertCompany.run(cn, ...columns).changes > 0) {
      stats.inserted++;
      this.changed.add(cn);
      return;
    }
    const current = s.getCompany.get(cn) as { hihyoji: number; data: string };
    if (current.data === data && current.hihyoji === hihyoji) {
      stats.unchanged++;
      return;
    }
    if (notOlder(row, current.data)) {
      // The replaced row becomes history; the new current row must not also be history.
      s.insertHistory.run(cn, rowKey(current.data, current.hihyoji), 1, current.hihyoji, current.data);
      s.replaceCompany.run(...columns, cn);
      s.deleteHistoryKey.run(cn, rowKey(data, hihyoji));
      if (this.logChanges) s.logChange.run(row.updateDate, cn, hihyoji, current.data, data);
      stats.replaced++;
      this.changed.add(cn);
    } else {
      const inserted = s.insertHistory.run(cn, rowKey(data, hihyoji), 1, hihyoji, data).changes > 0;
      if (inserted) {
        stats.history++;
        this.changed.add(cn);
      } else stats.unchanged++;
    }
  }

  /** Records a source file in the registry's meta (shown by the admin/status tooling). */
  addSource(source: SourceRecord): void {
    const i = this.sources.findIndex((s) => s.file === source.file);
    if (i >= 0) this.sources.splice(i, 1);
    this.sources.push(source);
  }

  /**
   * Builds the search index, writes meta, and atomically replaces the target file. The writer is
   * closed afterwards. Throws (and removes the temporary file) on failure; the target is then
   * untouched.
   */
  finish(onProgress?: (p: FinishProgress) => void): FinishResult {
    const db = this.open;
    const timings = {} as FinishResult['timings'];
    let phaseStart = performance.now();
    const phase = (name: FinishProgress['phase']) => {
      const now = performance.now();
      timings[name] = Math.round(now - phaseStart);
      phaseStart = now;
    };
    try {
      db.prepare(`DELETE FROM change_log WHERE day < date((SELECT max(day) FROM change_log), ?)`).run(`-${CHANGE_LOG_DAYS} days`);
      if (db.inTransaction) db.exec('COMMIT');
      let index: FinishResult['index'] = 'updated';
      let counts = this.updateDerived(db, onProgress, phase);
      if (counts === null) {
        index = 'built';
        counts = this.buildDerived(db, onProgress, phase);
      }
      const buildId = randomUUID();
      const builtAt = new Date().toISOString();
      const meta: RegistryMeta = {
        schemaVersion: SCHEMA_VERSION,
        buildId,
        builtAt,
        isSample: this.isSample,
        sources: this.sources,
        dataDate: dataDateOf(this.sources),
        counts,
        docidStep: DOCID_STEP,
      };
      const put = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
      db.transaction(() => {
        for (const [key, value] of Object.entries(meta)) put.run(key, JSON.stringify(value));
      })();
      onProgress?.({ phase: 'analyze', done: 0, total: 1 });
      // Hand-written queries do not need full statistics; a bounded ANALYZE keeps this quick.
      db.pragma('analysis_limit = 1000');
      db.exec('ANALYZE');
      db.pragma('optimize');
      phase('analyze');
      const pageCount = db.pragma('page_count', { simple: true }) as number;
      const freePages = db.pragma('freelist_count', { simple: true }) as number;
      if (freePages > pageCount * 0.2) {
        // An update that replaced a large index leaves free pages; readers would skip over them.
        onProgress?.({ phase: 'vacuum', done: 0, total: 1 });
        db.exec('VACUUM');
      }
      phase('vacuum');
      onProgress?.({ phase: 'swap', done: 0, total: 1 });
      swapIn(db, this.tempPath, this.targetPath);
      this.db = null;
      phase('swap');
      return {
        path: this.targetPath,
        buildId,
        builtAt,
        isSample: this.isSample,
        ...counts,
        fileBytes: fs.statSync(this.targetPath).size,
        timings,
        index,
      };
    } catch (err) {
      this.discard();
      throw err;
    }
  }

  /**
   * The daily update's index: only the touched companies out and back in (incremental-index.ts),
   * when the file was built with docid gaps; null when the index must be built whole instead
   * (a full import, an older file, a gap used up).
   */
  private updateDerived(
    db: Database.Database,
    onProgress: ((p: FinishProgress) => void) | undefined,
    phase: (name: FinishProgress['phase']) => void,
  ): RegistryMeta['counts'] | null {
    const previous = this.previous;
    if (this.touched === null || previous === null || previous.docidStep !== DOCID_STEP) return null;
    const touched = new Map<number, CompanyBefore | null>();
    for (const cn of this.changed) touched.set(cn, this.touched.get(cn) ?? null);
    onProgress?.({ phase: 'update-index', done: 0, total: touched.size });
    try {
      const r = db.transaction(() => {
        // Each day's documents make a small segment; FTS5 merges those of one size four at a time.
        db.exec(`INSERT INTO doc_fts (doc_fts, rank) VALUES ('automerge', 4)`);
        return updateIndex(db, touched);
      })();
      phase('update-index');
      const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
      return {
        companies: count('SELECT count(*) AS n FROM company'),
        searchable: previous.counts.searchable - r.removed + r.added,
        hidden: previous.counts.hidden + r.hiddenDelta,
        historyRows: count('SELECT count(*) AS n FROM history'),
      };
    } catch (err) {
      if (!(err instanceof IndexUpdateUnavailable)) throw err;
      return null;
    }
  }

  private buildDerived(
    db: Database.Database,
    onProgress: ((p: FinishProgress) => void) | undefined,
    phase: (name: FinishProgress['phase']) => void,
  ): RegistryMeta['counts'] {
    db.exec(DERIVED_DROP);
    db.exec(DERIVED_SCHEMA);

    // 1. Former names: distinct names from history, newest first, into a small table joined at
    // step 2. (Writing them onto the company rows instead meant random updates in a 1.3 GB
    // table, 24 s for 440,000 companies; joining company here to drop the current name, 16 s.)
    onProgress?.({ phase: 'former-names', done: 0, total: 1 });
    // Keyed by 法人番号 and read from history alone (no company lookups): the current name is
    // left out where the names are used (documentText's caller and the search results).
    db.exec('CREATE TABLE former (corporate_number INTEGER PRIMARY KEY, former_norm TEXT NOT NULL, former_names TEXT NOT NULL)');
    const historyNames = db.prepare(
      // Hidden (hihyoji) history rows never surface, not even as a 旧商号.
      `SELECT corporate_number AS cn, data FROM history WHERE corporate_number > ? AND hihyoji = 0
        ORDER BY corporate_number, row_key LIMIT ${DERIVED_BATCH}`,
    );
    const putFormer = db.prepare('INSERT INTO former (corporate_number, former_norm, former_names) VALUES (@cn, @norm, @names)');
    type HistoryName = { cn: number; data: string };
    const writeFormer = (group: HistoryName[]) => {
      const former = formerOf(group);
      if (former !== null) putFormer.run({ cn: (group[0] as HistoryName).cn, ...former });
    };
    db.transaction(() => {
      let after = 0;
      for (;;) {
        const rows = historyNames.all(after) as HistoryName[];
        if (rows.length === 0) break;
        const full = rows.length === DERIVED_BATCH;
        // A full batch may stop in the middle of one company's rows: leave that company for the
        // next batch so that each company is seen whole (unless it alone fills the batch).
        const lastCn = (rows[rows.length - 1] as HistoryName).cn;
        const complete = full && (rows[0] as HistoryName).cn !== lastCn ? rows.filter((r) => r.cn !== lastCn) : rows;
        let group: HistoryName[] = [];
        for (const r of complete) {
          if (group.length > 0 && (group[0] as HistoryName).cn !== r.cn) {
            writeFormer(group);
            group = [];
          }
          group.push(r);
        }
        if (group.length > 0) writeFormer(group);
        if (!full) break;
        after = (complete[complete.length - 1] as HistoryName).cn;
      }
    })();
    phase('former-names');

    // 2. Search order (see schema.ts): INSERT … ORDER BY numbers the rows in that order.
    onProgress?.({ phase: 'order', done: 0, total: 1 });
    // The address text is derived from the packed NTA fields here (10–12: 都道府県, 市区町村, 丁目番地)
    // rather than kept in `company` too: one copy of ~45 bytes per company instead of two.
    db.function('registry_address_text', { deterministic: true }, (data: unknown) => addressTextOf(String(data)));
    // Numbered with gaps (DOCID_STEP) so that the daily update can put a company between two others.
    db.exec(`
      INSERT INTO doc (docid, company_id, closed, prefecture_code, kind, name_norm, reading_norm, en_norm, post_code, address_key, city_code, address_norm, former_norm, former_names)
      SELECT ${DOCID_STEP} * row_number() OVER (
               ORDER BY c.closed, coalesce(c.prefecture_code, '${NO_PREFECTURE}'),
                        CASE WHEN c.reading_norm <> '' THEN c.reading_norm ELSE c.name_norm END, c.corporate_number),
             c.id, c.closed, coalesce(c.prefecture_code, '${NO_PREFECTURE}'), c.kind,
             c.name_norm, c.reading_norm, c.en_norm, c.post_code, c.address_key, c.city_code, registry_address_text(c.data),
             f.former_norm, f.former_names
        FROM company c LEFT JOIN former f ON f.corporate_number = c.corporate_number
       WHERE c.hihyoji = 0`);
    db.exec('DROP TABLE former');
    // 市区町村 list: a code whose name changed (a merger renames, the code stays) gets the name
    // most of its companies carry.
    db.exec(`
      INSERT INTO city (prefecture_code, city_code, name, companies)
      SELECT prefecture_code, city_code, name, total FROM (
        SELECT prefecture_code, city_code, city_name AS name, sum(n) OVER w AS total,
               row_number() OVER (PARTITION BY prefecture_code, city_code ORDER BY n DESC, city_name) AS pick
          FROM (SELECT prefecture_code, city_code, city_name, count(*) AS n FROM company
                 WHERE hihyoji = 0 AND city_code <> '' AND prefecture_code IS NOT NULL
                 GROUP BY prefecture_code, city_code, city_name)
        WINDOW w AS (PARTITION BY prefecture_code, city_code))
       WHERE pick = 1`);
    db.exec(`
      INSERT INTO doc_segment (closed, prefecture_code, first_docid, last_docid)
      SELECT closed, prefecture_code, min(docid), max(docid) FROM doc GROUP BY closed, prefecture_code`);
    phase('order');

    // 3. Full-text index, written in docid order in one transaction with a large in-memory
    // buffer, so FTS5 writes few segments (5.5M generated rows: one, and no merge at all; a
    // 128 MB buffer meant two segments and a 4.5 s merge). The buffer bounds the memory used.
    const total = (db.prepare('SELECT count(*) AS n FROM doc').get() as { n: number }).n;
    onProgress?.({ phase: 'index', done: 0, total });
    db.exec(`INSERT INTO doc_fts (doc_fts, rank) VALUES ('hashsize', ${256 * 1024 * 1024})`);
    db.exec(`INSERT INTO doc_fts (doc_fts, rank) VALUES ('automerge', 0)`);
    const docs = db.prepare(
      `SELECT docid, kind, prefecture_code, name_norm, reading_norm, en_norm, post_code, address_key, city_code, address_norm, former_norm FROM doc WHERE docid > ? ORDER BY docid LIMIT ${DERIVED_BATCH}`,
    );
    const putFts = db.prepare('INSERT INTO doc_fts (rowid, t) VALUES (?, ?)');
    const trigramCounts = new TrigramCounter();
    let done = 0;
    db.transaction(() => {
      let last = 0;
      for (;;) {
        const rows = docs.all(last) as {
          docid: number;
          kind: string;
          name_norm: string;
          reading_norm: string;
          en_norm: string;
          post_code: string;
          address_key: string;
          prefecture_code: string;
          city_code: string;
          address_norm: string;
          former_norm: string | null;
        }[];
        if (rows.length === 0) break;
        for (const r of rows) {
          const formerNorms = formerNormsOf(r);
          trigramCounts.addDocument(r.name_norm, formerNorms);
          putFts.run(r.docid, documentTextOf(r, formerNorms));
        }
        last = (rows[rows.length - 1] as { docid: number }).docid;
        done += rows.length;
        onProgress?.({ phase: 'index', done, total });
      }
    })();
    const putDf = db.prepare('INSERT INTO gram_df (gram, df) VALUES (?, ?)');
    db.transaction(() => {
      for (const [gram, df] of trigramCounts.atLeast(GRAM_DF_MIN)) putDf.run(gram, df);
    })();
    phase('index');
    onProgress?.({ phase: 'optimize', done: 0, total: 1 });
    db.exec(`INSERT INTO doc_fts (doc_fts) VALUES ('optimize')`);
    // The common address grams, counted by FTS5 itself (a vocabulary read of the ADDRESS_GRAM
    // range of the index): the 3- to 8-grams are too many distinct strings to count in a Map
    // (millions at 5.5M rows), and the index already holds each one's document list.
    db.exec('CREATE VIRTUAL TABLE temp.doc_fts_vocab USING fts5vocab(main, doc_fts, row)');
    db.transaction(() => {
      db.prepare(
        `INSERT INTO gram_df (gram, df) SELECT term, doc FROM temp.doc_fts_vocab WHERE term >= ? AND term < ? AND doc >= ${GRAM_DF_MIN}`,
      ).run(ADDRESS_GRAM, String.fromCharCode(ADDRESS_GRAM.charCodeAt(0) + 1));
    })();
    db.exec('DROP TABLE temp.doc_fts_vocab');
    phase('optimize');

    const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    return {
      companies: count('SELECT count(*) AS n FROM company'),
      searchable: total,
      hidden: count('SELECT count(*) AS n FROM company WHERE hihyoji = 1'),
      historyRows: count('SELECT count(*) AS n FROM history'),
    };
  }

  /** Closes the writer and removes the temporary file; the target is untouched. */
  abort(): void {
    this.discard();
  }

  private discard(): void {
    discardBuildingFile(this.db, this.tempPath);
    this.db = null;
  }
}

/** Reads the meta table of an open registry; null when it has none (not a registry). */
export function readMeta(db: Database.Database): RegistryMeta | null {
  const hasMeta = db.prepare(`SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'meta'`).get();
  if (hasMeta === undefined) return null;
  const rows = db.prepare('SELECT key, value FROM meta').all() as { key: string; value: string }[];
  const m = new Map(rows.map((r) => [r.key, JSON.parse(r.value) as unknown]));
  if (typeof m.get('schemaVersion') !== 'number') return null;
  const sources = (m.get('sources') as SourceRecord[] | undefined) ?? [];
  return {
    schemaVersion: m.get('schemaVersion') as number,
    buildId: String(m.get('buildId') ?? ''),
    builtAt: String(m.get('builtAt') ?? ''),
    isSample: m.get('isSample') === true,
    sources,
    dataDate: typeof m.get('dataDate') === 'string' ? (m.get('dataDate') as string) : dataDateOf(sources),
    counts: (m.get('counts') as RegistryMeta['counts'] | undefined) ?? { companies: 0, searchable: 0, hidden: 0, historyRows: 0 },
    ...(typeof m.get('docidStep') === 'number' ? { docidStep: m.get('docidStep') as number } : {}),
  };
}
