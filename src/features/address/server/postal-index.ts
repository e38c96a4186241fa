import 'server-only';

import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

import { prefectureByName } from '@/lib/prefectures';

import type { AddressCandidate } from '../schemas';
import { cleanTown, cleanTownKana, joinSplitRows, toFullWidthKana } from './ken-all';

/**
 * Postal-code → address candidates from the Japan Post data bundled in the npm package
 * `jquery-jpostal-ja` (KEN_ALL 住所の郵便番号 and JIGYOSYO 事業所の個別郵便番号, docs/api.md). No
 * network at run time: the package's JSON files are read directly; none of its JavaScript runs.
 *
 * The package splits the data by the first three digits (json/100.json holds 100xxxx, about 150
 * rows, 2–20 ms to read and index). A file is read and indexed on the first lookup of its
 * prefix and kept in an LRU of `maxPrefixes` files: everything indexed would take about 53 MB of
 * heap and about 2 s (bench/address-load.ts), the default 200 of the 1,000 files at most about a fifth
 * of that, and a lookup in an evicted prefix costs one more read.
 *
 * Row format of the files (a JSONP call `jQuery_jpostal_callback([...])`):
 * `["_1000005", 都道府県, 市区町村, 町域, 番地 (事業所), 事業所名, 都道府県カナ, 市区町村カナ, 町域カナ]`
 * in half-width katakana; rows like `_100` (3-digit prefixes) and `_000info` (data version) are
 * not postal codes and are skipped.
 */

export const POSTAL_PACKAGE = 'jquery-jpostal-ja';

type Row = [string, string, string, string, string, string, string, string, string];

interface ParsedRow {
  zipcode: string;
  prefecture: string;
  city: string;
  town: string;
  street: string;
  businessName: string;
  prefectureKana: string;
  cityKana: string;
  townKana: string;
}

/** Finds the package's data folder from the working directory up (the app, tests and scripts run from the repository). */
export function findPostalDataDir(start: string = process.cwd()): string {
  for (let dir = path.resolve(/*turbopackIgnore: true*/ start); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', POSTAL_PACKAGE, 'json');
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) {
      throw new Error(`postal data not found: node_modules/${POSTAL_PACKAGE}/json (run npm ci)`);
    }
  }
}

function parseJsonp(text: string, file: string): unknown[] {
  const start = text.indexOf('(');
  const end = text.lastIndexOf(')');
  if (start < 0 || end < start) throw new Error(`unexpected postal data format in ${file}`);
  const data: unknown = JSON.parse(text.slice(start + 1, end));
  if (!Array.isArray(data)) throw new Error(`unexpected postal data format in ${file}`);
  return data;
}

function isRow(value: unknown): value is Row {
  return Array.isArray(value) && value.length >= 9 && value.every((v) => typeof v === 'string');
}

