import 'server-only';

import type Database from 'better-sqlite3';
import { ReloadingSqliteFile } from '../sqlite/reloading-file';
import { SCHEMA_VERSION } from '../../formats/registry-schema';
import { type RegistryMeta, readMeta } from './writer';
import { dataPaths } from '@/config/server';

/**
 * Read-only access to the registry file for the running server: the file is replaced by a rename
 * (RegistryWriter.finish) and picked up without a restart (ReloadingSqliteFile).
 */

export interface DocSegment {
  closed: 0 | 1;
  prefectureCode: string;
  first: number;
  last: number;
}

/** A 市区町村 of the registry (JIS X 0402 code within its prefecture). */
export interface RegistryCity {
  code: string;
  name: string;
  /** Searchable companies registered there (active and closed). */
  companies: number;
}

/** One open registry file. Statements are prepared once per file and cached. */
export class OpenRegistry {
  readonly meta: RegistryMeta;
  readonly segments: readonly DocSegment[];
  /** gram_df: names holding each common 3-gram (≥ GRAM_DF_MIN); a 3-gram not here is rarer. */
  private readonly gramDf: ReadonlyMap<string, number>;
  private readonly statements = new Map<string, Database.Statement>();

  constructor(
    readonly db: Database.Database,
    meta: RegistryMeta,
  ) {
    this.meta = meta;
    this.segments = (
      db.prepare('SELECT closed, prefecture_code, first_docid, last_docid FROM doc_segment ORDER BY closed, prefecture_code').all() as {
        closed: 0 | 1;
        prefecture_code: string;
        first_docid: number;
        last_docid: number;
      }[]
    ).map((s) => ({ closed: s.closed, prefectureCode: s.prefecture_code, first: s.first_docid, last: s.last_docid }));
    this.gramDf = new Map((db.prepare('SELECT gram, df FROM gram_df').raw(true).all() as [string, number][]).map(([g, n]) => [g, n]));
  }

  /** Names holding a 3-gram when it is common (≥ GRAM_DF_MIN), else undefined. */
  commonGramDf(gram: string): number | undefined {
    return this.gramDf.get(gram);
  }

  private readonly termSizes = new Map<string, number>();

  /**
   * Documents whose index holds `token`, counted up to `cap` (a cheap, bounded read of the
   * token's list). Cached: the file never changes while it is open. The cache is bounded by
   * dropping it whole when full (queries are short-lived, the hot ones come back quickly).
   */
  termSize(token: string, cap: number): number {
    const key = `${cap}\u0000${token}`;
    let n = this.termSizes.get(key);
    if (n === undefined) {
      n = this.statement('SELECT count(*) FROM (SELECT 1 FROM doc_fts WHERE doc_fts MATCH ? LIMIT ?)')
        .pluck(true)
        .get(`"${token}"`, cap) as number;
      if (this.termSizes.size >= 50_000) this.termSizes.clear();
      this.termSizes.set(key, n);
    }
    return n;
  }

  private readonly citiesByPrefecture = new Map<string, readonly RegistryCity[]>();

  /** The 市区町村 of a prefecture that searchable companies are registered in, by JIS X 0402 code (cached: the file never changes). */
  cities(prefectureCode: string): readonly RegistryCity[] {
    let list = this.citiesByPrefecture.get(prefectureCode);
    if (list === undefined) {
      list = (
        this.statement('SELECT city_code, name, companies FROM city WHERE prefecture_code = ? ORDER BY city_code').all(prefectureCode) as {
          city_code: string;
          name: string;
          companies: number;
        }[]
      ).map((r) => ({ code: r.city_code, name: r.name, companies: r.companies }));
      this.citiesByPrefecture.set(prefectureCode, list);
    }
    return list;
  }

  /** A cached prepared statement (the SQL text is the key). */
  statement(sql: string): Database.Statement {
    let s = this.statements.get(sql);
    if (s === undefined) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  /** Docid range of the active (closed = 0) or closed documents, optionally of one prefecture. */
  range(closed: 0 | 1, prefectureCode?: string): { first: number; last: number } | null {
    let first = Infinity;
    let last = -Infinity;
    for (const s of this.segments) {
      if (s.closed !== closed || (prefectureCode !== undefined && s.prefectureCode !== prefectureCode)) continue;
      first = Math.min(first, s.first);
      last = Math.max(last, s.last);
    }
    return first <= last ? { first, last } : null;
  }
}

export interface RegistryStoreOptions {
  /** Minimum time between two checks of the file for a swap (default 1000; 0 checks on every call). */
  checkIntervalMs?: number;
  /** Memory-mapped bytes of the file (default 2 GiB, the most this SQLite build allows). */
  mmapBytes?: number;
}

export type RegistryState =
  { ok: true; registry: OpenRegistry } | { ok: false; code: 'registry_unavailable'; reason: 'missing' | 'unreadable' };

function openRegistry(db: Database.Database): OpenRegistry {
  const meta = readMeta(db);
  if (meta === null || meta.schemaVersion !== SCHEMA_VERSION) throw new Error('not a registry of this version');
  return new OpenRegistry(db, meta);
}

/** The served registry file (swap detection: ReloadingSqliteFile). */
export class RegistryStore {
  private readonly file: ReloadingSqliteFile<OpenRegistry>;

  constructor(
    readonly path: string,
    options: RegistryStoreOptions = {},
  ) {
    this.file = new ReloadingSqliteFile(path, openRegistry, {
      checkIntervalMs: options.checkIntervalMs,
      mmapBytes: options.mmapBytes ?? 0x7fff0000,
      cacheKiB: 65536,
    });
  }

  /** The current registry, reopened if the file was swapped since the last check. */
  acquire(): RegistryState {
    const state = this.file.acquire();
    return state.ok ? { ok: true, registry: state.value } : { ok: false, code: 'registry_unavailable', reason: state.reason };
  }

  close(): void {
    this.file.close();
  }
}

let shared: RegistryStore | null = null;

/** The process-wide store on `dataPaths().registry`. */
export function getRegistryStore(): RegistryStore {
  shared ??= new RegistryStore(dataPaths().registry);
  return shared;
}
