import 'server-only';

/**
 * The tokens of the registry's full-text index, shared by the writer (documents) and the search
 * (queries). All text here is already normalised (normalizeJapanese), so it holds only letters
 * and digits; FTS5's `ascii` tokenizer then passes our tokens through untouched (it splits on
 * ASCII spaces and punctuation only and lower-cases ASCII letters, which are lower-case already).
 *
 * One document per company. Marker characters from the Private Use Area — which normalisation
 * never outputs — keep the kinds of token apart:
 *
 *   日 日本 日本建          every 1-, 2- and 3-character substring of the current name and of
 *                           each former name: "contains q" for |q| ≤ 3 is one token, exactly;
 *                           longer q is the AND of its 3-grams, confirmed on `doc` (no positions
 *                           are stored, so the index alone cannot tell ABC…BCD from ABCD).
 *                           (The 1-grams are what a 1-character prefix index would hold.)
 *   \uE001 + name[0..k)     k = 1..3: "the current name starts with q" for |q| ≤ 3.
 *   \uE002 + name           the whole current name: exact match, any length.
 *   \uE003 + reading[0..k)  k = 1..8, 10, 12, 14, 16, 20: "the reading starts with q", exact
 *                           for those lengths; other lengths use the longest indexed prefix
 *                           shorter than q and are confirmed on `doc` (at most one character
 *                           unchecked up to 16). Measured on 5.5 million rows: with prefixes only
 *                           up to 6, きゅうしゅういく confirmed every 九州… reading (20 ms); FTS5 prefix
 *                           queries on a whole-reading token materialise every match whatever the
 *                           rowid range (5–30 ms for common prefixes).
 *   \uE004 + kind           法人種別 filter.
 *   \uE005 + word[0..k)     k = 1..EN_WORD_PREFIX_MAX, and the whole word when longer: each word
 *                           of the English name (NTA column 25, `englishWords`): "an English
 *                           word starts with w", exact for words up to EN_WORD_PREFIX_MAX letters.
 *                           Only the companies that registered an English name have these.
 *   \uE006 + 郵便番号        the 7 digits of NTA column 16: "registered at this postal code".
 *   \uE007 + address hash   `addressHash` of the domestic address: "registered at this address"
 *                           (同じ所在地の法人 on the record page; the lookup confirms the address).
 *   \uE008 + 5 digits       JIS X 0401 + X 0402 (都道府県 + 市区町村 code): the 市区町村 filter.
 *   \uE009 + 2–8 characters every 2- to 8-character substring of `addressSearchText` (都道府県 +
 *                           市区町村 + 丁目番地, normalised): the address field, "所在地 contains a"
 *                           (NTA's 所在地 search). A query of 2–8 characters is one token, exact;
 *                           longer ones AND the most selective 8-grams and are confirmed on
 *                           `doc.address_norm` (docs/decisions/0029, format 6).
 *   \uE00A + kind + token  for a company of a rare kind (KIND_MARKED_CODES: every kind but 株式会社,
 *                           有限会社 and その他の設立登記法人), each of its name tokens above (the
 *                           1-/2-/3-grams of current and former names, NAME_PREFIX, NAME_EXACT and
 *                           READING_PREFIX tokens) once more, marked with its 法人種別 code: "the
 *                           name contains q and the kind is k" is one token, whose list holds only
 *                           the companies of that kind, so a word with a rare kind is read like a
 *                           rare word instead of ANDing a word's list (148,519 companies for 商事)
 *                           with the kind's (docs/decisions/0046, format 7).
 *
 * Each token costs about 0.3 µs of FTS5 time per company at import, so the set is the smallest
 * that answers every query class with an exact index lookup or one cheap confirmation step.
 */

export const NAME_PREFIX = '\uE001';
export const NAME_EXACT = '\uE002';
export const READING_PREFIX = '\uE003';
export const KIND = '\uE004';
export const EN_WORD = '\uE005';
export const POST_CODE = '\uE006';
export const ADDRESS = '\uE007';
export const CITY = '\uE008';
export const ADDRESS_GRAM = '\uE009';
export const KIND_MARK = '\uE00A';

