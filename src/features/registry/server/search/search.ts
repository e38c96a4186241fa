import 'server-only';

import { normalizeJapanese } from '@/lib/normalize-japanese';
import { observeSearch } from '@/server/metrics';
import type { KindCode } from '../../constants';
import type { MatchType, SearchOutcome, SearchResult } from '../../schemas';
import { SEARCH_COUNT_CAP, SEARCH_ERROR_MESSAGES, SEARCH_MAX_PAGES, SEARCH_PAGE_SIZE, type SearchErrorCode } from '../../search-rules';
import {
  ADDRESS_GRAM,
  ADDRESS_SEP,
  ADDRESS_GRAM_LENGTH,
  ADDRESS_GRAM_MAX,
  addressExpressionOf,
  addressSearchText,
  codePoints,
  containsExpression,
  englishExpression,
  englishQueryWords,
  postCodeExpression,
  cityExpression,
  postCodeQuery,
  kindExpression,
  markedKinds,
  nameExactExpression,
  namePrefixExpression,
  readingPrefixExpression,
} from '../store/index-tokens';
import { unpackRow } from '../store/row-codec';
import { getRegistryStore, type OpenRegistry, type RegistryStore } from '../store/store';
import { formerNamesOf, historyOf, registryInfo, toSummary } from '../company/company-view';
import { parseCompanyLegalNumberQuery, parseCorporateNumberQuery } from '../company/query';
import { type Cursor, decodeCursor, encodeCursor, queryHash } from './cursor';
import { formerNamesOfDoc } from './former-names';
import { PROBE_CAP, selectiveTrigrams } from './selective-trigrams';
import { serverConfig } from '@/config/server';

/**
 * Company search over the registry (issue 3 §4).
 *
 * A query is either a 法人番号 (13 digits in any width, hyphens allowed; exact lookup, filters do
 * not apply) or text, normalised by normalizeJapanese. Text matches a company when
 *  - its current name or a former name (旧商号) contains the query, or
 *  - its reading (フリガナ) starts with the query, or
 *  - (a query in ASCII letters and digits) each query word starts a word of its English name
 *    (NTA column 25, 英語表記): `sony` finds ソニーグループ株式会社 (Sony Group Corporation).
 * A query that is a postal code (7 digits, with or without 〒 and hyphen, any width) lists the
 * companies registered there instead (one class, the filters apply): a name holding 7 digits in a
 * row is far rarer than a visitor pasting a postal code.
 *
 * Ranking, in this order:
 *  1. match class: 0 exact current name, 1 prefix (current name or reading), 2 substring
 *     (current name or a former name), 3 English name only (no Japanese match);
 *  2. active before closed;
 *  3. the stable docid order: prefecture in JIS order, then reading (五十音順), then 法人番号.
 * Because docids are numbered in (closed, prefecture, reading) order by the writer, each
 * (class, active/closed) pair is one FTS5 query over one docid range, read in rowid order and
 * stopped after a page: a page costs about the same whatever the number of matches, and the
 * prefecture filter only narrows the range. Keyset pagination continues from the last docid.
 *
 * Queries of up to three characters are answered by the index alone. Longer ones AND their
 * 3-grams in the index and are confirmed on `doc` (instr/substr), since the index keeps no
 * positions.
 *
 * The address field (NTA's 所在地 search; docs/decisions/0029) is a filter like the 市区町村: "the
 * 所在地 (都道府県 + 市区町村 + 丁目番地, normalised by addressSearchText) contains it". It is ANDed
 * to every class — one token of the index up to 8 characters, beyond that its rarest 8-grams,
 * confirmed on `doc.address_norm`
 * — or, without a name query, it is the search: one class, in the docid order.
 */

export interface SearchCompaniesParams {
  /** Name, reading, English name, postal code or 法人番号; may be left out when `address` is given. */
  q?: string;
  /** Part of the 所在地 (at least ADDRESS_GRAM_LENGTH characters after normalisation). */
  address?: string;
  /** JIS X 0401 code, '01'–'47'. */
  prefecture?: string;
  /** JIS X 0402 code (3 digits) within `prefecture`; ignored without it. */
  city?: string;
  kind?: readonly KindCode[];
  /** Default false: active companies only. */
  includeClosed?: boolean;
  cursor?: string;
}

