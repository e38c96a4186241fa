import 'server-only';

import { normalizeJapanese } from '@/lib/normalize-japanese';
import { ADDRESS_GRAM, ADDRESS_GRAM_LENGTH, ADDRESS_GRAM_MAX, addressGrams, documentText, registeredAddressText } from './index-tokens';

/**
 * What the search index's rows are made of, shared by the full build (writer.ts) and the daily
 * update of the index (incremental-index.ts), so that a company indexed either way gets the same
 * document, the same former names and the same statistics.
 */

/** A `doc` row's indexed columns (schema: DERIVED_SCHEMA). */
export interface DocColumns {
  kind: string;
  prefecture_code: string;
  name_norm: string;
  reading_norm: string;
  en_norm: string;
  post_code: string;
  address_key: string;
  city_code: string;
  address_norm: string;
  former_norm: string | null;
}

/** The former names a document indexes: doc.former_norm without the current name. */
export function formerNormsOf(doc: Pick<DocColumns, 'former_norm' | 'name_norm'>): string[] {
  return doc.former_norm === null ? [] : doc.former_norm.split('\u0001').filter((f) => f !== doc.name_norm);
}

/** The text doc_fts holds for a `doc` row (the same text deletes it again). */
export function documentTextOf(doc: DocColumns, formerNorms: readonly string[] = formerNormsOf(doc)): string {
  return documentText({
    nameNorm: doc.name_norm,
    readingNorm: doc.reading_norm,
    formerNorms,
    kind: doc.kind,
    enNorm: doc.en_norm,
    postCode: doc.post_code,
    addressKey: doc.address_key,
    city: doc.city_code === '' ? '' : doc.prefecture_code + doc.city_code,
    addressText: doc.address_norm,
  });
}

/** registeredAddressText of a packed row (row-codec.ts: fields 7–9 are 都道府県, 市区町村, 丁目番地). */
export function addressTextOf(data: string): string {
  const f = data.split('\u001f', 10);
  const field = (i: number) => (f[i] === undefined || f[i] === '' ? null : (f[i] as string));
  return registeredAddressText(field(7), field(8), field(9));
}

function unpackName(data: string): { name: string; date: string } {
  const f = data.split('\u001f', 5);
  return { name: f[4] ?? '', date: `${f[2] ?? ''} ${f[3] ?? ''}` };
}

/**
 * The former names of one company from its shown (hihyoji = 0) history rows, given in row_key
 * order: distinct normalised names newest first, joined by U+0001, and the names as registered
 * (JSON); null when there are none.
 */
export function formerOf(history: readonly { data: string }[]): { norm: string; names: string } | null {
  // Newest first: the 旧商号 listed first is the one used last.
  const named = history.map((r) => unpackName(r.data)).sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  const norms: string[] = [];
  const names: string[] = [];
  for (const { name } of named) {
    const norm = normalizeJapanese(name);
    if (norm !== '' && !norms.includes(norm)) {
      norms.push(norm);
      names.push(name);
    }
  }
  return norms.length === 0 ? null : { norm: norms.join('\u0001'), names: JSON.stringify(names) };
}

/**
 * Counts 3-grams of names (BMP characters only; a 3-gram with an astral character is rare
 * anyway), keyed by its three UTF-16 units packed in one number so that counting six million
 * names allocates no strings. `weight` -1 takes a name out again (the daily update).
 */
export class TrigramCounter {
  private readonly counts = new Map<number, number>();

  add(s: string, weight = 1): void {
    for (let i = 0; i + 2 < s.length; i++) {
      const a = s.charCodeAt(i);
      const b = s.charCodeAt(i + 1);
      const c = s.charCodeAt(i + 2);
      if ((a & 0xf800) === 0xd800 || (b & 0xf800) === 0xd800 || (c & 0xf800) === 0xd800) continue;
      const key = a * 4294967296 + b * 65536 + c;
      this.counts.set(key, (this.counts.get(key) ?? 0) + weight);
    }
  }

  /** The name 3-grams of a document: its current name and the former names it indexes. */
  addDocument(nameNorm: string, formerNorms: readonly string[], weight = 1): void {
    this.add(nameNorm, weight);
    for (const f of formerNorms) this.add(f, weight);
  }

  /** Every gram whose count is at least `min` (the daily update: min = -Infinity, non-zero ones). */
  *atLeast(min: number): Generator<[string, number]> {
    for (const [key, n] of this.counts) {
      if (n < min || n === 0) continue;
      const a = Math.floor(key / 4294967296);
      const rest = key - a * 4294967296;
      yield [String.fromCharCode(a, rest >>> 16, rest & 0xffff), n];
    }
  }
}

/** The address tokens of a document (ADDRESS_GRAM + each distinct 2- to 8-character substring), as gram_df keys them. */
export function addressGramTokens(addressNorm: string): string[] {
  const chars = Array.from(addressNorm);
  const out: string[] = [];
  for (let k = ADDRESS_GRAM_LENGTH; k <= ADDRESS_GRAM_MAX; k++) for (const g of addressGrams(chars, k)) out.push(ADDRESS_GRAM + g);
  return out;
}
