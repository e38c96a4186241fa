'use client';

import { ApiHost as Host } from '@/lib/use-api';

/**
 * Runs the `useSWR` calls of the components that mounted before SWR's module arrived
 * (src/lib/use-api.ts, docs/decisions/0047): once in each layout or page whose components read the
 * API with `useApi` — the member layout and /search. Draws nothing.
 */
export function ApiHost() {
  return <Host />;
}
