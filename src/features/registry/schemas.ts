/**
 * Shapes of the registry search and reference lookups, shared by the route handlers
 * (GET /api/corporates/search, /api/corporates/reference), the search page and the tests.
 * Isomorphic: no server-only imports. Messages are Japanese (they are shown to visitors).
 */
import { z } from 'zod';
import { PREFECTURES } from '@/lib/prefectures';
import { NTA_CLOSE_CAUSE, NTA_PROCESS } from './server/nta/types';

import {
  COMPANY_ERROR_MESSAGES,
  KIND_CODES,
  SEARCH_COUNT_CAP,
  SEARCH_ERROR_MESSAGES,
  SEARCH_MAX_PAGES,
  SEARCH_PAGE_SIZE,
  SEARCH_QUERY_MAX,
  type CompanyErrorCode,
  type KindCode,
  type SearchErrorCode,
} from './constants';

// The zod-free values live in constants.ts (client components import them there); re-exported
// so server code and tests keep one import.
export {
  COMPANY_ERROR_MESSAGES,
  KIND_CODES,
  SEARCH_COUNT_CAP,
  SEARCH_ERROR_MESSAGES,
  SEARCH_MAX_PAGES,
  SEARCH_PAGE_SIZE,
  SEARCH_QUERY_MAX,
};
export type { CompanyErrorCode, KindCode, SearchErrorCode };

const PREFECTURE_CODES = PREFECTURES.map((p) => p.code) as unknown as readonly [string, ...string[]];

export const KindCodeSchema = z.enum(KIND_CODES, { message: '法人種別の指定が正しくありません。' });

/** Query-string friendly boolean: true / false / 1 / 0 (or a real boolean). */
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'], { message: 'true か false を指定してください。' })])
  .transform((v) => v === true || v === 'true' || v === '1');

/**
 * Search parameters. Accepts the values of a query string as they come (strings; `kind` once or
 * several times, or comma-separated) as well as typed values.
 */
export const SearchParamsSchema = z.strictObject({
  q: z
    .string({ message: '検索語を入力してください。' })
    .trim()
    .min(1, '検索語を入力してください。')
    .max(SEARCH_QUERY_MAX, `検索語は${SEARCH_QUERY_MAX}文字以内で入力してください。`),
  prefecture: z.enum(PREFECTURE_CODES, { message: '都道府県の指定が正しくありません。' }).optional(),
  kind: z
    .union([z.string(), z.array(z.string()).max(10)])
    .transform((v) => [...new Set((Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).filter((s) => s !== ''))])
    .pipe(z.array(KindCodeSchema).max(10))
    .optional(),
  includeClosed: flag.default(false),
  cursor: z
    .string()
    .max(512, '続きの位置の指定が正しくありません。')
    .regex(/^[A-Za-z0-9_-]+$/, '続きの位置の指定が正しくありません。')
    .optional(),
});
export type SearchParamsInput = z.input<typeof SearchParamsSchema>;
export type SearchParams = z.infer<typeof SearchParamsSchema>;

/** How a result matched the query (the page may label 旧商号 and reading matches). */
export const MatchTypeSchema = z.enum(['corporate_number', 'exact', 'prefix', 'reading', 'substring', 'former_name']);
export type MatchType = z.infer<typeof MatchTypeSchema>;

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const corporateNumber = z.string().regex(/^\d{13}$/);

export const CompanySummarySchema = z.strictObject({
  corporateNumber,
  name: z.string(),
  /** フリガナ (NTA column 29); null when the registry has none. */
  furigana: z.string().nullable(),
  kind: KindCodeSchema,
  kindLabel: z.string(),
  prefectureCode: z.string().nullable(),
  prefectureName: z.string().nullable(),
  cityName: z.string().nullable(),
  streetNumber: z.string().nullable(),
  postCode: z.string().nullable(),
  addressOutside: z.string().nullable(),
  /** Display address: 都道府県 + 市区町村 + 丁目番地, or the address abroad. */
  address: z.string(),
  closed: z.boolean(),
  closeDate: date.nullable(),
  closeCause: z.enum(Object.keys(NTA_CLOSE_CAUSE) as [keyof typeof NTA_CLOSE_CAUSE]).nullable(),
  closeCauseLabel: z.string().nullable(),
  successorCorporateNumber: corporateNumber.nullable(),
  /** 旧商号, newest first. */
  formerNames: z.array(z.string()),
  /** The 旧商号 the query matched, when only a former name matched. */
  matchedFormerName: z.string().nullable(),
  match: MatchTypeSchema,
  assignmentDate: date,
  updateDate: date,
});
export type CompanySummary = z.infer<typeof CompanySummarySchema>;