/** Longest normalised query used (the index answers any length; this bounds the work). */
const QUERY_CHARS_MAX = 50;
/** Longest normalised address used. */
const ADDRESS_CHARS_MAX = 50;

type Tier = 0 | 1 | 2 | 3;

/** One FTS5 expression plus, when the index alone is not exact, a confirming SQL condition on `d`. */
interface Matcher {
  expr: string;
  verify: string | null;
}

interface Segment {
  tier: Tier;
  first: number;
  last: number;
}

const FTS_ONLY = `SELECT rowid FROM doc_fts WHERE doc_fts MATCH @expr AND rowid > @after AND rowid <= @last ORDER BY rowid LIMIT @limit`;
const withVerify = (verify: string) =>
  `SELECT doc_fts.rowid FROM doc_fts JOIN doc d ON d.docid = doc_fts.rowid
    WHERE doc_fts MATCH @expr AND doc_fts.rowid > @after AND doc_fts.rowid <= @last AND (${verify})
    ORDER BY doc_fts.rowid LIMIT @limit`;
const countOf = (inner: string) => `SELECT count(*) FROM (${inner})`;

// Confirmations (@q normalised query, @n its length in characters; SQLite's substr and instr
// count characters, not bytes).
const STARTS = `(substr(d.name_norm, 1, @n) = @q OR substr(d.reading_norm, 1, @n) = @q)`;
const CONTAINS = `(instr(d.name_norm, @q) > 0 OR instr(coalesce(d.former_norm, ''), @q) > 0)`;
const VERIFY_PREFIX = `${STARTS} AND d.name_norm <> @q`;
const VERIFY_SUBSTRING = `${CONTAINS} AND NOT ${STARTS}`;
const VERIFY_ANY = `(${CONTAINS} OR substr(d.reading_norm, 1, @n) = @q)`;
// Class 3 holds the English name matches that classes 0–2 do not list already: their union is
// exactly VERIFY_ANY (an exact name contains the query; a prefix match is a contains or a reading
// prefix), so a document is listed once whichever way the index answered the Japanese part.
const VERIFY_NOT_JAPANESE = `NOT ${VERIFY_ANY}`;
// The address field beyond one gram (@a: its addressSearchText).
const VERIFY_ADDRESS = `instr(d.address_norm, @a) > 0`;

const DOC_ROW = `SELECT d.name_norm, d.reading_norm, d.former_norm, d.former_names, c.corporate_number, c.hihyoji, c.data
                   FROM doc d JOIN company c ON c.id = d.company_id WHERE d.docid = ?`;

function fail(code: SearchErrorCode): SearchOutcome {
  return { ok: false, code, message: SEARCH_ERROR_MESSAGES[code] };
}

function and(a: string, b: string | null): string {
  return b === null ? a : `${a} AND ${b}`;
}

/**
 * The class matchers (class 3 when the query can be an English name) and the count matchers.
 * `filters`: every filter's expression (kind, 市区町村, address); `marked`: the kinds when all of
 * them are KIND_MARKED_CODES, and then `otherFilters` is `filters` without the kind: the name
 * tokens are the kind-marked ones, which imply the kind (docs/decisions/0046), so 「商事」 with
 * 合資会社 reads one token's list of the 合資会社 that hold 商事 instead of ANDing 商事's list
 * (148,519 companies) with the kind's (48,819). The English part keeps `filters`: its tokens are
 * not marked (the `any` it excludes may be, which is the same condition within the kind).
 */
