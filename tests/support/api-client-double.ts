import { vi } from 'vitest';

/**
 * `@/lib/api-client` for the useApi tests (`vi.mock('@/lib/api-client', () => import('@tests/support/api-client-double'))`):
 * answers each path from `answers` (a path without one fails) and lists the paths asked for in
 * `requested`. Each test file has its own copy (vitest isolates modules per file).
 */
export const answers = new Map<string, () => unknown>();
export const requested: string[] = [];

export const apiFetch = vi.fn(async (path: string) => {
  requested.push(path);
  const answer = answers.get(path);
  if (!answer) throw new Error(`not found: ${path}`);
  return answer();
});

export const swrFetcher = (path: string) => apiFetch(path);