/** Parsed rows of one data file → cleaned candidates per postal code, in data order, deduplicated. */
export function buildCandidates(rows: readonly ParsedRow[]): Map<string, AddressCandidate[]> {
  const index = new Map<string, AddressCandidate[]>();
  const seen = new Set<string>();
  for (const row of joinSplitRows(rows)) {
    const prefecture = prefectureByName(row.prefecture);
    if (!prefecture) continue; // not one of the 47: never in Japan Post data, skip rather than guess
    const town = cleanTown(row.town, row.city);
    const isBusiness = row.businessName !== '';
    const candidate: AddressCandidate = {
      prefecture: prefecture.name,
      prefectureCode: prefecture.code,
      city: row.city,
      town,
      ...(row.prefectureKana || row.cityKana || row.townKana
        ? {
            kana: {
              prefecture: toFullWidthKana(row.prefectureKana),
              city: toFullWidthKana(row.cityKana),
              town: cleanTownKana(row.townKana, town),
            },
          }
        : {}),
      isBusiness,
      ...(isBusiness ? { businessName: row.businessName, street: row.street } : {}),
    };
    // Notes removed, several KEN_ALL rows can become one address (大通西（１～１９丁目）/（２０丁目）).
    const key = `${row.zipcode}|${candidate.prefecture}|${candidate.city}|${town}|${candidate.businessName ?? ''}|${candidate.street ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const list = index.get(row.zipcode);
    if (list) list.push(candidate);
    else index.set(row.zipcode, [candidate]);
  }
  return index;
}

export const DEFAULT_MAX_PREFIXES = 200;

export interface PostalIndexOptions {
  /** The package's json/ folder; found from the working directory by default. */
  dataDir?: string;
  /** Prefix files kept in memory (LRU); 1000 keeps everything once read. Default 200. */
  maxPrefixes?: number;
}

export class PostalIndex {
  private readonly dataDir: string;
  private readonly maxPrefixes: number;
  private readonly cache = new Map<string, Promise<Map<string, AddressCandidate[]>>>();

  constructor(options: PostalIndexOptions = {}) {
    this.dataDir = options.dataDir ?? findPostalDataDir();
    this.maxPrefixes = options.maxPrefixes ?? DEFAULT_MAX_PREFIXES;
  }

  /** Candidates for a normalised 7-digit postal code; [] when the code is unknown. */
  async lookup(zipcode: string): Promise<AddressCandidate[]> {
    if (!/^\d{7}$/.test(zipcode)) throw new RangeError(`postal code must be 7 digits, got ${zipcode}`);
    const prefixIndex = await this.prefix(zipcode.slice(0, 3));
    return prefixIndex.get(zipcode) ?? [];
  }

  /** Reads every prefix file (bench); returns the number of postal codes. Keeps only `maxPrefixes` of them. */
  async loadAll(): Promise<number> {
    let codes = 0;
    for (let p = 0; p < 1000; p++) codes += (await this.prefix(String(p).padStart(3, '0'))).size;
    return codes;
  }

  /** The data version line of the package (`ver2.13 2025-09-25 2025-09-30`), or null. */
  async dataVersion(): Promise<string | null> {
    const rows = await this.readRows('000');
    const info = rows.find((r) => r[0] === '_000info');
    return info?.[2] || null;
  }

  private prefix(prefix: string): Promise<Map<string, AddressCandidate[]>> {
    const cached = this.cache.get(prefix);
    if (cached) {
      // LRU: move to the most recent end.
      this.cache.delete(prefix);
      this.cache.set(prefix, cached);
      return cached;
    }
    const loading = this.load(prefix);
    this.cache.set(prefix, loading);
    // A failed read is not cached: the next lookup tries again.
    loading.catch(() => this.cache.delete(prefix));
    while (this.cache.size > this.maxPrefixes) {
      const oldest = this.cache.keys().next().value;
      if (oldest === undefined) break;
      this.cache.delete(oldest);
    }
    return loading;
  }

  private async readRows(prefix: string): Promise<Row[]> {
    // `prefix` is three digits (checked by the callers), so the path stays inside dataDir.
    const file = path.join(this.dataDir, `${prefix}.json`);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []; // no codes start with these digits
      throw error;
    }
    return parseJsonp(text, file).filter(isRow);
  }

  private async load(prefix: string): Promise<Map<string, AddressCandidate[]>> {
    const rows = (await this.readRows(prefix))
      .filter((r) => /^_\d{7}$/.test(r[0]))
      .map((r): ParsedRow => ({
        zipcode: r[0].slice(1),
        prefecture: r[1],
        city: r[2],
        town: r[3],
        street: r[4],
        businessName: r[5],
        prefectureKana: r[6],
        cityKana: r[7],
        townKana: r[8],
      }));
    return buildCandidates(rows);
  }
}

let shared: PostalIndex | undefined;

/** Address candidates for a normalised 7-digit postal code, from the process-wide index. */
export function lookupZipcode(zipcode: string): Promise<AddressCandidate[]> {
  shared ??= new PostalIndex();
  return shared.lookup(zipcode);
}
