/**
 * Writing the search page's choice to browser storage (spec §3 keys `searched_corporate` and
 * `searched_query`). Kept apart from searched-corporate.ts, whose zod schemas read the values
 * back: the search page only writes, and importing the schemas would put zod in its first-load
 * JavaScript (issue 13).
 */
import { STORAGE_KEYS, safeStorage } from '@/lib/storage-keys';

import type { CompanySummary } from '@/features/registry';
import type { SearchedCorporate, SearchedQuery } from './searched-corporate';
import type { SearchUrlState } from './search-url';

export function toSearchedCorporate(c: CompanySummary, now = new Date()): SearchedCorporate {
  return {
    corporateNumber: c.corporateNumber,
    name: c.name,
    furigana: c.furigana,
    kind: c.kind,
    kindLabel: c.kindLabel,
    prefectureName: c.prefectureName,
    postCode: c.postCode,
    address: c.address,
    closed: c.closed,
    closeDate: c.closeDate,
    selectedAt: now.toISOString(),
  };
}

export function storeSearchedCorporate(c: CompanySummary, query: SearchUrlState): void {
  safeStorage.set(STORAGE_KEYS.searchedCorporate, JSON.stringify(toSearchedCorporate(c)));
  const q: SearchedQuery = { q: query.q.trim(), pref: query.pref, closed: query.closed, kind: query.kind };
  safeStorage.set(STORAGE_KEYS.searchedQuery, JSON.stringify(q));
}
