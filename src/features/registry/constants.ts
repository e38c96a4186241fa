/**
 * The registry's limits, codes and messages, without zod: client components import them from
 * here so the search and record pages ship no schema library (issue 13: zod was most of the
 * first-load JavaScript of every page). schemas.ts builds its zod schemas from these same values,
 * so each rule still has one owner.
 */
import { NTA_KIND } from './server/nta/types';

export const SEARCH_PAGE_SIZE = 20;
/** Deepest page a cursor can reach: nobody pages through the whole registry. */
export const SEARCH_MAX_PAGES = 50;
/** The count is exact up to this number and shown as 「1,000件以上」 beyond it. */
export const SEARCH_COUNT_CAP = 1000;
/** Longest query accepted, in characters as typed. */
export const SEARCH_QUERY_MAX = 100;

export type KindCode = keyof typeof NTA_KIND;
export const KIND_CODES = Object.keys(NTA_KIND) as [KindCode, ...KindCode[]];

/** The same test as schemas.ts's KindCodeSchema (a z.enum of KIND_CODES). */
export function isKindCode(value: unknown): value is KindCode {
  return typeof value === 'string' && Object.hasOwn(NTA_KIND, value);
}

export const SEARCH_ERROR_MESSAGES = {
  registry_unavailable: '会社データを準備しています。しばらくしてからもう一度お試しください。',
  empty_query:
    '検索できる文字が含まれていません。会社名の一部か13桁の法人番号を入力してください（「株式会社」などの法人格だけでは検索できません）。',
  invalid_check_digit: '法人番号が正しくありません。13桁の番号に誤りがないか、もう一度ご確認ください（先頭の1桁が検査用の数字です）。',
  invalid_cursor: '検索結果の続きを表示できませんでした。もう一度検索してください。',
  cursor_expired: '会社データが更新されたため、検索結果の続きを表示できませんでした。もう一度検索してください。',
} as const;
export type SearchErrorCode = keyof typeof SEARCH_ERROR_MESSAGES;

export const COMPANY_ERROR_MESSAGES = {
  registry_unavailable: SEARCH_ERROR_MESSAGES.registry_unavailable,
  invalid_format: '法人番号は13桁の数字で入力してください。',
  invalid_check_digit: SEARCH_ERROR_MESSAGES.invalid_check_digit,
  not_found: 'この法人番号の会社は見つかりませんでした。番号をご確認ください。',
} as const;
export type CompanyErrorCode = keyof typeof COMPANY_ERROR_MESSAGES;

/** localStorage key of the reference service's recent searches (its own; documented in docs/api.md). */
export const RECENT_SEARCHES_KEY = 'search_service_recent';
export const RECENT_SEARCHES_MAX = 8;

/** One remembered search (browser storage only, never sent to the server). */
export interface RecentSearch {
  q: string;
  prefecture?: string;
  includeClosed?: boolean;
}

/**
 * Storage is input: a remembered search is taken back only in exactly this shape — q of 1–100
 * characters, an optional two-digit prefecture code, an optional boolean, nothing else. Checked
 * without zod because it runs on the reference pages' first load (issue 13).
 */
export function isRecentSearch(value: unknown): value is RecentSearch {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  if (!Object.keys(v).every((k) => k === 'q' || k === 'prefecture' || k === 'includeClosed')) return false;
  if (typeof v.q !== 'string' || v.q.length < 1 || v.q.length > 100) return false;
  if (v.prefecture !== undefined && (typeof v.prefecture !== 'string' || !/^\d{2}$/.test(v.prefecture))) return false;
  return v.includeClosed === undefined || typeof v.includeClosed === 'boolean';
}