function matchers(
  reg: OpenRegistry,
  chars: readonly string[],
  enWords: readonly string[] | null,
  filters: string | null,
  marked: readonly string[] | null,
  otherFilters: string | null,
): { tiers: Matcher[]; counts: Matcher[] } {
  // The filters the name tokens need (the kind is implied by marked ones).
  const nameFilters = marked === null ? filters : otherFilters;
  const contains = containsExpression(chars, chars.length <= 3 ? undefined : selectiveTrigrams(reg, chars), marked);
  const prefix = namePrefixExpression(chars, contains, marked);
  const reading = readingPrefixExpression(chars, marked);
  const exact = nameExactExpression(chars, marked);
  const startsExact = prefix.exact && (reading === null || reading.exact);
  const starts = reading === null ? prefix.expr : `(${prefix.expr} OR ${reading.expr})`;
  const any = reading === null ? contains.expr : `(${contains.expr} OR ${reading.expr})`;
  const anyExact = contains.exact && (reading === null || reading.exact);
  const anyMatcher: Matcher = { expr: and(any, nameFilters), verify: anyExact ? null : VERIFY_ANY };
  const tiers: Matcher[] = [
    { expr: and(exact, nameFilters), verify: null },
    startsExact
      ? { expr: and(`(${starts} NOT ${exact})`, nameFilters), verify: null }
      : { expr: and(starts, nameFilters), verify: VERIFY_PREFIX },
    startsExact && contains.exact
      ? { expr: and(`(${contains.expr} NOT ${starts})`, nameFilters), verify: null }
      : { expr: and(contains.expr, nameFilters), verify: VERIFY_SUBSTRING },
  ];
  if (enWords === null) return { tiers, counts: [anyMatcher] };
  // Class 3, the English name matches with no Japanese match (NOT VERIFY_ANY), in two disjoint
  // parts (docs/decisions/0029, 2026-11-26 late): the ones the index shows to have no Japanese
  // candidate (`any` is a necessary condition of VERIFY_ANY), counted by the index alone, and the
  // ones that are also Japanese candidates, confirmed on `doc`. The English words' documents are
  // nearly all of the first kind (`co` has 110,658, of which none holds the name gram co), so the
  // count no longer reads a `doc` row for each of its 1,001 matches. When `any` is exact the
  // second part is empty, and the first is the whole class, for the page as well.
  const english = englishExpression(enWords);
  const englishOnly: Matcher = { expr: and(`(${english} NOT ${any})`, filters), verify: null };
  if (anyExact) return { tiers: [...tiers, englishOnly], counts: [anyMatcher, englishOnly] };
  const englishAlsoJapanese: Matcher = { expr: and(`(${english} AND ${any})`, filters), verify: VERIFY_NOT_JAPANESE };
  return {
    tiers: [...tiers, { expr: and(english, filters), verify: VERIFY_NOT_JAPANESE }],
    counts: [anyMatcher, englishOnly, englishAlsoJapanese],
  };
}

/** A postal code: one class, answered by the index alone. */
function postCodeMatchers(postCode: string, kinds: string | null): { tiers: Matcher[]; counts: Matcher[] } {
  const m: Matcher = { expr: and(postCodeExpression(postCode), kinds), verify: null };
  return { tiers: [m], counts: [m] };
}

interface Bind {
  q: string;
  n: number;
  a: string;
}

/** The confirmation's parameters that its SQL uses (better-sqlite3 refuses unused ones). */
function verifyParams(verify: string | null, bind: Bind): Partial<Bind> {
  if (verify === null) return {};
  return {
    ...(verify.includes('@q') ? { q: bind.q } : {}),
    ...(verify.includes('@n') ? { n: bind.n } : {}),
    ...(verify.includes('@a') ? { a: bind.a } : {}),
  };
}

function docids(reg: OpenRegistry, m: Matcher, bind: Bind, after: number, last: number, limit: number): number[] {
  const stmt = reg.statement(m.verify === null ? FTS_ONLY : withVerify(m.verify)).pluck(true);
  // Rowid bounds must be bound as integers (BigInt): FTS5 ignores a REAL bound and scans from
  // the start (measured: 30 ms instead of 0.1 ms for a common word in a small prefecture).
  const base = { expr: m.expr, after: BigInt(after), last: BigInt(last), limit };
  return (stmt.all({ ...base, ...verifyParams(m.verify, bind) }) as (number | bigint)[]).map(Number);
}

function countMatches(reg: OpenRegistry, m: Matcher, bind: Bind, range: { first: number; last: number }, limit: number): number {
  const stmt = reg.statement(countOf(m.verify === null ? FTS_ONLY : withVerify(m.verify))).pluck(true);
  const base = { expr: m.expr, after: BigInt(range.first - 1), last: BigInt(range.last), limit };
  return stmt.get({ ...base, ...verifyParams(m.verify, bind) }) as number;
}

/** Slices a docid range is counted in, so that a count past its budget can stop between two of them. */
const COUNT_SLICES = 8;

