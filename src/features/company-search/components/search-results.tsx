'use client';

import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

import { ApiError } from '@/lib/api-client';
import { purchaseSelectPath } from '@/lib/purchase-select-path';
import type { CompanySummary } from '@/features/registry';

import { fetchSearchPage } from '../client/api';
import type { SearchUrlState } from '../client/search-url';
import { storeSearchedCorporate } from '../client/store-searched-corporate';
import type { SearchResult } from '../schemas';
import { CompanyResultItem } from './company-result-item';
import { CompanyResultsTable } from './company-results-table';
import styles from './company-search.module.css';
import { groupDigits } from '@/lib/digits';
import { useHydrated } from '@/lib/use-stored-value';

export { SearchEmptyState } from './search-empty-state';

/**
 * The results of a search: cards on a phone and the dense table on a desktop, both rendered, CSS
 * showing one (company-search.module.css), then 「もっと見る」 with the pages after the first.
 * A module of its own so that CompanySearch loads it only once there are results (React.lazy,
 * docs/decisions/0042): the empty /search — the page most visitors open — needs only the form.
 */
export function SearchResults({
  searchKey,
  search,
  result,
  stale,
  watch,
}: {
  /** the search's API path (SWR key): the pages after the first belong to it */
  searchKey: string;
  /** the search as committed (stored with the chosen company, spec §3 `searched_query`) */
  search: SearchUrlState;
  /** the first page (at least one item) */
  result: SearchResult;
  /** the next results are loading: the ones shown belong to the previous query */
  stale: boolean;
  /** show the cards' 「ウォッチ」 buttons (turned on after hydration) */
  watch: boolean;
}) {
  const router = useRouter();
  // 「この法人の証明書を申請する」: the choice goes to the purchase flow through storage, as before.
  const onChoose = useCallback(
    (company: CompanySummary) => {
      storeSearchedCorporate(company, search);
      router.push(purchaseSelectPath(company.corporateNumber));
    },
    [search, router],
  );
  const more = useMorePages(searchKey);
  // 「もっと見る」 works once this module has hydrated (it arrives after the page's first load): until
  // then the server's button is disabled, so a press cannot be lost (and a browser driven by a script
  // waits for it), instead of a button that looks ready and does nothing.
  const hydrated = useHydrated();
  // 「もっと見る」 pressed: where the new results start (and for which search), to move focus there.
  const focusFrom = useRef<{ key: string; index: number } | null>(null);
  const items = useMemo(() => [...result.items, ...more.items], [result, more.items]);
  const lastMore = more.pages[more.pages.length - 1];
  const nextCursor = lastMore !== undefined ? lastMore.nextCursor : result.nextCursor;
  const depthLimited = lastMore !== undefined ? lastMore.depthLimited : result.depthLimited;
  const moreAnnouncement = lastMore ? `${groupDigits(lastMore.items.length)}件を追加で表示しました。` : '';

  // Once the next results are on screen, keyboard and screen-reader users continue at the first of
  // them (the button may be gone: the last page, or the depth limit), never at the page's top.
  useEffect(() => {
    const pending = focusFrom.current;
    if (pending === null) return;
    if (pending.key !== searchKey) {
      focusFrom.current = null;
      return;
    }
    if (items.length <= pending.index) return;
    focusFrom.current = null;
    // Cards and table rows are both in the page and CSS shows one layout: focus the one shown — a
    // card's heading, or a row's link to the record (an element hidden by CSS cannot take focus).
    const first = items[pending.index];
    if (first === undefined) return;
    for (const el of document.querySelectorAll<HTMLElement>(`[data-corporate-number="${first.corporateNumber}"]`)) {
      if (el.getClientRects().length === 0) continue;
      const target = el.querySelector<HTMLElement>('h3') ?? el.querySelector<HTMLElement>('th a');
      if (target === null) continue;
      if (target.tagName === 'H3') target.tabIndex = -1;
      target.focus();
      return;
    }
  }, [items, searchKey]);

  const loadMore = (cursor: string) => {
    // Not disabled while loading (a disabled button drops the focus to <body>): a second press waits.
    if (more.loading) return;
    focusFrom.current = { key: searchKey, index: items.length };
    more.load(cursor);
  };

  return (
    <>
      <h2 className="visually-hidden">検索結果</h2>
      {/* data-search-results: CompanySearch fetches this module early when the server rendered results */}
      <ol className={styles.results} data-search-results="" aria-busy={stale} aria-label="検索結果" data-stale={stale ? 'true' : undefined}>
        {items.map((c) => (
          <CompanyResultItem key={c.corporateNumber} company={c} onChoose={onChoose} watch={watch} />
        ))}
      </ol>
      <CompanyResultsTable companies={items} stale={stale} onChoose={onChoose} />
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
            onClick={() => loadMore(nextCursor)}
            disabled={!hydrated}
            aria-disabled={more.loading}
            aria-busy={more.loading}
          >
            {more.loading ? '読み込み中…' : 'もっと見る'}
          </button>
        ) : depthLimited ? (
          <p className={styles.depthNote}>
            表示できるのは先頭の{groupDigits(items.length)}
            件までです。都道府県や法人種別で絞り込むか、会社名をもう少し詳しく入力してください。
          </p>
        ) : (
          <p className={styles.endNote}>検索結果は以上です。</p>
        )}
        <p className="visually-hidden" role="status" data-testid="more-status">
          {moreAnnouncement}
        </p>
      </div>
    </>
  );
}

const NO_PAGES: SearchResult[] = [];

/** Pages after the first, fetched with the cursor on 「もっと見る」 and dropped when the search changes. */
function useMorePages(key: string) {
  const [state, setState] = useState<{ key: string; pages: SearchResult[]; loading: boolean; error: string | null }>({
    key,
    pages: NO_PAGES,
    loading: false,
    error: null,
  });
  const current = state.key === key ? state : { key, pages: NO_PAGES, loading: false, error: null };
  // The same array while the pages are the same (the results' list is memoised on it).
  const items = useMemo(() => current.pages.flatMap((p) => p.items), [current.pages]);
  const load = (cursor: string) => {
    setState({ ...current, loading: true, error: null });
    fetchSearchPage(key, cursor).then(
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
  return { ...current, items, load };
}
