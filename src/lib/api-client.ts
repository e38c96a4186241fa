/**
 * The browser's API client (spec §7): same-origin paths, JSON in UTF-8, the CSRF header from
 * storage `csrf_token`, the XMLHttpRequest marker, credentials included, and no default timeout.
 * A 401 on a protected page clears `auth_expire_time` and goes to /login (spec §8). Any other
 * error is passed on to the caller as an ApiError carrying the server's Japanese message.
 *
 * What sends the requests is `api-transport.ts`, imported by the first call (or with SWR's module,
 * src/lib/swr-runtime.tsx): no page needs it for its first paint, only once it asks the server
 * something (docs/decisions/0047). The error class and the guard's flag stay here, on the pages.
 */
export { ApiError, setProtectedPage, type RequestOptions } from './api-request';
import type { RequestOptions } from './api-request';

const transport = () => import('./api-transport');

export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await transport()).apiFetch<T>(path, options);
}

/** SWR fetcher: the key is the path. */
export const swrFetcher = <T>(path: string) => apiFetch<T>(path);
