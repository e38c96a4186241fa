/**
 * What the search page hands to the purchase flow through browser storage (spec §3 keys
 * `searched_corporate` and `searched_query`). The purchase pages read them with these schemas
 * (and should re-check the company with GET /api/corporates/reference before an order).
 */
import { z } from 'zod';

import { KindCodeSchema } from '@/features/registry';
import { parseSearchUrl, searchPageHref } from './search-url';

export const SearchedCorporateSchema = z.strictObject({
  corporateNumber: z.string().regex(/^\d{13}$/),
  name: z.string().min(1),
  furigana: z.string().nullable(),
  kind: KindCodeSchema,
  kindLabel: z.string(),
  prefectureName: z.string().nullable(),
  postCode: z.string().nullable(),
  /** Display address (都道府県 + 市区町村 + 番地, or the address abroad). */
  address: z.string(),
  closed: z.boolean(),
  closeDate: z.string().nullable(),
  /** When the visitor chose it (ISO 8601). */
  selectedAt: z.string(),
});
export type SearchedCorporate = z.infer<typeof SearchedCorporateSchema>;

/** The search conditions that led to the choice (to return to the same results). */
export const SearchedQuerySchema = z.strictObject({
  q: z.string(),
  pref: z.string(),
  closed: z.boolean(),
  kind: z.string(),
});
export type SearchedQuery = z.infer<typeof SearchedQuerySchema>;

import { storedSearchedQuery } from '@/lib/stored-search-choice';

// Written by the search page without zod (store-searched-corporate.ts); read back here.
export { toSearchedCorporate } from './store-searched-corporate';

export function readSearchedQuery(): SearchedQuery | null {
  return storedSearchedQuery.read();
}

/** 「検索結果に戻る」: the /search URL of the stored search, or /search when there is none. */
export function lastSearchHref(query: SearchedQuery | null = readSearchedQuery()): string {
  if (query === null) return '/search';
  return searchPageHref(parseSearchUrl({ q: query.q, pref: query.pref, closed: query.closed ? '1' : '', kind: query.kind }));
}