/**
 * The count with a time budget (issue 24 point 8, docs/decisions/0055): each range is counted in
 * COUNT_SLICES slices of its docids, and before each slice but the count's first the clock is read;
 * past the deadline the count stops, and what it has counted is a lower bound. A count that reaches
 * its limit stops as before; a slice of a common word usually holds the 1,001 matches alone.
 */
class BudgetedCount {
  total = 0;
  stopped = false;
  private started = false;
  constructor(
    private readonly deadline: number,
    private readonly clock: () => number,
  ) {}

  add(reg: OpenRegistry, m: Matcher, bind: Bind, range: { first: number; last: number }, cap: number): void {
    const step = Math.max(1, Math.ceil((range.last - range.first + 1) / COUNT_SLICES));
    for (let first = range.first; first <= range.last && this.total < cap && !this.stopped; first += step) {
      if (this.started && this.clock() >= this.deadline) {
        this.stopped = true;
        return;
      }
      this.started = true;
      this.total += countMatches(reg, m, bind, { first, last: Math.min(range.last, first + step - 1) }, cap - this.total);
    }
  }
}

/** How a search is timed: the count's budget (ms; 0 none; default SEARCH_COUNT_BUDGET_MS of env.ts) and the clock (tests and the bench set them). */
export interface SearchOptions {
  countBudgetMs?: number;
  clock?: () => number;
}

/** Most ADDRESS_GRAM_MAX-grams ANDed for one address (the tiling of a long address keeps its rarest ones). */
const ADDRESS_TERMS_MAX = 4;

/**
 * The ADDRESS_GRAM_MAX-grams (8-grams) to AND for an address longer than one token (up to eight
 * characters it is one token). An address is made of a few very common pieces (町名, 1-, -2 …)
 * whose combination is rare, so the pieces must be long enough to be rare together: measured on
 * 5.5 million rows (docs/performance.md), the tiling bigrams of 町1-21-2 (町1 1- 21 -2, each in
 * hundreds of thousands of companies) took 440 ms to confirm the count's 1,001 matches, while
 * 町1-2 AND 21-2 (180,000 and 29,000 companies) hold 3,121 companies, every one a match; and
 * 5-grams' lists are shorter again, so FTS5 reads fewer of their pages to AND them (format 5), and
 * 8-grams' shorter still (format 6). So: a rare gram (fewer than PROBE_CAP companies) alone, with
 * the second rarest when that is rare too; otherwise the grams that tile the address (千代田区丸の内2
 * and 田区丸の内2‑7 for 千代田区丸の内2-7 with 8-grams, overlapping
 * only as the length requires), at most ADDRESS_TERMS_MAX of them, the rarest kept. The
 * confirmation on `doc.address_norm` keeps the result exact.
 */
function selectiveAddressGrams(reg: OpenRegistry, chars: readonly string[]): string[] {
  const k = ADDRESS_GRAM_MAX;
  const weigh = (pos: number) => {
    const g = chars.slice(pos, pos + k).join('');
    const token = ADDRESS_GRAM + g;
    return { g, pos, df: reg.commonGramDf(token) ?? reg.termSize(token, PROBE_CAP) };
  };
  const last = chars.length - k;
  const tiling: number[] = [];
  for (let pos = 0; pos <= last; pos += k) tiling.push(pos);
  if (tiling[tiling.length - 1] !== last) tiling.push(last);
  const grams = tiling.map(weigh).sort((a, b) => a.df - b.df || a.pos - b.pos);
  const rarest = grams[0] as { g: string; pos: number; df: number };
  if (rarest.df < PROBE_CAP) {
    const second = grams[1];
    return second !== undefined && second.df < PROBE_CAP ? [rarest.g, second.g] : [rarest.g];
  }
  return [...new Set(grams.slice(0, ADDRESS_TERMS_MAX).map((x) => x.g))];
}

/** The address field as a filter: its index expression and, beyond one gram, its confirmation. */
function addressFilter(reg: OpenRegistry, chars: readonly string[]): { expr: string; verify: string | null } {
  if (chars.length <= ADDRESS_GRAM_MAX) return { expr: addressExpressionOf([chars.join('')]), verify: null };
  return { expr: addressExpressionOf(selectiveAddressGrams(reg, chars)), verify: VERIFY_ADDRESS };
}

