import 'server-only';

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

import iconv from 'iconv-lite';

import { csvRecords } from '@/lib/csv-records';
import { prefectureByName } from '@/lib/prefectures';

import type { AddressCandidate } from '../schemas';
import { cleanTown, cleanTownKana, joinSplitRows, toFullWidthKana } from './ken-all';

/**
 * Readers of the postal-code sources the importer (scripts/postcode-import.ts) accepts, and the
 * one step that turns their rows into API candidates. Import time only: the app reads the file
 * they produce (postal-file.ts).
 *
 * - KEN_ALL.CSV (住所の郵便番号, Japan Post; Shift_JIS, or UTF-8 as in utf_ken_all.csv), 15 columns:
 *   JIS code, old code, 郵便番号, 都道府県カナ, 市区町村カナ, 町域カナ, 都道府県, 市区町村, 町域, 6 flags.
 * - JIGYOSYO.CSV (事業所の個別郵便番号; Shift_JIS), 13 columns: JIS code, 事業所名カナ, 事業所名,
 *   都道府県, 市区町村, 町域, 番地, 郵便番号, old code, 取扱局, kind, 複数番号, 修正コード.
 * - The JSON files of the npm package jquery-jpostal-ja (json/NNN.json, a JSONP call of 9-field
 *   rows `["_1000005", 都道府県, 市区町村, 町域, 番地, 事業所名, 都道府県カナ, 市区町村カナ, 町域カナ]`),
 *   which bundles both lists: the source of the committed file, since Japan Post's site cannot be
 *   reached from where the app is built.
 */

export interface ParsedRow {
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

/** Rows of the sources → cleaned candidates per postal code, in data order, deduplicated. */
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

/** Japan Post's CSVs are Shift_JIS (CP932); the newer utf_ken_all.csv is UTF-8. */
export function decodeJapanPostCsv(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return iconv.decode(bytes, 'cp932');
  }
}

/** The records of a Japan Post CSV text, each with exactly `columns` fields. */
function records(text: string, columns: number, what: string): string[][] {
  return csvRecords(text).map(({ fields, line, problem }) => {
    if (problem !== null) throw new Error(`${what} line ${line}: ${problem}`);
    if (fields.length !== columns) throw new Error(`${what} line ${line}: ${fields.length} columns, expected ${columns}`);
    return fields;
  });
}

function zipcodeOf(value: string, what: string): string {
  if (!/^\d{7}$/.test(value)) throw new Error(`${what}: not a 7-digit postal code: ${value}`);
  return value;
}

/** KEN_ALL.CSV (or utf_ken_all.csv) → rows, in file order (split rows are joined later). */
export function kenAllRows(text: string): ParsedRow[] {
  return records(text, 15, 'KEN_ALL').map((f) => ({
    zipcode: zipcodeOf(f[2] as string, 'KEN_ALL'),
    prefectureKana: f[3] as string,
    cityKana: f[4] as string,
    townKana: f[5] as string,
    prefecture: f[6] as string,
    city: f[7] as string,
    town: f[8] as string,
    street: '',
    businessName: '',
  }));
}

/**
 * JIGYOSYO.CSV → rows. Its reading is the business's, not the address's: the readings of the
 * prefecture, municipality and town are taken from KEN_ALL's rows of the same place (`kenAll`),
 * as jquery-jpostal-ja does; a town KEN_ALL does not list gets no town reading.
 */
export function jigyosyoRows(text: string, kenAll: readonly ParsedRow[] = []): ParsedRow[] {
  const cities = new Map<string, ParsedRow>();
  const towns = new Map<string, string>();
  for (const r of joinSplitRows(kenAll)) {
    const city = `${r.prefecture}|${r.city}`;
    if (!cities.has(city)) cities.set(city, r);
    const town = cleanTown(r.town, r.city);
    const key = `${city}|${town}`;
    if (town !== '' && !towns.has(key)) towns.set(key, cleanTownKana(r.townKana, town));
  }
  return records(text, 13, 'JIGYOSYO').map((f) => {
    const [prefecture, city, town] = [f[3] as string, f[4] as string, f[5] as string];
    const place = cities.get(`${prefecture}|${city}`);
    return {
      zipcode: zipcodeOf(f[7] as string, 'JIGYOSYO'),
      businessName: (f[2] as string).trim(),
      prefecture,
      city,
      town,
      street: (f[6] as string).trim(),
      prefectureKana: place?.prefectureKana ?? '',
      cityKana: place?.cityKana ?? '',
      townKana: towns.get(`${prefecture}|${city}|${cleanTown(town, city)}`) ?? '',
    };
  });
}

/** The data version jquery-jpostal-ja records in its `_000info` row, e.g. `ver2.13 2025-09-25 2025-09-30`. */
export interface JpostalData {
  version: string | null;
  rows: ParsedRow[];
}

function parseJsonp(text: string, file: string): unknown[] {
  const start = text.indexOf('(');
  const end = text.lastIndexOf(')');
  if (start < 0 || end < start) throw new Error(`unexpected postal data format in ${file}`);
  const data: unknown = JSON.parse(text.slice(start + 1, end));
  if (!Array.isArray(data)) throw new Error(`unexpected postal data format in ${file}`);
  return data;
}

const isRow = (value: unknown): value is string[] => Array.isArray(value) && value.length >= 9 && value.every((v) => typeof v === 'string');

/** Every NNN.json of jquery-jpostal-ja's json/ folder → rows, in file order. */
export async function jpostalRows(dir: string): Promise<JpostalData> {
  const files = (await readdir(dir)).filter((f) => /^\d{3}\.json$/.test(f)).sort();
  if (files.length === 0) throw new Error(`no NNN.json files in ${dir}`);
  let version: string | null = null;
  const rows: ParsedRow[] = [];
  for (const name of files) {
    const file = path.join(dir, name);
    for (const r of parseJsonp(await readFile(file, 'utf8'), file)) {
      if (!isRow(r)) continue;
      if (r[0] === '_000info') version = r[2] || null;
      // `_100` rows are 3-digit prefixes, `_000info` the version: not postal codes.
      if (!/^_\d{7}$/.test(r[0] as string)) continue;
      rows.push({
        zipcode: (r[0] as string).slice(1),
        prefecture: r[1] as string,
        city: r[2] as string,
        town: r[3] as string,
        street: r[4] as string,
        businessName: r[5] as string,
        prefectureKana: r[6] as string,
        cityKana: r[7] as string,
        townKana: r[8] as string,
      });
    }
  }
  return { version, rows };
}
