import type { SWRConfiguration } from 'swr';

import { swrFetcher } from './api-client';

/** Slow connection per the Network Information API, where the browser has it. */
function isSlowConnection(): boolean {
  if (typeof navigator === 'undefined') return false;
  const connection = (navigator as Navigator & { connection?: { effectiveType?: string } }).connection;
  return Boolean(connection?.effectiveType && ['slow-2g', '2g'].includes(connection.effectiveType));
}

/**
 * SWR defaults of spec §9, applied to every `useApi` call (src/lib/swr-runtime.tsx; there is no
 * `SWRConfig` provider, so SWR's own module is not in any page's first load — docs/decisions/0047).
 */
export function swrDefaults(slow = isSlowConnection()): SWRConfiguration {
  return {
    fetcher: swrFetcher,
    dedupingInterval: 2_000,
    focusThrottleInterval: 5_000,
    errorRetryInterval: slow ? 10_000 : 5_000,
    loadingTimeout: slow ? 5_000 : 3_000,
    keepPreviousData: true,
  };
}