/** A matcher that must also pass the address confirmation. */
function confirmAddress(m: Matcher, verify: string | null): Matcher {
  if (verify === null) return m;
  return { expr: m.expr, verify: m.verify === null ? verify : `(${m.verify}) AND ${verify}` };
}

function matchTypeOf(tier: Tier, q: string, nameNorm: string, formerNorms: string[]): { match: MatchType; formerIndex: number } {
  if (tier === 3) return { match: 'en_name', formerIndex: -1 };
  if (tier === 0) return { match: 'exact', formerIndex: -1 };
  if (tier === 1) return { match: nameNorm.startsWith(q) ? 'prefix' : 'reading', formerIndex: -1 };
  if (nameNorm.includes(q)) return { match: 'substring', formerIndex: -1 };
  return { match: 'former_name', formerIndex: formerNorms.findIndex((f) => f.includes(q)) };
}

/**
 * Searches the registry. Expected failures (no registry yet, a 法人番号 with a wrong check
 * digit, nothing searchable in the query, a stale cursor) are values, not exceptions.
 */
export function searchCompanies(
  params: SearchCompaniesParams,
  store: RegistryStore = getRegistryStore(),
  options: SearchOptions = {},
): SearchOutcome {
  const started = performance.now();
  const outcome = search(params, store, options);
  observeSearch(searchClass(params), (performance.now() - started) / 1000);
  return outcome;
}

/**
 * A search's class in the metrics (hojin_search_duration_seconds; docs/operations.md): the shape
 * of the query, coarser than the bench's classes (docs/performance.md) and read from the raw
 * parameters without normalising them — a fixed handful of label values.
 */
export function searchClass(params: SearchCompaniesParams): string {
  if (params.cursor !== undefined) return 'page';
  const text = params.q?.trim() ?? '';
  if (text === '') return params.address !== undefined ? 'address' : 'empty';
  if (/^[\d０-９-－ ]+$/.test(text)) return text.replace(/\D/g, '').length >= 12 ? 'number' : 'postal_code';
  if (params.address !== undefined) return 'name_address';
  if (params.city !== undefined && params.prefecture !== undefined) return 'name_city';
  if (params.prefecture !== undefined || (params.kind?.length ?? 0) > 0) return 'name_filtered';
  if (/^[\x20-\x7e]+$/.test(text)) return 'english';
  const length = [...text].length;
  return length === 1 ? 'name_1' : length === 2 ? 'name_2' : length <= 4 ? 'name_3_4' : 'name_5_plus';
}

