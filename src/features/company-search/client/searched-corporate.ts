/**
 * What the search page hands to the purchase flow through browser storage (spec §3 keys
 * `searched_corporate` and `searched_query`). The purchase pages read them with these schemas
 * (and should re-check the company with GET /api/corporates/reference before an order).
 */
import { z } from 'zod';

import { STORAGE_KEYS, safeStorage } from '@/lib/storage-keys';

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

// Written by the search page without zod (store-searched-corporate.ts); read back here with the schemas.
export { storeSearchedCorporate, toSearchedCorporate } from './store-searched-corporate';

/** The stored company, or null when there is none or it does not parse (old or edited storage). */
export function readSearchedCorporate(): SearchedCorporate | null {
  const raw = safeStorage.get(STORAGE_KEYS.searchedCorporate);
  if (raw === null) return null;
  try {
    const parsed = SearchedCorporateSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function readSearchedQuery(): SearchedQuery | null {
  const raw = safeStorage.get(STORAGE_KEYS.searchedQuery);
  if (raw === null) return null;
  try {
    const parsed = SearchedQuerySchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** 「検索結果に戻る」: the /search URL of the stored search, or /search when there is none. */
export function lastSearchHref(query: SearchedQuery | null = readSearchedQuery()): string {
  if (query === null) return '/search';
  return searchPageHref(parseSearchUrl({ q: query.q, pref: query.pref, closed: query.closed ? '1' : '', kind: query.kind }));
}
