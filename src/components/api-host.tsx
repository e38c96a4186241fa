'use client';

import type { ReactNode } from 'react';

import { ApiHost as Host } from '@/lib/api-runtime';

/**
 * Runs the `useSWR` calls of the components that mounted before SWR's module arrived
 * (src/lib/use-api.ts, docs/decisions/0047, 0049): once, around every page, in the root layout.
 * Draws nothing of its own.
 */
export function ApiHost({ children }: { children: ReactNode }) {
  return <Host>{children}</Host>;
}