function search(params: SearchCompaniesParams, store: RegistryStore = getRegistryStore(), options: SearchOptions = {}): SearchOutcome {
  const state = store.acquire();
  if (!state.ok) return fail('registry_unavailable');
  const reg = state.registry;

  const text = params.q?.trim() ?? '';
  if (text !== '') {
    const number = parseCorporateNumberQuery(text);
    if (number.type === 'bad-check-digit') return fail('invalid_check_digit');
    if (number.type === 'valid') return byCorporateNumber(reg, number.corporateNumber);
    const legal = parseCompanyLegalNumberQuery(text);
    if (legal !== null) return byCorporateNumber(reg, legal, 'company_legal_number');
  }

  const addressChars = params.address === undefined ? null : codePoints(addressSearchText(params.address)).slice(0, ADDRESS_CHARS_MAX);
  if (addressChars !== null && addressChars.length < ADDRESS_GRAM_LENGTH) return fail('address_too_short');
  const a = addressChars === null ? '' : addressChars.join('');
  // Without a name query the address field is the search (one class).
  const addressOnly = text === '' && addressChars !== null;
  const postCode = addressOnly ? null : postCodeQuery(text);
  const chars = addressOnly ? [] : postCode !== null ? codePoints(postCode) : codePoints(normalizeJapanese(text)).slice(0, QUERY_CHARS_MAX);
  if (!addressOnly && chars.length === 0) return fail('empty_query');
  const q = chars.join('');
  const bind: Bind = { q, n: chars.length, a };
  const includeClosed = params.includeClosed === true;
  const kinds = params.kind !== undefined && params.kind.length > 0 ? [...new Set(params.kind)].sort() : null;
  const enWords = postCode === null && !addressOnly ? englishQueryWords(text) : null;
  const city = params.prefecture !== undefined && params.city !== undefined ? params.city : null;
  const hash = queryHash([q, postCode !== null, enWords, params.prefecture ?? null, city, kinds, includeClosed, a]);

  let cursor: Cursor | null = null;
  if (params.cursor !== undefined) {
    cursor = decodeCursor(params.cursor);
    if (cursor === null || cursor.h !== hash) return fail('invalid_cursor');
    if (cursor.b !== reg.meta.buildId.slice(0, 12)) return fail('cursor_expired');
  }

  // The filters are ANDed to every class's expression; the prefecture is a docid range instead.
  // The address's confirmation (beyond one gram) is ANDed to every class's confirmation.
  const address = addressChars === null ? null : addressFilter(reg, addressChars);
  const otherFilters = [
    city === null ? null : cityExpression(params.prefecture as string, city),
    address === null ? null : address.expr,
  ].filter((f): f is string => f !== null);
  const filters = kinds === null ? otherFilters : [kindExpression(kinds), ...otherFilters];
  const filterExpr = filters.length > 0 ? filters.join(' AND ') : null;
  const classes = addressOnly
    ? { tiers: [{ expr: filterExpr as string, verify: null }], counts: [{ expr: filterExpr as string, verify: null }] }
    : postCode !== null
      ? postCodeMatchers(postCode, filterExpr)
      : matchers(reg, chars, enWords, filterExpr, markedKinds(kinds), otherFilters.length > 0 ? otherFilters.join(' AND ') : null);
  const tiers = classes.tiers.map((m) => confirmAddress(m, address?.verify ?? null));
  const counts = classes.counts.map((m) => confirmAddress(m, address?.verify ?? null));
  const ranges = ([0, 1] as const)
    .filter((closed) => closed === 0 || includeClosed)
    .map((closed) => reg.range(closed, params.prefecture))
    .filter((r): r is { first: number; last: number } => r !== null);
  const segments: Segment[] = tiers.flatMap((_, tier) => ranges.map((r) => ({ tier: tier as Tier, ...r })));

  // A search of one class (the address alone, a postal code) counts the same matches, in the same
  // order, as its pages list: the count goes on from where the first page stopped instead of
  // reading them twice (docs/decisions/0029, 2026-11-26 evening). An address with few matches
  // among many candidates costs one pass over them instead of two.
  const oneClass = addressOnly || postCode !== null;

  // Run in one read transaction: one shared lock for the whole search instead of one per statement.
  return reg.db.transaction((): SearchOutcome => {
    // One row more than a page tells whether there is a next page.
    const found: { tier: Tier; segment: number; docid: number }[] = [];
    const startSegment = cursor?.s ?? 0;
    for (let i = startSegment; i < segments.length && found.length <= SEARCH_PAGE_SIZE; i++) {
      const seg = segments[i] as Segment;
      const after = cursor !== null && i === startSegment ? cursor.a : seg.first - 1;
      const ids = docids(reg, tiers[seg.tier] as Matcher, bind, after, seg.last, SEARCH_PAGE_SIZE + 1 - found.length);
      for (const docid of ids) found.push({ tier: seg.tier, segment: i, docid });
    }

    let count: number;
    let countCapped: boolean;
    let countIsLowerBound: boolean;
    if (cursor !== null) {
      count = cursor.c;
      countCapped = cursor.x;
      countIsLowerBound = cursor.x || cursor.l === true;
    } else {
      const clock = options.clock ?? (() => performance.now());
      const budgetMs = options.countBudgetMs ?? serverConfig().searchCountBudgetMs;
      const budget = new BudgetedCount(budgetMs > 0 ? clock() + budgetMs : Infinity, clock);
      const cap = SEARCH_COUNT_CAP + 1;
      if (found.length <= SEARCH_PAGE_SIZE) {
        // Fewer rows than asked for: every segment of every class was read to its end, so they are
        // all the matches (the classes are disjoint and together are what the count matchers
        // count), and counting them again would read the same candidates a second time.
        budget.total = found.length;
      } else if (oneClass) {
        budget.total = found.length;
        const last = found[found.length - 1];
        if (last !== undefined) {
          for (let i = last.segment; i < segments.length && budget.total < cap && !budget.stopped; i++) {
            const seg = segments[i] as Segment;
            const first = i === last.segment ? last.docid + 1 : seg.first;
            if (first > seg.last) continue;
            budget.add(reg, tiers[0] as Matcher, bind, { first, last: seg.last }, cap);
          }
        }
      } else {
        for (const m of counts) {
          for (const r of ranges) {
            if (budget.total >= cap || budget.stopped) break;
            budget.add(reg, m, bind, r, cap);
          }
        }
      }
      // Stopped early, the count is at least what the first page found (more than a page: a next page).
      const total = budget.stopped ? Math.max(budget.total, found.length) : budget.total;
      countCapped = total > SEARCH_COUNT_CAP;
      count = Math.min(total, SEARCH_COUNT_CAP);
      countIsLowerBound = countCapped || budget.stopped;
    }

    const page = cursor?.p ?? 1;
    const hasMore = found.length > SEARCH_PAGE_SIZE;
    const pageRows = found.slice(0, SEARCH_PAGE_SIZE);
    const lastRow = pageRows[pageRows.length - 1];
    const depthLimited = hasMore && page >= SEARCH_MAX_PAGES;
    const nextCursor =
      hasMore && !depthLimited && lastRow !== undefined
        ? encodeCursor({
            v: 1,
            b: reg.meta.buildId.slice(0, 12),
            h: hash,
            s: lastRow.segment,
            a: lastRow.docid,
            p: page + 1,
            c: count,
            x: countCapped,
            ...(countIsLowerBound && !countCapped ? { l: true } : {}),
          })
        : null;

    const docRow = reg.statement(DOC_ROW);
    const items = pageRows.map(({ tier, docid }) => {
      const row = docRow.get(docid) as {
        name_norm: string;
        former_norm: string | null;
        former_names: string | null;
        corporate_number: number;
        hihyoji: number;
        data: string;
      };
      // Former names as stored may include the current name (see the writer): left out there.
      const { norms: formerNorms, names: formerNames } = formerNamesOfDoc(row);
      const { match, formerIndex } = addressOnly
        ? { match: 'address' as const, formerIndex: -1 }
        : postCode !== null
          ? { match: 'post_code' as const, formerIndex: -1 }
          : matchTypeOf(tier, q, row.name_norm, formerNorms);
      return toSummary(unpackRow(row.corporate_number, row.hihyoji, row.data), {
        formerNames,
        matchedFormerName: formerIndex >= 0 ? (formerNames[formerIndex] ?? null) : null,
        match,
      });
    });

    const result: SearchResult = {
      query: {
        normalized: addressOnly ? a.split(ADDRESS_SEP).join('-') : q,
        type: addressOnly ? 'address' : postCode !== null ? 'post_code' : 'text',
        ...(addressChars !== null ? { address: a.split(ADDRESS_SEP).join('-') } : {}),
      },
      items,
      count,
      countCapped,
      countIsLowerBound,
      page,
      nextCursor,
      depthLimited,
      registry: registryInfo(reg),
    };
    return { ok: true, result };
  })();
}