/**
 * The 法人種別 whose companies' name tokens are indexed a second time, marked with the kind
 * (KIND_MARK): the rare kinds, where ANDing a word with the kind filter decodes both long lists to
 * the 1,001st match. About 7% of the companies (388,000 of 5.5 million in the bench file). The
 * common kinds (株式会社 38%, 有限会社 19%, その他の設立登記法人 16%) hold a match every few
 * entries of a word's list, so the AND stops early and marking them would double the name index.
 */
export const KIND_MARKED_CODES: ReadonlySet<string> = new Set(['101', '201', '303', '304', '305', '401', '499']);

/**
 * The kinds to use kind-marked name tokens for, when the kind filter is `kinds`: all of them
 * marked (the filter is then implied by the tokens), otherwise null (the plain tokens AND the filter).
 */
export function markedKinds(kinds: readonly string[] | null): readonly string[] | null {
  return kinds !== null && kinds.length > 0 && kinds.every((k) => KIND_MARKED_CODES.has(k)) ? kinds : null;
}

/** Hyphens, dashes and long-vowel signs that addresses write between numbers (NFKC keeps them apart). */
const ADDRESS_DASHES = /[-\u2010-\u2015\u2212\u30fc\uff70\u2500\u2501]/g;

/**
 * One form of a domestic address (都道府県 + 市区町村 + 丁目番地) for "same address" lookups: NFKC
 * (full-width digits → ASCII), 丁目/番地/番/号 and every dash → one separator, spaces and other
 * ASCII punctuation dropped, so 「丸の内１丁目１番１号」 and 「丸の内1-1-1」 are one address. The
 * separator is a private-use character: FTS5's ascii tokenizer would split the token at '-', and
 * dropping it would make 1-11 and 11-1 one address. '' when the company has no domestic address.
 */
export function addressKey(prefectureName: string | null, cityName: string | null, streetNumber: string | null): string {
  if (prefectureName === null || cityName === null) return '';
  return `${prefectureName}${cityName}${streetNumber ?? ''}`
    .normalize('NFKC')
    .replace(/(?<=[0-9])(丁目|番地の|番地|番の|番|号)(?=[0-9]|$)/g, '-')
    .replace(ADDRESS_DASHES, '-')
    .replace(/[\x00-\x2c\x2e-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f\u3000]/g, '')
    .toLowerCase()
    .replace(/-+/g, '-')
    .replace(/-$/, '')
    .replace(/-/g, '\uE0FF');
}

/**
 * A 64-bit hash of an addressKey, in base 36 (at most 14 ASCII letters and digits; '' for ''):
 * what the index and the tables hold instead of the key itself, which is long and nearly unique
 * per company (measured on 500,000 rows: the full key in the index and both tables made the file
 * 30% bigger). Two FNV-1a 32-bit hashes with different offsets; a collision only adds a candidate
 * that companiesAtSameAddress drops when it compares the addresses themselves.
 */
export function addressHash(key: string): string {
  if (key === '') return '';
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x9e3779b9;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x01000193) >>> 0;
    b = (b ^ (b >>> 15)) >>> 0;
  }
  return a.toString(36) + b.toString(36).padStart(7, '0');
}

/** The separator of address numbers in addressSearchText (a private-use character, see addressKey). */
export const ADDRESS_SEP = '\uE0FF';

const KANJI_DIGITS: Readonly<Record<string, number>> = { 〇: 0, 一: 1, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };

/** 漢数字 as written in addresses (二, 十二, 二十三, 百五, 一〇五) → the number, or null. */
export function kanjiNumber(s: string): number | null {
  if (!/^[〇一二三四五六七八九十百千]+$/.test(s)) return null;
  if (!/[十百千]/.test(s)) return Number(Array.from(s, (c) => KANJI_DIGITS[c]).join(''));
  let total = 0;
  let digit = -1;
  for (const c of s) {
    const unit = c === '千' ? 1000 : c === '百' ? 100 : c === '十' ? 10 : 0;
    if (unit === 0) {
      digit = KANJI_DIGITS[c] as number;
      continue;
    }
    total += (digit < 0 ? 1 : digit) * unit;
    digit = -1;
  }
  return total + (digit < 0 ? 0 : digit);
}

