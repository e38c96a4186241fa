/**
 * The company search's limits, codes and messages, without zod (client components read them through
 * company-search's constants.ts): the search over the registry's index is the registry's
 * (server/search/, docs/decisions/0101), so are the rules its answer keeps to.
 */
import { COMPANY_ERROR_MESSAGES } from './constants';

export const SEARCH_PAGE_SIZE = 20;
/** Deepest page a cursor can reach: nobody pages through the whole registry. */
export const SEARCH_MAX_PAGES = 50;
/** The count is exact up to this number and shown as 「1,000件以上」 beyond it. */
export const SEARCH_COUNT_CAP = 1000;

/**
 * The address field (part of the 所在地): at least 2 characters — one bigram of the registry's
 * address index (docs/decisions/0029); a single character (「町」「1」) would list most of the
 * country. Counted after normalisation on the server (「二丁目」 counts as 「2」 + separator).
 */
export const ADDRESS_QUERY_MIN = 2;

export const SEARCH_ERROR_MESSAGES = {
  registry_unavailable: COMPANY_ERROR_MESSAGES.registry_unavailable,
  empty_query:
    '検索できる文字が含まれていません。会社名の一部か13桁の法人番号を入力してください（「株式会社」などの法人格だけでは検索できません）。',
  address_too_short: `所在地は${ADDRESS_QUERY_MIN}文字以上で入力してください（例：丸の内二丁目、大手町1）。`,
  invalid_check_digit: COMPANY_ERROR_MESSAGES.invalid_check_digit,
  invalid_cursor: '検索結果の続きを表示できませんでした。もう一度検索してください。',
  cursor_expired: '会社データが更新されたため、検索結果の続きを表示できませんでした。もう一度検索してください。',
} as const;
export type SearchErrorCode = keyof typeof SEARCH_ERROR_MESSAGES;
