/**
 * The company search's limits, codes and messages, without zod: client components import them
 * from here so the search pages ship no schema library (issue 13). schemas.ts builds its zod
 * schemas from these same values and re-exports them, so each rule still has one owner. The
 * search's own limits and messages are the registry's, which runs the search over its index
 * (docs/decisions/0101).
 */
export {
  ADDRESS_QUERY_MIN,
  SEARCH_COUNT_CAP,
  SEARCH_ERROR_MESSAGES,
  SEARCH_MAX_PAGES,
  SEARCH_PAGE_SIZE,
  type SearchErrorCode,
} from '@/features/registry';
/** Longest query accepted, in characters as typed. */
export const SEARCH_QUERY_MAX = 100;

/**
 * The prefecture filter of every company search form (the search page, the reference service's
 * form): what it is called, and its choice for no prefecture. 所在地 is the address field's name.
 */
export const PREFECTURE_FILTER = { label: '都道府県', any: 'すべての都道府県' } as const;

/** The address field (part of the 所在地): at most this many characters as typed (its minimum: ADDRESS_QUERY_MIN). */
export const ADDRESS_QUERY_MAX = 100;

/** 市区町村: JIS X 0402 code (3 digits), only unique within its prefecture. */
export const CITY_CODE_PATTERN = /^\d{3}$/;

/** The same test as schemas.ts's `city` field. */
export function isCityCode(value: unknown): value is string {
  return typeof value === 'string' && CITY_CODE_PATTERN.test(value);
}

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