/**
 * One form of an address for the address field (substring search, NTA's 所在地 search), applied to
 * the registered 所在地 and to what the visitor types, so that both meet:
 *  - NFKC (全角数字 → 1, 全角空白 → space), ASCII lower case;
 *  - 漢数字 before 丁目 → digits (登記 writes 「丸の内二丁目７番２号」, others 「丸の内２丁目」, the
 *    NTA file mixes both); elsewhere 漢数字 stay (「三番町」「八王子」 are names);
 *  - 丁目 after a number, 番地/番/号 after a number and not before a kanji (「1番町」「2号館」 stay),
 *    the の of 「番地の」, and every dash → one separator, so
 *    「2丁目7番2号」「2-7-2」「２－７－２」「２ー７ー２」 are one text (ー only after a digit: in
 *    「センター」 it is a long vowel); the registered 所在地 gets a closing
 *    separator after a final number, so 「二丁目」 (→ 「2」 + separator) finds 「丸の内二丁目」 and
 *    「丸の内2-7-2」 alike, and not 「丸の内20丁目」;
 *  - ヶ/ケ/ヵ/が between two kanji → ケ, ノ between two kanji → の (霞が関 / 霞ヶ関, 丸ノ内 / 丸の内);
 *  - spaces and other punctuation dropped.
 * `registered`: the closing separator (the visitor's text keeps what was typed).
 */
export function addressSearchText(text: string, registered = false): string {
  let s = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/([〇一二三四五六七八九十百千]+)(?=丁目)/g, (m) => String(kanjiNumber(m) ?? m))
    .replace(/(?<=\p{Script=Han})[ヶケヵが](?=\p{Script=Han})/gu, 'ケ')
    .replace(/(?<=\p{Script=Han})ノ(?=\p{Script=Han})/gu, 'の')
    .replace(/[-\u2010-\u2015\u2212\u2500\u2501]|(?<=[0-9])\u30fc/g, '-')
    .replace(/(?<=[0-9])丁目/g, '-')
    .replace(/(?<=[0-9])(番地の|番地|番の|番|号)(?!\p{Script=Han})/gu, '-')
    .replace(/[\x00-\x2c\x2e-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f\s\u3000-\u3003\u30fb]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-/, '');
  if (registered && /[0-9]$/.test(s)) s += '-';
  return s.replace(/-/g, ADDRESS_SEP);
}

/** addressSearchText of a registered domestic address (都道府県 + 市区町村 + 丁目番地), '' when none. */
export function registeredAddressText(prefectureName: string | null, cityName: string | null, streetNumber: string | null): string {
  if (prefectureName === null && cityName === null && streetNumber === null) return '';
  return addressSearchText(`${prefectureName ?? ''}${cityName ?? ''}${streetNumber ?? ''}`, true);
}

/** Shortest address query, in characters after addressSearchText (one 2-character token). */
export const ADDRESS_GRAM_LENGTH = 2;
/**
 * Longest address substring indexed as a token: every 2- to 8-character substring is one, so an
 * address of up to eight characters (「0-17-1」「丸の内2-7-2」「名古屋市中村区若」) is answered by the
 * index alone, with no confirmation on `doc`, and a longer one by 8-grams, whose combinations are
 * rare even when every piece is common, and whose document lists are short enough for FTS5 to AND
 * cheaply (docs/decisions/0029: 5-grams in format 5, 8-grams since format 6).
 */
export const ADDRESS_GRAM_MAX = 8;

/** The distinct k-character substrings of an address text, in order. */
export function addressGrams(chars: readonly string[], k: number): string[] {
  const out: string[] = [];
  for (let i = 0; i + k <= chars.length; i++) {
    const g = chars.slice(i, i + k).join('');
    if (!out.includes(g)) out.push(g);
  }
  return out;
}

/** "The 所在地 contains …": the AND of the given address grams (exact when the query is one gram). */
export function addressExpressionOf(grams: readonly string[]): string {
  const terms = grams.map((g) => term(ADDRESS_GRAM + g));
  return terms.length === 1 ? (terms[0] as string) : `(${terms.join(' AND ')})`;
}

/**
 * A postal code typed in the search box: 7 digits, any width, with or without 〒 and the hyphen
 * (「100-0005」「〒１００－０００５」「1000005」) → the 7 digits, otherwise null.
 */
