/**
 * Shapes of a company as the registry holds it (summary, record, detail with history) and of the
 * lookup by 法人番号 (GET /api/corporates/reference), shared by search, reference pages and tests.
 * Isomorphic: no server-only imports. Messages are Japanese (they are shown to visitors).
 */
import { z } from 'zod';
import { NTA_CLOSE_CAUSE, NTA_PROCESS } from '@/features/registry/nta-types';

import { COMPANY_ERROR_MESSAGES, KIND_CODES, type CompanyErrorCode, type KindCode } from './constants';
import { SEARCH_COUNT_CAP, SEARCH_MAX_PAGES, SEARCH_PAGE_SIZE, type SearchErrorCode } from './search-rules';

// The zod-free values live in constants.ts (client components import them there); re-exported so
// server code and tests keep one import.
export { COMPANY_ERROR_MESSAGES, KIND_CODES };
export type { CompanyErrorCode, KindCode };

export const KindCodeSchema = z.enum(KIND_CODES, { message: '法人種別の指定が正しくありません。' });

/**
 * How a result matched the query (the page may label 旧商号, reading and English name matches).
 * en_name: only the English name (NTA column 25) matched, word by word; post_code: registered at
 * the postal code the query was; address: found by the address field alone (no name query).
 */
export const MatchTypeSchema = z.enum([
  'corporate_number',
  'exact',
  'prefix',
  'reading',
  'substring',
  'former_name',
  'en_name',
  'post_code',
  'address',
]);
export type MatchType = z.infer<typeof MatchTypeSchema>;

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const corporateNumber = z.string().regex(/^\d{13}$/);

/** 商号, its readings and the kind of corporation: the same in a search summary and in a record. */
const nameAndKind = {
  name: z.string(),
  /** フリガナ (NTA column 29); null when the registry has none. */
  furigana: z.string().nullable(),
  /** 英語表記 (NTA column 25); null when the company registered none. */
  enName: z.string().nullable(),
  kind: KindCodeSchema,
  kindLabel: z.string(),
};

/** 登記記録の閉鎖: when, why (NTA code and label) and the successor; null where the NTA gives none. */
const closure = {
  closeDate: date.nullable(),
  closeCause: z.enum(Object.keys(NTA_CLOSE_CAUSE) as [keyof typeof NTA_CLOSE_CAUSE]).nullable(),
  closeCauseLabel: z.string().nullable(),
  successorCorporateNumber: corporateNumber.nullable(),
};

export const CompanySummarySchema = z.strictObject({
  corporateNumber,
  ...nameAndKind,
  prefectureCode: z.string().nullable(),
  prefectureName: z.string().nullable(),
  cityName: z.string().nullable(),
  streetNumber: z.string().nullable(),
  postCode: z.string().nullable(),
  addressOutside: z.string().nullable(),
  /** Display address: 都道府県 + 市区町村 + 丁目番地, or the address abroad. */
  address: z.string(),
  closed: z.boolean(),
  ...closure,
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
  /** データ更新日: the newest NTA file (full or daily diff) applied, YYYY-MM-DD. */
  dataDate: date.nullable(),
});
export type RegistryInfo = z.infer<typeof RegistryInfoSchema>;

/** GET /api/corporates/reference?corporateNumber=… (full-width digits and hyphens accepted). */
export const CompanyLookupParamsSchema = z.strictObject({
  corporateNumber: z
    .string({ message: '法人番号を入力してください。' })
    .trim()
    .min(1, '法人番号を入力してください。')
    .max(40, '法人番号は13桁の数字で入力してください。'),
});

const processCode = z.enum(Object.keys(NTA_PROCESS) as [keyof typeof NTA_PROCESS, ...(keyof typeof NTA_PROCESS)[]]);

/** One state of a company as the NTA published it (current row or a history row). */
export const CompanyRecordSchema = z.strictObject({
  process: processCode,
  processLabel: z.string(),
  /** 訂正: the row corrects an earlier one. */
  correction: z.boolean(),
  updateDate: date,
  changeDate: date,
  ...nameAndKind,
  prefectureCode: z.string().nullable(),
  prefectureName: z.string().nullable(),
  cityCode: z.string().nullable(),
  cityName: z.string().nullable(),
  streetNumber: z.string().nullable(),
  postCode: z.string().nullable(),
  addressOutside: z.string().nullable(),
  address: z.string(),
  enAddress: z.string().nullable(),
  ...closure,
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

/** A company search's answer (GET /api/corporates/search, /search, the 法人情報照会 search): server/search/search.ts. */
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

/** A search refused: one of SEARCH_ERROR_MESSAGES, with its words. */
export type SearchOutcome = { ok: true; result: SearchResult } | { ok: false; code: SearchErrorCode; message: string };
