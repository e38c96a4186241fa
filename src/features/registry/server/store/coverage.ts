import 'server-only';

import type { RegistryCoverage } from '../../coverage';
import { type RegistryStore, getRegistryStore } from './store';

/** What the served registry file holds: its meta says whether it is sample data and how many companies it indexes. */
export function registryCoverage(store: RegistryStore = getRegistryStore()): RegistryCoverage {
  const state = store.acquire();
  if (!state.ok) return { state: 'unavailable' };
  const { isSample, counts } = state.registry.meta;
  return { state: isSample ? 'sample' : 'nta', companies: counts.searchable };
}
