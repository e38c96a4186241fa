/**
 * The search page's choice in browser storage (spec §3 keys `searched_corporate` and
 * `searched_query`): the one definition of both values, with hand-written checks rather than zod
 * because the search, reference and purchase pages all use them on first load (issue 13,
 * docs/decisions/0021). searched-corporate.ts holds the zod schemas of the full shapes.
 */
import { jsonValue } from '@/lib/browser-storage';
import { STORAGE_KEYS } from '@/lib/storage-keys';

import type { CompanySummary } from '@/features/registry';
import type { SearchedCorporate, SearchedQuery } from './searched-corporate';
import type { SearchUrlState } from './search-url';

/**
 * The company as the purchase flow takes it back: the fields an order needs, others kept. Written
 * by the search page and the reference service's order button (the full SearchedCorporate).
 */
export interface StoredSearchedCorporate {
  corporateNumber: string;
  name: string;
  kind: string;
  kindLabel?: string;
  address?: string;
  closed?: boolean;
  [key: string]: unknown;
}

/**
 * Storage is input like any other: the stored company is used only in this shape. The order sends
 * only the 法人番号; the server reads the company from the registry (issue 12 §2).
 */
export function isStoredSearchedCorporate(value: unknown): value is StoredSearchedCorporate {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.corporateNumber === 'string' &&
    /^\d{13}$/.test(v.corporateNumber) &&
    typeof v.name === 'string' &&
    v.name.length >= 1 &&
    typeof v.kind === 'string' &&
    (v.kindLabel === undefined || typeof v.kindLabel === 'string') &&
    (v.address === undefined || typeof v.address === 'string') &&
    (v.closed === undefined || typeof v.closed === 'boolean')
  );
}

function isSearchedQuery(value: unknown): value is SearchedQuery {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return (
    Object.keys(v).every((k) => k === 'q' || k === 'pref' || k === 'closed' || k === 'kind') &&
    typeof v.q === 'string' &&
    typeof v.pref === 'string' &&
    typeof v.closed === 'boolean' &&
    typeof v.kind === 'string'
  );
}

export const storedSearchedCorporate = jsonValue('local', STORAGE_KEYS.searchedCorporate, isStoredSearchedCorporate);
export const storedSearchedQuery = jsonValue('local', STORAGE_KEYS.searchedQuery, isSearchedQuery);

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
  storedSearchedCorporate.write(toSearchedCorporate(c));
  storedSearchedQuery.write({ q: query.q.trim(), pref: query.pref, closed: query.closed, kind: query.kind });
}