export function postCodeQuery(q: string): string | null {
  const m = /^\s*〒?\s*([0-9]{3})[-\u2010-\u2015\u2212\u30fc\uff70]?([0-9]{4})\s*$/.exec(q.normalize('NFKC'));
  return m === null ? null : `${m[1]}${m[2]}`;
}

/** Longest English word prefix indexed as a token (a longer query word must be a whole word). */
export const EN_WORD_PREFIX_MAX = 20;

/**
 * The words of an English name or query, as indexed: NFKC, diacritics removed, lower case,
 * apostrophes dropped inside a word (McDonald's → mcdonalds), split on everything that is not
 * an ASCII letter or digit. "Sony Group Corporation" → sony, group, corporation.
 */
export function englishWords(s: string): string[] {
  const folded = s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/(?<=[a-z0-9])['\u2019](?=[a-z0-9])/g, '');
  return folded.split(/[^a-z0-9]+/).filter((w) => w !== '');
}

/**
 * The English words of a search query, or null when the query is not an English name query
 * (it holds characters other than ASCII letters, digits, spaces and punctuation).
 */
export function englishQueryWords(q: string): string[] | null {
  const folded = q.normalize('NFKC');
  if (!/^[\x20-\x7e]*$/.test(folded)) return null;
  const words = englishWords(folded);
  return words.length === 0 ? null : [...new Set(words)];
}

/** Longest name prefix indexed as a token. */
export const NAME_PREFIX_MAX = 3;
/** Reading prefix lengths indexed as tokens (ascending). */
export const READING_PREFIX_LENGTHS: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 20];
/** Longest query substring answered by one token (1-, 2- and 3-grams are indexed). */
export const GRAM_MAX = 3;

/** Code points of a string (astral kanji such as 𠮷 are one element). */
export function codePoints(s: string): string[] {
  return Array.from(s);
}

// documentText runs six million times per import; it writes UTF-16 code units into one reused
// buffer instead of allocating a small string per token (measured about five times faster).
let buf = new Uint16Array(4096);
let len = 0;
const starts: number[] = [];

function ensure(extra: number): void {
  if (len + extra <= buf.length) return;
  const bigger = new Uint16Array(Math.max(buf.length * 2, len + extra));
  bigger.set(buf.subarray(0, len));
  buf = bigger;
}

/** Code point boundaries of s into `starts` (starts[k] = index of the k-th code point; one extra at the end). */
function boundaries(s: string): number {
  starts.length = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xdc00 || c > 0xdfff) starts.push(i);
  }
  const count = starts.length;
  starts.push(s.length);
  return count;
}

function put(s: string, from: number, to: number): void {
  for (let i = from; i < to; i++) buf[len++] = s.charCodeAt(i);
}

/**
 * Appends the 1-, 2- and 3-grams of `s`, each after `mark` ('' or KIND_MARK + kind; duplicates
 * are harmless: FTS5 keeps one per document).
 */
function appendGrams(s: string, mark: string): void {
  const n = boundaries(s);
  // Per position: three grams of at most 6 code units, the mark and a space each.
  ensure(s.length * 3 * (mark.length + 7) + 8);
  for (let i = 0; i < n; i++) {
    const a = starts[i] as number;
    for (let k = 1; k <= 3 && i + k <= n; k++) {
      put(mark, 0, mark.length);
      put(s, a, starts[i + k] as number);
      buf[len++] = 32;
    }
  }
}

/** Appends mark + marker + the prefix of `s` for each of `lengths` (ascending) that s is long enough for. */
function appendPrefixes(mark: string, marker: number, s: string, lengths: readonly number[]): void {
  const n = boundaries(s);
  ensure(lengths.length * (s.length + mark.length + 2) + 8);
  for (const k of lengths) {
    if (k > n) break;
    put(mark, 0, mark.length);
    buf[len++] = marker;
    put(s, 0, starts[k] as number);
    buf[len++] = 32;
  }
}

const NAME_PREFIX_LENGTHS = [1, 2, 3];

function appendMarked(marker: number, s: string): void {
  ensure(s.length + 2);
  buf[len++] = 32;
  buf[len++] = marker;
  put(s, 0, s.length);
}

