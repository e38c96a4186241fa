import 'server-only';

import { PREFECTURE_KANA } from '@/lib/prefecture-kana';
import { prefectureByCode } from '@/lib/prefectures';

import type { AddressCandidate } from '../schemas';

/**
 * The compact postal-code file the app reads (`assets/postal/postal-codes.tsv.gz`, written by
 * `npm run postcode:import`, docs/api.md). Candidates are stored exactly as the API answers them:
 * the KEN_ALL notes were removed and split rows joined when the file was built, so a lookup only
 * decodes a line.
 *
 * Gzipped UTF-8 text, one record a line, fields separated by tabs:
 *
 *   #hojin-postal-codes	1              magic and format version (first line)
 *   #version	<text>                      where the data came from and its date
 *   M	<都道府県コード>	<市区町村>	<市区町村カナ>   a municipality; numbered from 0 in file order
 *   <7 digits>	<M number>	A	<町域>	<町域カナ>                   an area code (KEN_ALL)
 *   <7 digits>	<M number>	B	<町域>	<町域カナ>	<事業所名>	<番地>   a business code (JIGYOSYO)
 *
 * Every M line comes before the first code line; code lines are sorted by code, and the lines of
 * one code (several areas) keep the data's order. Readings are full-width katakana; a line whose
 * municipality and town readings are both empty has no `kana` (JIGYOSYO has no address readings:
 * the importer takes them from KEN_ALL's rows of the same place when there are some). The
 * prefecture's reading is the one in src/lib/prefectures.ts, which is Japan Post's.
 */

export const POSTAL_FILE_MAGIC = '#hojin-postal-codes\t1';

export interface PostalFileInput {
  version: string;
  /** Candidates per 7-digit code, any order; each code's list in the order to answer. */
  codes: ReadonlyMap<string, readonly AddressCandidate[]>;
}

function field(value: string, what: string): string {
  if (/[\t\r\n]/.test(value)) throw new Error(`postal data: tab or line break in ${what}: ${JSON.stringify(value)}`);
  return value;
}

/** Candidates → the file's text (not yet gzipped). Deterministic: the same input gives the same bytes. */
export function encodePostalFile(input: PostalFileInput): string {
  const lines: string[] = [POSTAL_FILE_MAGIC, `#version\t${field(input.version, 'version')}`];
  const zipcodes = [...input.codes.keys()].sort();
  for (const zipcode of zipcodes) {
    if (!/^\d{7}$/.test(zipcode)) throw new Error(`postal data: not a 7-digit code: ${zipcode}`);
  }
  const all = zipcodes.flatMap((zipcode) => (input.codes.get(zipcode) ?? []).map((c) => [zipcode, c] as const));
  // A municipality is its prefecture, name and reading: a line without a reading (a business
  // KEN_ALL does not know) gets its own entry, so that it decodes without `kana` again.
  const municipalities = new Map<string, number>();
  const municipality = (c: AddressCandidate): number => {
    const key = `${c.prefectureCode}\t${field(c.city, 'city')}\t${field(c.kana?.city ?? '', 'city kana')}`;
    let m = municipalities.get(key);
    if (m === undefined) {
      m = municipalities.size;
      municipalities.set(key, m);
    }
    return m;
  };
  const body = all.map(([zipcode, c]) => {
    const m = municipality(c);
    return c.isBusiness
      ? [
          zipcode,
          m,
          'B',
          field(c.town, 'town'),
          field(c.kana?.town ?? '', 'town kana'),
          field(c.businessName ?? '', 'business name'),
          field(c.street ?? '', 'street'),
        ].join('\t')
      : [zipcode, m, 'A', field(c.town, 'town'), field(c.kana?.town ?? '', 'town kana')].join('\t');
  });
  for (const key of municipalities.keys()) lines.push(`M\t${key}`);
  return `${[...lines, ...body].join('\n')}\n`;
}

interface Municipality {
  prefecture: string;
  prefectureCode: string;
  prefectureKana: string;
  city: string;
  cityKana: string;
}

/** A decoded file: codes in a sorted typed array, the lines decoded only when asked. */
export class PostalTable {
  readonly version: string;
  private readonly municipalities: Municipality[];
  private readonly codes: Uint32Array;
  private readonly lines: string[];

