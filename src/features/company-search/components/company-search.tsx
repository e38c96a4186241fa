'use client';

import { useSearchParams } from 'next/navigation';
import {
  type FormEvent,
  type ReactNode,
  Suspense,
  lazy,
  startTransition,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

import { ApiError } from '@/lib/api-client';
import { useApi } from '@/lib/use-api';

import { fetchSearchPage, searchKey } from '../client/api';
import {
  EMPTY_SEARCH_STATE,
  type SearchUrlState,
  formatResultCount,
  parseSearchUrl,
  searchCsvPath,
  searchUrlQuery,
  typedBeforeHydration,
  searchedAddress,
} from '../client/search-url';
import { COMPACT_SEARCH_MEDIA, SEARCH_COMPACT_ATTRIBUTE, SEARCH_ERROR_MESSAGES, SEARCH_LANDED_ATTRIBUTE } from '../constants';
import type { SearchResult } from '../schemas';
import styles from './company-search.module.css';
import { SearchFilters } from './search-filters';

/**
 * The result cards and the desktop table, loaded once there are results (docs/decisions/0042): the
 * empty /search — the page most visitors open — needs only the form. With `?q=` the server still
 * renders them in place (React.lazy resolves on the server before the HTML is sent) and the
 * browser keeps that HTML until the module has arrived and hydrates it.
 */
const loadResults = () => import('./search-results');
const SearchResults = lazy(() => loadResults().then((m) => ({ default: m.SearchResults })));
/** 「…に一致する法人は見つかりませんでした」 and what to try: in the same module, loaded when a search finds nothing. */
const SearchEmptyState = lazy(() => loadResults().then((m) => ({ default: m.SearchEmptyState })));
// A page opened with results (or with none found): fetch that code while the rest of the page
// hydrates, not after it.
if (
  typeof document !== 'undefined' &&
  (document.querySelector('[data-search-results]') ?? document.getElementById('search-empty-title')) !== null
)
  void loadResults();

/** Wait after the last keystroke before searching (typing fast sends one request, not ten). */
export const SEARCH_DEBOUNCE_MS = 150;

/** The server's answer for the URL the page was rendered with (so the first paint has results). */
export type InitialSearch =
  { path: string; ok: true; result: SearchResult } | { path: string; ok: false; code: string; message: string } | null;

interface Props {
  initial: InitialSearch;
  /** 「検索のしかた」, shown while nothing is searched: static text, rendered by the page on the server (search-tips.tsx) */
  tips?: ReactNode;
  /** No registry file when the page was rendered: say so before anything is searched. */
  registryUnavailable?: boolean;
  /**
   * The page the search lives on, whose URL carries the search (`?q=…&pref=…`): /search, or the
   * reference service's /search-service — the same search, filters and parameters (issue 24 point 4).
   */
  path?: string;
  /** Called with each search that found companies (the reference service remembers it in this browser). */
  onSearched?: (search: SearchUrlState) => void;
}

/**
 * The instant company search (issue 3 §6): one box, results as the visitor types.
 *
 * - `form` is what the controls show; `committed` is what is searched and written to the URL.
 *   Typing commits after SEARCH_DEBOUNCE_MS, never during IME composition (変換中の「とよ」 is
 *   not a query); Enter and the filters commit at once.
 * - The URL is updated with history.replaceState (Next keeps useSearchParams in step without a
 *   server round trip), one history entry per visit rather than per keystroke; reload, sharing
 *   and the back button from another page restore the search from it.
 * - SWR keeps the previous results on screen while the next ones load (no flicker).
 * - While the visitor searches the page is compact (useCompactLayout): on a phone the header, the
 *   banner and the introduction collapse and the filters fold behind a button, so the first
 *   result is right under the box, above the keyboard. It starts when the box gets focus and lasts
 *   while there is a query, so leaving the box (a tap on a result) moves nothing under the finger.
 * - Results are cards on a phone and a dense table on a desktop, both rendered, CSS showing one
 *   (search-results.tsx, with 「もっと見る」: its code loads once there are results).
 */
export function CompanySearch({ initial, tips = null, registryUnavailable = false, path = '/search', onSearched }: Props) {
  const searchParams = useSearchParams();
  const urlQuery = searchParams.toString();
  const [form, setForm] = useState<SearchUrlState>(() => parseSearchUrl(searchParams));
  const [committed, setCommitted] = useState<SearchUrlState>(() => parseSearchUrl(searchParams));
  const composing = useRef(false);
  const written = useRef(searchUrlQuery(parseSearchUrl(searchParams)));

  // The URL changed under us (a link to /search, back/forward between searches): follow it.
  useEffect(() => {
    const fromUrl = parseSearchUrl(new URLSearchParams(urlQuery));
    const normalised = searchUrlQuery(fromUrl);
    if (normalised === written.current) return;
    written.current = normalised;
    setForm(fromUrl);
    setCommitted(fromUrl);
  }, [urlQuery]);

  const commit = useCallback(
    (next: SearchUrlState) => {
      setCommitted((prev) => (searchUrlQuery(prev) === searchUrlQuery(next) ? prev : next));
      const qs = searchUrlQuery(next);
      if (qs !== written.current) {
        written.current = qs;
        window.history.replaceState(null, '', qs === '' ? path : `${path}?${qs}`);
      }
    },
    [path],
  );

  // Debounced commit of the text; filters commit at once (see onFilters).
  useEffect(() => {
    if (composing.current) return;
    const timer = window.setTimeout(() => commit(form), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [form, commit]);

  const key = searchKey(committed);
  const swr = useApi<SearchResult, ApiError>(key, {
    fetcher: (k: string) => fetchSearchPage(k),
    keepPreviousData: true,
    revalidateOnFocus: false,
    revalidateIfStale: false,
    shouldRetryOnError: (err) => err instanceof ApiError && (err.status === 0 || err.status >= 500) && err.status !== 503,
    fallbackData: initial?.ok && initial.path === key ? initial.result : undefined,
  });
  const serverError = initial !== null && !initial.ok && initial.path === key ? initial : null;
  const error = swr.error ?? (serverError && swr.data === undefined ? serverError : null);
  const loading = key !== null && swr.isValidating;
  // After an error, the previous results (kept by keepPreviousData) would belong to another query.
  const result = key === null || error !== null ? undefined : swr.data;
  const stale = result !== undefined && loading;

  // The cards' 「ウォッチ」 buttons exist only in the browser: added after hydration, in a
  // transition (React renders it in slices between other work), and their code loads then.
  const [watch, setWatch] = useState(false);
  const searched = useRef(onSearched);
  useLayoutEffect(() => {
    searched.current = onSearched;
  });
  const found = result !== undefined && result.items.length > 0 && error === null && !loading;
  useEffect(() => {
    if (found) searched.current?.(committed);
  }, [found, committed]);
  useEffect(() => {
    startTransition(() => setWatch(true));
  }, []);

  // Opened with a query (the home page's box, a shared /search?q= link, 「別の法人を検索する」): the
  // results go on the first screen, so the page starts compact — on the server already, as the
  // search root's attributes, which the stylesheets read with :has() (issue 24 point 1).
  const [openedWithQuery] = useState(() => hasQuery(parseSearchUrl(searchParams)));
  const queried = hasQuery(form);
  const [focused, setFocused] = useState(false);
  const [engaged, setEngaged] = useState(openedWithQuery);
  const compact = focused || (engaged && queried);
  // On a desk, the introduction stays folded from a landing with a query until the query is cleared.
  const [landed, setLanded] = useState(openedWithQuery);
  if (landed && !queried) setLanded(false);
  useScrollTopOnCompact(compact);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const activeFilters = (Object.keys(EMPTY_SEARCH_STATE) as (keyof SearchUrlState)[]).filter(
    (k) => k !== 'q' && form[k] !== EMPTY_SEARCH_STATE[k],
  ).length;

  // What the visitor chose or typed in the server's form before this component hydrated (a phone
  // under load shows the form seconds before its JavaScript runs): hydration keeps an input's text
  // and a checkbox, but not the state, and a select is set back to the state's value by the next
  // render. Read once, at the hydration's commit, as the form would have submitted it without
  // JavaScript (its names are the URL's), and searched (decision 0096).
  const formRef = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => {
    const element = formRef.current;
    if (!element) return;
    const typed = typedBeforeHydration(element, form);
    if (typed === null) return;
    // The DOM is what the visitor left there before React ran; adopting it is this effect's purpose.
    setForm(typed);
    commit(typed);
    // Once, on hydration: later changes come through the controls' own handlers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    composing.current = false;
    commit(form);
  };

  const onFilters = (patch: Partial<SearchUrlState>) => {
    const next = { ...form, ...patch };
    setForm(next);
    commit(next);
  };

  const inputId = useId();
  const statusId = useId();
  const filtersId = useId();
  const hasResults = result !== undefined && result.items.length > 0;

  // One element for as long as what it shows is the same: until the results' module has arrived
  // their server HTML waits dehydrated, and a re-render of this component that handed it new props
  // (focusing the box, typing before the search commits) would make React drop that HTML and render
  // the empty fallback instead (a dehydrated boundary cannot take an update before it hydrates).
  const results = useMemo(
    () =>
      key !== null && result !== undefined && result.items.length > 0 ? (
        <Suspense fallback={null}>
          <SearchResults searchKey={key} search={committed} result={result} stale={stale} watch={watch} />
        </Suspense>
      ) : null,
    [key, committed, result, stale, watch],
  );

  // Memoised for the same reason, on what it says.
  const emptyQuery = [committed.q.trim(), searchedAddress(committed)].filter((t) => t !== '').join('、所在地：');
  const filtered = committed.pref !== '' || committed.kind !== '' || searchedAddress(committed) !== '';
  const noMatch = result !== undefined && result.items.length === 0 && error === null;
  const addressSearchHref = noMatch && result?.query.type === 'text' ? addressSearchOf(committed, path) : null;
  const emptyState = useMemo(
    () =>
      noMatch ? (
        <Suspense fallback={null}>
          <SearchEmptyState
            query={emptyQuery}
            closedIncluded={committed.closed}
            filtered={filtered}
            addressSearch={addressSearchHref === null ? null : { words: committed.q.trim(), href: addressSearchHref }}
          />
        </Suspense>
      ) : null,
    [noMatch, emptyQuery, committed.closed, committed.q, filtered, addressSearchHref],
  );

  return (
    <div
      className={styles.root}
      {...{ [SEARCH_COMPACT_ATTRIBUTE]: compact ? '' : undefined, [SEARCH_LANDED_ATTRIBUTE]: landed ? '' : undefined }}
    >
      <form ref={formRef} role="search" action={path} method="get" className={`panel ${styles.form}`} onSubmit={onSubmit}>
        <label htmlFor={inputId} className={styles.label}>
          会社名・フリガナ・法人番号
        </label>
        <div className={styles.searchRow}>
          <input
            id={inputId}
            name="q"
            type="search"
            className={`input ${styles.input}`}
            value={form.q}
            placeholder="例：トヨタ、そにー、sony、8040001999013、100-0005"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="search"
            maxLength={100}
            onFocus={() => {
              setFocused(true);
              setEngaged(true);
            }}
            onBlur={() => setFocused(false)}
            onCompositionStart={() => {
              composing.current = true;
            }}
            onCompositionEnd={(e) => {
              composing.current = false;
              // Some browsers fire compositionend after the last change event: read the final text here.
              const value = e.currentTarget.value;
              setForm((f) => ({ ...f, q: value }));
            }}
            onChange={(e) => {
              const value = e.target.value;
              setForm((f) => ({ ...f, q: value }));
            }}
          />
          <button type="submit" className={`button ${styles.submit}`}>
            検索
          </button>
        </div>
        {/* Shown on a phone while compact only (company-search.module.css); elsewhere the filters are always open. */}
        <button
          type="button"
          className={styles.filterToggle}
          aria-expanded={filtersOpen}
          aria-controls={filtersId}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          絞り込み{activeFilters > 0 ? `（${activeFilters}件指定中）` : ''}
          <span aria-hidden="true">{filtersOpen ? '▲' : '▼'}</span>
        </button>
        <div id={filtersId} className={styles.filterPanel} data-open={filtersOpen ? 'true' : undefined}>
          <SearchFilters
            state={form}
            onChange={onFilters}
            address={{
              onInput: (value) => setForm((f) => ({ ...f, addr: value })),
              onComposition: (phase, value) => {
                composing.current = phase === 'start';
                if (phase === 'end') setForm((f) => ({ ...f, addr: value }));
              },
            }}
          />
        </div>
      </form>

      {/* The count and the download share a row from 768 px; on a phone the download goes after the results (CSS). */}
      <div className={styles.resultsBar}>
        <div className={styles.status} id={statusId} role="status" aria-live="polite" aria-atomic="true" data-testid="search-status">
          <StatusLine query={committed.q} address={searchedAddress(committed)} result={result} loading={loading} error={error !== null} />
        </div>
        {hasResults && error === null ? (
          <p className={styles.csv}>
            <a className="button button-secondary" href={searchCsvPath(committed) ?? undefined} download data-testid="search-csv">
              CSVでダウンロード
            </a>
            <a
              className="button button-secondary"
              href={searchCsvPath(committed, 'excel') ?? undefined}
              download
              data-testid="search-csv-excel"
            >
              Excel用CSV
            </a>
            <span className={styles.csvNote}>（最大1,000件。Excel用は法人番号・郵便番号を文字列で保存）</span>
          </p>
        ) : null}
      </div>

      {error === null && registryUnavailable && result === undefined ? (
        <div className="error-box" role="alert">
          <p className={styles.errorText}>{SEARCH_ERROR_MESSAGES.registry_unavailable}</p>
        </div>
      ) : null}
      {error !== null ? (
        <div className="error-box" role="alert">
          <p className={styles.errorText}>{error.message}</p>
          {swr.error !== undefined && (swr.error.status === 0 || swr.error.status >= 500) ? (
            <button type="button" className="button button-secondary" onClick={() => void swr.mutate()}>
              もう一度検索する
            </button>
          ) : null}
        </div>
      ) : null}

      {key === null ? tips : null}
      {emptyState}
      {results}
    </div>
  );
}

/**
 * The same words as a 所在地 search, for a name search that found nothing (「愛知県豊田市」 in the name
 * box): the other filters kept. Null when the address field is already used or the words are too
 * short for an address (ADDRESS_QUERY_MIN).
 */
function addressSearchOf(state: SearchUrlState, path: string): string | null {
  const words = state.q.trim();
  if (words === '' || state.addr.trim() !== '') return null;
  const asAddress = { ...state, q: '', addr: words };
  return searchedAddress(asAddress) === '' ? null : `${path}?${searchUrlQuery(asAddress)}`;
}

/** A name or an address to search (the address from ADDRESS_QUERY_MIN characters). */
function hasQuery(state: SearchUrlState): boolean {
  return state.q.trim() !== '' || searchedAddress(state) !== '';
}

/**
 * The layout's header and banner, which this component does not render, collapse while its root
 * carries SEARCH_COMPACT_ATTRIBUTE (their stylesheets read `html:has([data-search-compact])`), so
 * the server's HTML is already compact for a page opened with a query. Entering it later on a phone
 * scrolls to the top: what is above the box is then a few lines, and the box and the first results
 * are in the part of the screen the keyboard leaves.
 */
function useScrollTopOnCompact(compact: boolean) {
  const was = useRef(compact);
  useLayoutEffect(() => {
    const entered = compact && !was.current;
    was.current = compact;
    if (entered && typeof window.matchMedia === 'function' && window.matchMedia(COMPACT_SEARCH_MEDIA).matches) window.scrollTo(0, 0);
  }, [compact]);
}

const QUERY_TYPE_LABELS: Record<SearchResult['query']['type'], string> = {
  corporate_number: '法人番号',
  company_legal_number: '会社法人等番号',
  post_code: '郵便番号',
  address: '所在地',
  text: '検索結果',
};

function StatusLine({
  query,
  address,
  result,
  loading,
  error,
}: {
  query: string;
  address: string;
  result: SearchResult | undefined;
  loading: boolean;
  error: boolean;
}) {
  if ((query.trim() === '' && address === '') || error) return null;
  if (result === undefined) return <span>検索しています…</span>;
  const count = formatResultCount(result);
  const shown = result.query.type === 'address' ? address : query.trim();
  return (
    <span>
      {QUERY_TYPE_LABELS[result.query.type]}「{shown}」
      {result.query.type !== 'address' &&
      result.query.type !== 'corporate_number' &&
      result.query.type !== 'company_legal_number' &&
      address !== ''
        ? `（所在地「${address}」）`
        : null}
      ：<strong>{count}</strong>
      {loading ? <span className={styles.updating}>（更新中…）</span> : null}
    </span>
  );
}