/** Appends EN_WORD + each prefix of each word (ASCII only: one code unit per character). */
function appendEnglishWords(enNorm: string): void {
  ensure(enNorm.length * (EN_WORD_PREFIX_MAX + 3) + 8);
  const marker = EN_WORD.charCodeAt(0);
  for (const word of enNorm.split(' ')) {
    if (word === '') continue;
    const top = Math.min(word.length, EN_WORD_PREFIX_MAX);
    for (let k = 1; k <= top; k++) {
      buf[len++] = 32;
      buf[len++] = marker;
      put(word, 0, k);
    }
    if (word.length > EN_WORD_PREFIX_MAX) {
      buf[len++] = 32;
      buf[len++] = marker;
      put(word, 0, word.length);
    }
  }
}

/**
 * Appends ADDRESS_GRAM + each 2- to ADDRESS_GRAM_MAX-character substring of the address text
 * (duplicates are harmless: FTS5 keeps one per document).
 */
function appendAddressGrams(text: string): void {
  const n = boundaries(text);
  // Per position: up to ADDRESS_GRAM_MAX - 1 grams of a space, the marker and at most
  // 2 × ADDRESS_GRAM_MAX code units (a Uint16Array drops writes past its end without a word).
  ensure(text.length * (ADDRESS_GRAM_MAX - 1) * (2 * ADDRESS_GRAM_MAX + 2) + 8);
  const marker = ADDRESS_GRAM.charCodeAt(0);
  for (let i = 0; i + ADDRESS_GRAM_LENGTH <= n; i++) {
    for (let k = ADDRESS_GRAM_LENGTH; k <= ADDRESS_GRAM_MAX && i + k <= n; k++) {
      buf[len++] = 32;
      buf[len++] = marker;
      put(text, starts[i] as number, starts[i + k] as number);
    }
  }
}

export interface DocumentFields {
  nameNorm: string;
  readingNorm: string;
  formerNorms: readonly string[];
  kind: string;
  /** englishWords of the English name joined by spaces ('' when there is none). */
  enNorm: string;
  /** 7 digits, '' when none. */
  postCode: string;
  /** addressHash of the domestic address, '' when none. */
  addressKey: string;
  /** Prefecture code + 市区町村 code (5 digits), '' when none. */
  city: string;
  /** registeredAddressText of the domestic address, '' when none. */
  addressText: string;
}

/** The name tokens (grams of current and former names, name prefixes, exact name, reading prefixes), each after `mark`. */
function appendNameTokens(doc: DocumentFields, mark: string): void {
  appendGrams(doc.nameNorm, mark);
  for (const former of doc.formerNorms) appendGrams(former, mark);
  if (doc.nameNorm.length > 0) {
    appendPrefixes(mark, NAME_PREFIX.charCodeAt(0), doc.nameNorm, NAME_PREFIX_LENGTHS);
    ensure(doc.nameNorm.length + mark.length + 2);
    put(mark, 0, mark.length);
    buf[len++] = NAME_EXACT.charCodeAt(0);
    put(doc.nameNorm, 0, doc.nameNorm.length);
    buf[len++] = 32;
  }
  appendPrefixes(mark, READING_PREFIX.charCodeAt(0), doc.readingNorm, READING_PREFIX_LENGTHS);
}

/** The text given to FTS5 for one company: its tokens separated by spaces. */
export function documentText(doc: DocumentFields): string {
  len = 0;
  appendNameTokens(doc, '');
  if (KIND_MARKED_CODES.has(doc.kind)) appendNameTokens(doc, KIND_MARK + doc.kind);
  ensure(doc.kind.length + 1);
  buf[len++] = KIND.charCodeAt(0);
  put(doc.kind, 0, doc.kind.length);
  if (doc.enNorm !== '') appendEnglishWords(doc.enNorm);
  if (doc.postCode !== '') appendMarked(POST_CODE.charCodeAt(0), doc.postCode);
  if (doc.addressKey !== '') appendMarked(ADDRESS.charCodeAt(0), doc.addressKey);
  if (doc.city !== '') appendMarked(CITY.charCodeAt(0), doc.city);
  if (doc.addressText !== '') appendAddressGrams(doc.addressText);
  return decoder.decode(buf.subarray(0, len));
}

const decoder = new TextDecoder('utf-16le');