export const RegistryInfoSchema = z.strictObject({
  /** When the registry file was built (ISO 8601). */
  builtAt: z.string(),
  /** Generated sample data, not NTA data: the UI must say so. */
  isSample: z.boolean(),
});
export type RegistryInfo = z.infer<typeof RegistryInfoSchema>;

export const SearchResultSchema = z.strictObject({
  query: z.strictObject({
    /** The query as the search understood it (normalised), or the 13-digit number. */
    normalized: z.string(),
    type: z.enum(['text', 'corporate_number']),
  }),
  items: z.array(CompanySummarySchema).max(SEARCH_PAGE_SIZE),
  /** Exact number of matches up to SEARCH_COUNT_CAP; when countCapped, there are more. */
  count: z.number().int().min(0).max(SEARCH_COUNT_CAP),
  /** More than SEARCH_COUNT_CAP matches: show 「1,000件以上」. */
  countCapped: z.boolean(),
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

/** GET /api/corporates/reference?corporateNumber=… (full-width digits and hyphens accepted). */
export const CompanyLookupParamsSchema = z.strictObject({
  corporateNumber: z
    .string({ message: '法人番号を入力してください。' })
    .trim()
    .min(1, '法人番号を入力してください。')
    .max(40, '法人番号は13桁の数字で入力してください。'),
});
export type CompanyLookupParams = z.infer<typeof CompanyLookupParamsSchema>;

const processCode = z.enum(Object.keys(NTA_PROCESS) as [keyof typeof NTA_PROCESS, ...(keyof typeof NTA_PROCESS)[]]);

/** One state of a company as the NTA published it (current row or a history row). */
export const CompanyRecordSchema = z.strictObject({
  process: processCode,
  processLabel: z.string(),
  /** 訂正: the row corrects an earlier one. */
  correction: z.boolean(),
  updateDate: date,
  changeDate: date,
  name: z.string(),
  furigana: z.string().nullable(),
  enName: z.string().nullable(),
  kind: KindCodeSchema,
  kindLabel: z.string(),
  prefectureCode: z.string().nullable(),
  prefectureName: z.string().nullable(),
  cityCode: z.string().nullable(),
  cityName: z.string().nullable(),
  streetNumber: z.string().nullable(),
  postCode: z.string().nullable(),
  addressOutside: z.string().nullable(),
  address: z.string(),
  enAddress: z.string().nullable(),
  closeDate: date.nullable(),
  closeCause: z.enum(Object.keys(NTA_CLOSE_CAUSE) as [keyof typeof NTA_CLOSE_CAUSE]).nullable(),
  closeCauseLabel: z.string().nullable(),
  successorCorporateNumber: corporateNumber.nullable(),
  changeCause: z.string().nullable(),
});
export type CompanyRecord = z.infer<typeof CompanyRecordSchema>;

export const CompanyDetailSchema = z.strictObject({
  corporateNumber,
  assignmentDate: date,
  closed: z.boolean(),
  current: CompanyRecordSchema,
  /** Earlier states, newest first (商号・所在地の変更, 閉鎖 and 復活 with their dates). */
  history: z.array(CompanyRecordSchema),
  /** 旧商号, newest first. */
  formerNames: z.array(z.string()),
  registry: RegistryInfoSchema,
});
export type CompanyDetail = z.infer<typeof CompanyDetailSchema>;

export type CompanyOutcome = { ok: true; company: CompanyDetail } | { ok: false; code: CompanyErrorCode; message: string };
