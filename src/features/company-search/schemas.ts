/**
 * Shapes of the company search (GET /api/corporates/search, /search, the 法人情報照会 search),
 * shared by the route handlers, the pages and the tests. Isomorphic: no server-only imports.
 * Messages are Japanese (they are shown to visitors).
 */
import { z } from 'zod';
import { CompanySummarySchema, KindCodeSchema, RegistryInfoSchema } from '@/features/registry';
import { CSV_FORMS } from '@/lib/csv';
import { singleLineText } from '@/lib/plain-text';
import { PREFECTURES } from '@/lib/prefectures';

import {
  ADDRESS_QUERY_MAX,
  ADDRESS_QUERY_MIN,
  CITY_CODE_PATTERN,
  SEARCH_COUNT_CAP,
  SEARCH_ERROR_MESSAGES,
  SEARCH_MAX_PAGES,
  SEARCH_PAGE_SIZE,
  SEARCH_QUERY_MAX,
  type SearchErrorCode,
} from './constants';

// The zod-free values live in constants.ts (client components import them there); re-exported so
// server code and tests keep one import.
export {
  ADDRESS_QUERY_MAX,
  ADDRESS_QUERY_MIN,
  CITY_CODE_PATTERN,
  SEARCH_COUNT_CAP,
  SEARCH_ERROR_MESSAGES,
  SEARCH_MAX_PAGES,
  SEARCH_PAGE_SIZE,
  SEARCH_QUERY_MAX,
};
export type { SearchErrorCode };

const PREFECTURE_CODES = PREFECTURES.map((p) => p.code) as unknown as readonly [string, ...string[]];
/** Query-string friendly boolean: true / false / 1 / 0 (or a real boolean). */
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'], { message: 'true か false を指定してください。' })])
  .transform((v) => v === true || v === 'true' || v === '1');

/**
 * Search parameters. Accepts the values of a query string as they come (strings; `kind` once or
 * several times, or comma-separated) as well as typed values.
 */
const SearchFieldsSchema = z.strictObject({
  q: singleLineText('検索語', { trim: true })
    .min(1, '検索語を入力してください。')
    .max(SEARCH_QUERY_MAX, `検索語は${SEARCH_QUERY_MAX}文字以内で入力してください。`)
    .optional(),
  /** Part of the 所在地 (NTA's 所在地 search); with or without `q`. */
  address: singleLineText('所在地', { trim: true })
    .min(ADDRESS_QUERY_MIN, SEARCH_ERROR_MESSAGES.address_too_short)
    .max(ADDRESS_QUERY_MAX, `所在地は${ADDRESS_QUERY_MAX}文字以内で入力してください。`)
    .optional(),
  prefecture: z.enum(PREFECTURE_CODES, { message: '都道府県の指定が正しくありません。' }).optional(),
  /** 市区町村: JIS X 0402 code (3 digits) within `prefecture`. */
  city: z.string().regex(CITY_CODE_PATTERN, '市区町村の指定が正しくありません。').optional(),
  kind: z
    .union([z.string(), z.array(z.string()).max(10)])
    .transform((v) => [...new Set((Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).filter((s) => s !== ''))])
    .pipe(z.array(KindCodeSchema).max(10))
    .optional(),
  includeClosed: flag.default(false),
  cursor: z
    .string()
    .max(512, '続きの位置の指定が正しくありません。')
    .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, '続きの位置の指定が正しくありません。')
    .optional(),
});

/**
 * A 市区町村 code is only unique within its prefecture; a search needs a name query or an
 * address (the address alone is NTA's 所在地 search).
 */
function searchRules(v: { q?: string; address?: string; city?: string; prefecture?: string }, ctx: z.RefinementCtx): void {
  if (v.city !== undefined && v.prefecture === undefined) {
    ctx.addIssue({ code: 'custom', path: ['city'], message: '市区町村を指定するときは都道府県も指定してください。' });
  }
  if (v.q === undefined && v.address === undefined) {
    ctx.addIssue({ code: 'custom', path: ['q'], message: '会社名・法人番号などの検索語か、所在地を入力してください。' });
  }
}

export const SearchParamsSchema = SearchFieldsSchema.superRefine(searchRules);

/** The same search as CSV (GET /api/corporates/search/csv): every page up to the limit, so no cursor. */
export const SearchCsvParamsSchema = SearchFieldsSchema.omit({ cursor: true })
  .extend({
    /** plain (default): the data as it is; excel: 法人番号 and 郵便番号 kept as text when Excel opens it (src/lib/csv.ts). */
    format: z.enum(CSV_FORMS, { message: 'format は plain か excel を指定してください。' }).optional(),
  })
  .superRefine(searchRules);
/** GET /api/corporates/cities?prefecture=13 */
export const CityListParamsSchema = z.strictObject({
  prefecture: z.enum(PREFECTURE_CODES, { message: '都道府県の指定が正しくありません。' }),
});

export const CityListSchema = z.strictObject({
  prefecture: z.string(),
  /** JIS X 0402 code order (the 政令指定都市's 区 follow their city). */
  cities: z.array(z.strictObject({ code: z.string().regex(/^\d{3}$/), name: z.string() })),
});
export type CityList = z.infer<typeof CityListSchema>;

export type SearchParams = z.infer<typeof SearchParamsSchema>;

export const SearchResultSchema = z.strictObject({
  query: z.strictObject({
    /**
     * The query as the search understood it (normalised), the 13-digit number (also when typed as
     * the 12-digit 会社法人等番号, type `company_legal_number`), the 7-digit postal code, or (type
     * `address`: the address field alone) the normalised address.
     */
    normalized: z.string(),
    type: z.enum(['text', 'corporate_number', 'company_legal_number', 'post_code', 'address']),
    /** The address field as the search understood it (normalised; numbers joined by '-'), when given. */
    address: z.string().optional(),
  }),
  items: z.array(CompanySummarySchema).max(SEARCH_PAGE_SIZE),
  /** Exact number of matches up to SEARCH_COUNT_CAP; when countCapped, there are more. */
  count: z.number().int().min(0).max(SEARCH_COUNT_CAP),
  /** More than SEARCH_COUNT_CAP matches: show 「1,000件以上」. */
  countCapped: z.boolean(),
  /**
   * `count` is a lower bound: capped (countCapped) or stopped at the count's time budget
   * (SEARCH_COUNT_BUDGET_MS of env.ts) before the end — show 「N件以上」. Added beside countCapped, which keeps
   * its meaning (issue 24 point 8); false when `count` is exact.
   */
  countIsLowerBound: z.boolean(),
  /** 1-based page number of `items`. */
  page: z.number().int().min(1).max(SEARCH_MAX_PAGES),
  /** Opaque cursor of the next page; null on the last page (or at the depth limit). */
  nextCursor: z.string().nullable(),
  /** True when more results exist than the pages allowed: ask the visitor to narrow the search. */
  depthLimited: z.boolean(),
  registry: RegistryInfoSchema,
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const SearchErrorSchema = z.strictObject({
  ok: z.literal(false),
  code: z.enum(Object.keys(SEARCH_ERROR_MESSAGES) as [SearchErrorCode, ...SearchErrorCode[]]),
  message: z.string(),
});
export type SearchError = z.infer<typeof SearchErrorSchema>;

export type SearchOutcome = { ok: true; result: SearchResult } | SearchError;
