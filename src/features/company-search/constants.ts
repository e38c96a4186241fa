/**
 * The company search's limits, codes and messages, without zod: client components import them
 * from here so the search pages ship no schema library (issue 13). schemas.ts builds its zod
 * schemas from these same values and re-exports them, so each rule still has one owner.
 */
import { COMPANY_ERROR_MESSAGES } from '@/features/registry';

export const SEARCH_PAGE_SIZE = 20;
/** Deepest page a cursor can reach: nobody pages through the whole registry. */
export const SEARCH_MAX_PAGES = 50;
/** The count is exact up to this number and shown as 「1,000件以上」 beyond it. */
export const SEARCH_COUNT_CAP = 1000;
/** Longest query accepted, in characters as typed. */
export const SEARCH_QUERY_MAX = 100;

/**
 * The prefecture filter of every company search form (the search page, the reference service's
 * form): what it is called, and its choice for no prefecture. 所在地 is the address field's name.
 */
export const PREFECTURE_FILTER = { label: '都道府県', any: 'すべての都道府県' } as const;

/**
 * The address field (part of the 所在地): at least 2 characters — one bigram of the registry's
 * address index (docs/decisions/0029); a single character (「町」「1」) would list most of the
 * country. Counted after normalisation on the server (「二丁目」 counts as 「2」 + separator).
 */
export const ADDRESS_QUERY_MIN = 2;
export const ADDRESS_QUERY_MAX = 100;

/** 市区町村: JIS X 0402 code (3 digits), only unique within its prefecture. */
export const CITY_CODE_PATTERN = /^\d{3}$/;

/** The same test as schemas.ts's `city` field. */
export function isCityCode(value: unknown): value is string {
  return typeof value === 'string' && CITY_CODE_PATTERN.test(value);
}

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

/**
 * On the search's root while the visitor searches on /search (issue 13 point 2), and from the
 * server's HTML on when the page is opened with a query (issue 24 point 1): on a phone the site
 * header, the banner and the page's introduction collapse so the first result sits right under
 * the box, above the on-screen keyboard. The CSS that reads it as `html:has([data-search-compact])`
 * (company-search.module.css, search-page.module.css, site-header.module.css,
 * maintenance-banner.module.css) applies it below the spec's 768 px breakpoint only — the same
 * width as COMPACT_SEARCH_MEDIA.
 */
export const SEARCH_COMPACT_ATTRIBUTE = 'data-search-compact';
/**
 * On the search's root from a landing with a query (the URL's `q` or `addr`) until the query is
 * cleared: on a desk the introduction and the sample-data notice's detail fold, so the first
 * results are on the first screen (issue 24 point 1; search-page.module.css).
 */
export const SEARCH_LANDED_ATTRIBUTE = 'data-search-landed';
/** Where the compact search layout applies (CSS cannot import this: keep the stylesheets in step). */
export const COMPACT_SEARCH_MEDIA = '(max-width: 767.98px), (max-height: 500px)';
