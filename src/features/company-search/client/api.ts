/**
 * The search's endpoints as the browser calls them (docs/decisions/0030): the search (its query
 * built from the page's URL state by ./search-url.ts), the next page by cursor, the cities of a
 * prefecture. Answers are typed by type-only imports of ../schemas (`import type` is erased: no zod
 * in the bundle). The bulk check's call is in ./bulk-api.ts: its page would otherwise load the
 * search's URL rules with this module.
 */
import { apiFetch } from '@/lib/api-client';
import type { ApiKey } from '@/lib/api-key';

import type { CityList, SearchResult } from '../schemas';
import { searchApiPath, type SearchUrlState } from './search-url';

/** GET /api/corporates/search?…: the first page of the search the state describes; null when there is nothing to search. */
export function searchKey(state: SearchUrlState): ApiKey<SearchResult> | null {
  return searchApiPath(state);
}

/** One page of a search, by its key (the first page) and the cursor of the page before. */
export function fetchSearchPage(key: ApiKey<SearchResult> | string, cursor?: string): Promise<SearchResult> {
  return apiFetch<SearchResult>(cursor === undefined ? key : `${key}&cursor=${encodeURIComponent(cursor)}`);
}

/** GET /api/corporates/cities?prefecture=…: the cities of a prefecture. */
export function citiesKey(prefecture: string): ApiKey<CityList> {
  return `/api/corporates/cities?prefecture=${encodeURIComponent(prefecture)}`;
}

export function fetchCities(key: string): Promise<CityList> {
  return apiFetch<CityList>(key);
}
