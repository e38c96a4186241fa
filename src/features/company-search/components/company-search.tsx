'use client';

import { useRouter, useSearchParams } from 'next/navigation';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import useSWR from 'swr';

import { ApiError, apiFetch } from '@/lib/api-client';

import { storeSearchedCorporate } from '../client/store-searched-corporate';
import {
  type SearchUrlState,
  formatResultCount,
  parseSearchUrl,
  searchApiPath,
  searchCsvPath,
  searchUrlQuery,
  searchedAddress,
} from '../client/search-url';
import type { CompanySummary } from '@/features/registry';
import { SEARCH_ERROR_MESSAGES } from '../constants';
import type { SearchResult } from '../schemas';
import { CompanyResultItem } from './company-result-item';
import styles from './company-search.module.css';
import { SearchFilters } from './search-filters';
import { SearchEmptyState, SearchTips } from './search-tips';

/** Wait after the last keystroke before searching (typing fast sends one request, not ten). */
export const SEARCH_DEBOUNCE_MS = 150;

/** The server's answer for the URL the page was rendered with (so the first paint has results). */
export type InitialSearch =
  { path: string; ok: true; result: SearchResult } | { path: string; ok: false; code: string; message: string } | null;

interface Props {
  initial: InitialSearch;
  /** No registry file when the page was rendered: say so before anything is searched. */
  registryUnavailable?: boolean;
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
 */
export function CompanySearch({ initial, registryUnavailable = false }: Props) {
  const router = useRouter();
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

  const commit = useCallback((next: SearchUrlState) => {
    setCommitted((prev) => (searchUrlQuery(prev) === searchUrlQuery(next) ? prev : next));
    const qs = searchUrlQuery(next);
    if (qs !== written.current) {
      written.current = qs;
      window.history.replaceState(null, '', qs === '' ? '/search' : `/search?${qs}`);
    }
  }, []);

  // Debounced commit of the text; filters commit at once (see onFilters).
  useEffect(() => {
    if (composing.current) return;
    const timer = window.setTimeout(() => commit(form), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [form, commit]);

  const key = searchApiPath(committed);
  const swr = useSWR<SearchResult, ApiError>(key, (path: string) => apiFetch<SearchResult>(path), {
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

  const more = useMorePages(key, result);

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

  const choose = (company: CompanySummary) => {
    storeSearchedCorporate(company, committed);
    router.push('/purchase/select');
  };

  const inputId = useId();
  const statusId = useId();
  const items = result === undefined ? [] : [...result.items, ...more.items];
  const nextCursor = more.pages.length > 0 ? (more.pages[more.pages.length - 1]?.nextCursor ?? null) : (result?.nextCursor ?? null);
  const depthLimited = more.pages.length > 0 ? (more.pages[more.pages.length - 1]?.depthLimited ?? false) : (result?.depthLimited ?? false);

  return (
    <div className={styles.root}>
      <form role="search" action="/search" method="get" className={styles.form} onSubmit={onSubmit}>
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
      </form>

      <div className={styles.status} id={statusId} role="status" aria-live="polite" aria-atomic="true" data-testid="search-status">
        <StatusLine query={committed.q} address={searchedAddress(committed)} result={result} loading={loading} error={error !== null} />
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

      {key === null ? <SearchTips /> : null}
      {result !== undefined && result.items.length === 0 && error === null ? (
        <SearchEmptyState
          query={[committed.q.trim(), searchedAddress(committed)].filter((s) => s !== '').join('、所在地：')}
          closedIncluded={committed.closed}
          filtered={committed.pref !== '' || committed.kind !== '' || searchedAddress(committed) !== ''}
        />
      ) : null}

      {items.length > 0 && error === null ? (
        <p className={styles.csv}>
          <a className="button button-secondary" href={searchCsvPath(committed) ?? undefined} download data-testid="search-csv">
            CSVでダウンロード
          </a>
          <span className={styles.csvNote}>（検索結果を最大1,000件まで、Excelで開けるCSV形式で保存します）</span>
        </p>
      ) : null}
      {items.length > 0 ? <h2 className="visually-hidden">検索結果</h2> : null}
      {items.length > 0 ? (
        <ol className={styles.results} aria-busy={stale} aria-label="検索結果" data-stale={stale ? 'true' : undefined}>
          {items.map((c) => (
            <CompanyResultItem key={c.corporateNumber} company={c} onChoose={choose} />
          ))}
        </ol>
      ) : null}

      {result !== undefined && items.length > 0 ? (
        <div className={styles.more}>
          {more.error !== null ? (
            <p className="error-box" role="alert">
              {more.error}
            </p>
          ) : null}
          {nextCursor !== null ? (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => more.load(nextCursor)}
              disabled={more.loading}
              aria-busy={more.loading}
            >
              {more.loading ? '読み込み中…' : 'もっと見る'}
            </button>
          ) : depthLimited ? (
            <p className={styles.depthNote}>
              表示できるのは先頭の{items.length.toLocaleString('ja-JP')}
              件までです。都道府県や法人種別で絞り込むか、会社名をもう少し詳しく入力してください。
            </p>
          ) : (
            <p className={styles.endNote}>検索結果は以上です。</p>
          )}
        </div>
      ) : null}
    </div>
  );
}

const QUERY_TYPE_LABELS: Record<SearchResult['query']['type'], string> = {
  corporate_number: '法人番号',
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
      {result.query.type !== 'address' && result.query.type !== 'corporate_number' && address !== '' ? `（所在地「${address}」）` : null}：
      <strong>{count}</strong>
      {loading ? <span className={styles.updating}>（更新中…）</span> : null}
    </span>
  );
}

/** Pages after the first, fetched with the cursor on 「もっと見る」 and dropped when the search changes. */
function useMorePages(key: string | null, first: SearchResult | undefined) {
  const [state, setState] = useState<{ key: string | null; pages: SearchResult[]; loading: boolean; error: string | null }>({
    key,
    pages: [],
    loading: false,
    error: null,
  });
  const current = state.key === key && first !== undefined ? state : { key, pages: [], loading: false, error: null };
  const load = (cursor: string) => {
    if (key === null) return;
    const path = `${key}&cursor=${encodeURIComponent(cursor)}`;
    setState({ ...current, loading: true, error: null });
    apiFetch<SearchResult>(path).then(
      (page) => setState((s) => (s.key === key ? { ...s, pages: [...s.pages, page], loading: false } : s)),
      (err: unknown) =>
        setState((s) =>
          s.key === key
            ? {
                ...s,
                loading: false,
                error: err instanceof ApiError ? err.message : '続きを読み込めませんでした。もう一度お試しください。',
              }
            : s,
        ),
    );
  };
  return { ...current, items: current.pages.flatMap((p) => p.items), load };
}