/**
 * Exact 法人番号 lookup: shown whatever the filters and even when closed (the visitor asked for it).
 * `type` says how the number was typed: the 法人番号 itself or the 12-digit 会社法人等番号.
 */
function byCorporateNumber(
  reg: OpenRegistry,
  corporateNumber: string,
  type: 'corporate_number' | 'company_legal_number' = 'corporate_number',
): SearchOutcome {
  const row = reg
    .statement('SELECT corporate_number, hihyoji, data FROM company WHERE corporate_number = ?')
    .get(Number(corporateNumber)) as { corporate_number: number; hihyoji: number; data: string } | undefined;
  const items =
    row === undefined || row.hihyoji === 1
      ? []
      : (() => {
          const record = unpackRow(row.corporate_number, row.hihyoji, row.data);
          const formerNames = formerNamesOf(historyOf(reg, row.corporate_number), record.name);
          return [toSummary(record, { formerNames, matchedFormerName: null, match: 'corporate_number' })];
        })();
  return {
    ok: true,
    result: {
      query: { normalized: corporateNumber, type },
      items,
      count: items.length,
      countCapped: false,
      countIsLowerBound: false,
      page: 1,
      nextCursor: null,
      depthLimited: false,
      registry: registryInfo(reg),
    },
  };
}
