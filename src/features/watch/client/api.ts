/**
 * The watch list's endpoints as the browser calls them (docs/decisions/0030; issue 15). Answers
 * are typed by type-only imports of ../schemas (`import type` is erased: no zod in the bundle).
 */
import { apiFetch } from '@/lib/api-client';
import type { ApiKey } from '@/lib/api-key';

import type { WatchEvent, WatchImportResult, WatchList } from '../schemas';

/** GET /api/watch?page=…: one page of the member's watch list. */
export function watchListKey(page: number): ApiKey<WatchList> {
  return `/api/watch?page=${page}`;
}

/** GET /api/watch/events: the events of the watched companies (90 days). */
export function watchEventsKey(): ApiKey<{ events: WatchEvent[] }> {
  return '/api/watch/events';
}

// Whether a company is watched, adding and removing it: in ./watching.ts, which the 「この法人をウォッチ」
// button on the search results and the record page loads without the rest of the watch list's calls.
export { addWatch, removeWatch } from './watching';

/** POST /api/watch/import: adds the 法人番号 of pasted or uploaded text. */
export function importWatch(text: string): Promise<WatchImportResult> {
  return apiFetch('/api/watch/import', { method: 'POST', body: { text } });
}

/** PUT /api/watch/subscription: the daily digest mail on or off. */
export function setDigest(digest: boolean): Promise<{ digest: boolean }> {
  return apiFetch('/api/watch/subscription', { method: 'PUT', body: { digest } });
}

/** POST /api/watch/unsubscribe: the mail's signed link (no login). */
export function unsubscribe(user: string, token: string): Promise<{ unsubscribed: true }> {
  return apiFetch('/api/watch/unsubscribe', { method: 'POST', body: { user, token } });
}
