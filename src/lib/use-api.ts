import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';

import type { ApiKey } from './api-key';

/**
 * `useSWR` for a typed key of a feature's client API module: the answer's type comes from the key
 * (docs/decisions/0030). `null` fetches nothing. The fetcher is the provider's (src/components/providers.tsx).
 */
export function useApi<T>(key: ApiKey<T> | null, config?: SWRConfiguration<T>): SWRResponse<T> {
  return useSWR<T>(key, config ?? {});
}