/**
 * An FTS5 phrase for one token: quoted, with any double quote doubled, so whatever a token holds
 * (`"`, `*`, `(`, NEAR, AND …) is text to match, never FTS5 syntax.
 */
export function term(token: string): string {
  return `"${token.replaceAll('"', '""')}"`;
}

/**
 * A name token as a term: the token itself, or with `kinds` (markedKinds) the kind-marked token of
 * each kind, ORed — "holds the token and is of one of the kinds", exactly, since a company has one
 * kind.
 */
export function nameTerm(token: string, kinds: readonly string[] | null = null): string {
  if (kinds === null) return term(token);
  const terms = kinds.map((k) => term(KIND_MARK + k + token));
  return terms.length === 1 ? (terms[0] as string) : `(${terms.join(' OR ')})`;
}

/** The distinct 3-grams of q, in order. */
export function trigramsOf(q: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i + 3 <= q.length; i++) {
    const g = q.slice(i, i + 3).join('');
    if (!out.includes(g)) out.push(g);
  }
  return out;
}

/**
 * "Some name contains q": one token when |q| ≤ 3 (`exact`); for longer q, the AND of the given
 * 3-grams of q (the search chooses the most selective ones), confirmed on `doc` afterwards.
 */
export function containsExpression(
  q: readonly string[],
  trigrams: readonly string[] = trigramsOf(q),
  kinds: readonly string[] | null = null,
): { expr: string; exact: boolean } {
  if (q.length <= GRAM_MAX) return { expr: nameTerm(q.join(''), kinds), exact: true };
  const grams = trigrams.map((g) => nameTerm(g, kinds));
  return { expr: grams.length === 1 ? (grams[0] as string) : `(${grams.join(' AND ')})`, exact: false };
}

/** "The current name starts with q" (for |q| > 3: its first 3 characters AND `contains`). */
export function namePrefixExpression(
  q: readonly string[],
  contains: { expr: string; exact: boolean },
  kinds: readonly string[] | null = null,
): { expr: string; exact: boolean } {
  if (q.length <= NAME_PREFIX_MAX) return { expr: nameTerm(NAME_PREFIX + q.join(''), kinds), exact: true };
  return { expr: `(${nameTerm(NAME_PREFIX + q.slice(0, NAME_PREFIX_MAX).join(''), kinds)} AND ${contains.expr})`, exact: false };
}

/**
 * "The reading starts with q", or null when q cannot start a reading: readings are katakana
 * (NTA column 29), so a query with kanji or Latin letters skips this part of the search.
 */
export function readingPrefixExpression(
  q: readonly string[],
  kinds: readonly string[] | null = null,
): { expr: string; exact: boolean } | null {
  if (!q.every((c) => READING_CHAR.test(c))) return null;
  let k = 0;
  for (const length of READING_PREFIX_LENGTHS) if (length <= q.length) k = length;
  return { expr: nameTerm(READING_PREFIX + q.slice(0, k).join(''), kinds), exact: k === q.length };
}

/** Characters a normalised reading can hold (katakana, ー, and digits some readings spell out). */
const READING_CHAR = /^[\u30a1-\u30fa\u30fc-\u30fe0-9]$/;

/** "The current name is q". */
export function nameExactExpression(q: readonly string[], kinds: readonly string[] | null = null): string {
  return nameTerm(NAME_EXACT + q.join(''), kinds);
}

/**
 * "Every query word starts a word of the English name" (any order). Exact: query words longer
 * than EN_WORD_PREFIX_MAX are matched as whole words, which the index holds too.
 */
export function englishExpression(words: readonly string[]): string {
  const terms = words.map((w) => term(EN_WORD + w));
  return terms.length === 1 ? (terms[0] as string) : `(${terms.join(' AND ')})`;
}

export function postCodeExpression(postCode: string): string {
  return term(POST_CODE + postCode);
}

export function cityExpression(prefectureCode: string, cityCode: string): string {
  return term(CITY + prefectureCode + cityCode);
}

export function addressExpression(key: string): string {
  return term(ADDRESS + key);
}

export function kindExpression(kinds: readonly string[]): string {
  const terms = kinds.map((k) => term(KIND + k));
  return terms.length === 1 ? (terms[0] as string) : `(${terms.join(' OR ')})`;
}
