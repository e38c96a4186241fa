'use client';

import type { ReactNode } from 'react';

import type { SearchUrlState } from '@/features/company-search/client/search-url';
import { CompanySearch, type InitialSearch } from '@/features/company-search/components/company-search';
import { rememberSearch } from '@/features/company-reference/components/recent-searches';

/** A search that found companies, remembered for 「最近の検索」 (name searches: the list names them by their words). */
function remember(search: SearchUrlState): void {
  const q = search.q.trim();
  if (q === '') return;
  rememberSearch({ q, ...(search.pref !== '' ? { prefecture: search.pref } : {}), ...(search.closed ? { includeClosed: true } : {}) });
}

/**
 * The reference service's search: /search's own component (issue 24 point 4 — one search, the same
 * filters and URL parameters), its URL on /search-service, each search that found companies kept
 * in 「最近の検索」.
 */
export function ReferenceSearch(props: { initial: InitialSearch; tips?: ReactNode; registryUnavailable?: boolean }) {
  return <CompanySearch {...props} path="/search-service" onSearched={remember} />;
}
