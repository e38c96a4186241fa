import 'server-only';

import { getRegistryStore, searchCompanies } from '@/features/registry/index.server';

import { type SearchUrlState, searchApiPath, searchApiQuery } from '../client/search-url';
import type { InitialSearch } from '../components/company-search';
import type { RegistryStatus } from '../components/registry-notice';
import { SearchParamsSchema } from '../schemas';

/**
 * What a page with the company search renders on the server — /search and the reference service's
 * /search-service alike (one search, issue 24 point 4): the registry's state for RegistryNotice,
 * and the answer for the URL the page was opened with, so the first paint has the results.
 */
export function registryStatus(): RegistryStatus {
  const state = getRegistryStore().acquire();
  if (!state.ok) return { available: false };
  const { isSample, builtAt, dataDate } = state.registry.meta;
  return { available: true, isSample, builtAt, dataDate };
}

export function initialSearch(state: SearchUrlState): InitialSearch {
  const path = searchApiPath(state);
  const query = searchApiQuery(state);
  if (path === null || query === null) return null;
  const params = SearchParamsSchema.safeParse(query);
  if (!params.success)
    return { path, ok: false, code: 'bad_request', message: params.error.issues[0]?.message ?? '検索条件が正しくありません。' };
  const outcome = searchCompanies(params.data);
  return outcome.ok ? { path, ok: true, result: outcome.result } : { path, ok: false, code: outcome.code, message: outcome.message };
}
