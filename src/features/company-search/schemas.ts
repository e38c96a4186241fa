/**
 * Shapes of the company search (GET /api/corporates/search, /search, the 法人情報照会 search),
 * shared by the route handlers, the pages and the tests. Isomorphic: no server-only imports.
 * Messages are Japanese (they are shown to visitors).
 */
import { z } from 'zod';
import { KindCodeSchema } from '@/features/registry';
import { CSV_FORMS } from '@/lib/csv';
import { singleLineText } from '@/lib/plain-text';
import { PREFECTURES } from '@/lib/prefectures';

import { ADDRESS_QUERY_MAX, ADDRESS_QUERY_MIN, CITY_CODE_PATTERN, SEARCH_ERROR_MESSAGES, SEARCH_QUERY_MAX } from './constants';

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

// The search's answer is the registry's, which runs the search over its index (docs/decisions/0101).
export { SearchResultSchema, type SearchResult } from '@/features/registry';
