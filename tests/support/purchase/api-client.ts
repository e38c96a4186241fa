import { vi } from 'vitest';

/**
 * The API client as the purchase component tests fake it (`@/lib/api-client`): each test file
 * names the answers its page needs, and any other path is the server's 404 as an ApiError.
 *
 *   vi.mock('@/lib/api-client', async () => {
 *     const { fakeApiClient, publicKeyAnswer } = await import('@tests/support/purchase/api-client');
 *     return fakeApiClient(publicKeyAnswer(() => 'pk_test_0000'), (path) => …);
 *   });
 *
 * Test support only: production code never imports this folder.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface FakeRequest {
  method?: string;
  body?: unknown;
  query?: Record<string, string>;
}

/** One path's answer, or undefined where the path is not this answer's. */
export type FakeAnswer = (path: string, options: FakeRequest) => unknown;

/** The module in place of `@/lib/api-client`: the first answer that knows the path, else 404. */
export function fakeApiClient(...answers: FakeAnswer[]) {
  const apiFetch = vi.fn(async (path: string, options: FakeRequest = {}) => {
    for (const answer of answers) {
      const result = answer(path, options);
      if (result !== undefined) return result;
    }
    throw new ApiError(404, 'not_found', '見つかりません。');
  });
  // SWR's fetcher as the real module's: a GET of the key through apiFetch (src/lib/swr-defaults.ts).
  return { ApiError, apiFetch, swrFetcher: (path: string) => apiFetch(path) };
}

/** GET /api/payjp/public-key: the key as the test has it now ('' = card payment switched off). */
export function publicKeyAnswer(key: () => string): FakeAnswer {
  return (path) => (path === '/api/payjp/public-key' ? { result: key() } : undefined);
}

/** GET /api/credit-cards/card: the member's registered cards as the test has them now. */
export function registeredCardsAnswer(cards: () => readonly unknown[]): FakeAnswer {
  return (path) => (path === '/api/credit-cards/card' ? { cards: cards() } : undefined);
}
