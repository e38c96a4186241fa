import 'server-only';

import { getRegistryStore, type RegistryStore } from '@/features/registry/index.server';
import { SEARCH_ERROR_MESSAGES } from '../constants';
import type { CityList } from '../schemas';

/**
 * The 市区町村 of a prefecture for the search's 市区町村 filter: the JIS X 0402 codes the registry
 * itself holds companies under (built at import, see the registry's `city` table), so the list
 * never offers a 市区町村 with nothing to find and follows mergers with the NTA data.
 */
export function citiesOf(
  prefecture: string,
  store: RegistryStore = getRegistryStore(),
): { ok: true; list: CityList } | { ok: false; code: 'registry_unavailable'; message: string } {
  const state = store.acquire();
  if (!state.ok) return { ok: false, code: 'registry_unavailable', message: SEARCH_ERROR_MESSAGES.registry_unavailable };
  return { ok: true, list: { prefecture, cities: state.registry.cities(prefecture).map((c) => ({ code: c.code, name: c.name })) } };
}