  private constructor(version: string, municipalities: Municipality[], codes: Uint32Array, lines: string[]) {
    this.version = version;
    this.municipalities = municipalities;
    this.codes = codes;
    this.lines = lines;
  }

  /**
   * Parses the file's text; throws on anything but this format (a foreign, truncated or unsorted
   * file). `verify` also decodes every line (about 0.5 s): the importer does, before it writes the
   * file; the app does not, since gzip's CRC already guards the file it loads.
   */
  static parse(text: string, options: { verify?: boolean } = {}): PostalTable {
    const all = text.split('\n');
    if (all[0] !== POSTAL_FILE_MAGIC) throw new Error('postal data: not a hojin postal-code file (bad first line)');
    const versionLine = all[1] ?? '';
    if (!versionLine.startsWith('#version\t')) throw new Error('postal data: no #version line');
    if (all.at(-1) !== '') throw new Error('postal data: truncated (no final line break)');
    const municipalities: Municipality[] = [];
    let i = 2;
    for (; i < all.length - 1 && (all[i] as string).startsWith('M\t'); i++) {
      const [, code = '', city = '', cityKana = ''] = (all[i] as string).split('\t');
      const prefecture = prefectureByCode(code);
      if (!prefecture) throw new Error(`postal data: unknown prefecture code ${code} at line ${i + 1}`);
      municipalities.push({
        prefecture: prefecture.name,
        prefectureCode: code,
        prefectureKana: PREFECTURE_KANA[prefecture.code],
        city,
        cityKana,
      });
    }
    const lines = all.slice(i, -1);
    const codes = new Uint32Array(lines.length);
    let previous = -1;
    for (let j = 0; j < lines.length; j++) {
      const line = lines[j] as string;
      const tab = line.indexOf('\t');
      const zipcode = line.slice(0, tab);
      if (tab !== 7 || !/^\d{7}$/.test(zipcode)) throw new Error(`postal data: bad line ${i + j + 1}`);
      const code = Number(zipcode);
      if (code < previous) throw new Error(`postal data: codes not sorted at line ${i + j + 1}`);
      previous = code;
      codes[j] = code;
    }
    const table = new PostalTable(versionLine.slice('#version\t'.length), municipalities, codes, lines);
    if (options.verify) for (let j = 0; j < lines.length; j++) table.decode(j);
    return table;
  }

  /** Number of distinct postal codes. */
  get size(): number {
    let n = 0;
    for (let j = 0; j < this.codes.length; j++) if (j === 0 || this.codes[j] !== this.codes[j - 1]) n++;
    return n;
  }

  /** Candidates for a 7-digit code, in the data's order; [] when unknown. */
  lookup(zipcode: string): AddressCandidate[] {
    if (!/^\d{7}$/.test(zipcode)) throw new RangeError(`postal code must be 7 digits, got ${zipcode}`);
    const code = Number(zipcode);
    // Lower bound: the first line whose code is not less than the one asked for.
    let lo = 0;
    let hi = this.codes.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.codes[mid] as number) < code) lo = mid + 1;
      else hi = mid;
    }
    const out: AddressCandidate[] = [];
    for (let j = lo; j < this.codes.length && this.codes[j] === code; j++) out.push(this.decode(j));
    return out;
  }

  private decode(j: number): AddressCandidate {
    const parts = (this.lines[j] as string).split('\t');
    const m = this.municipalities[Number(parts[1])];
    const kind = parts[2];
    if (!m || !/^\d+$/.test(parts[1] ?? '') || (kind === 'A' ? parts.length !== 5 : kind === 'B' ? parts.length !== 7 : true)) {
      throw new Error(`postal data: bad code line ${JSON.stringify(this.lines[j])}`);
    }
    const townKana = parts[4] as string;
    const candidate: AddressCandidate = {
      prefecture: m.prefecture,
      prefectureCode: m.prefectureCode,
      city: m.city,
      town: parts[3] as string,
      ...(m.cityKana || townKana ? { kana: { prefecture: m.prefectureKana, city: m.cityKana, town: townKana } } : {}),
      isBusiness: kind === 'B',
    };
    return kind === 'B' ? { ...candidate, businessName: parts[5] as string, street: parts[6] as string } : candidate;
  }
}
