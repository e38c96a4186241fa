/**
 * The calls of the 「この法人をウォッチ」 button (search results, record page): apart from ./api.ts,
 * which re-exports them, so those pages load only these (docs/decisions/0030, page weight).
 */
import { apiFetch } from '@/lib/api-client';

/** GET /api/watch/{法人番号}: whether the member watches the company. */
export function fetchWatching(corporateNumber: string): Promise<{ watching: boolean }> {
  return apiFetch(`/api/watch/${encodeURIComponent(corporateNumber)}`);
}

/** POST /api/watch: adds a company (idempotent: `added` is false when it was already watched), with its name. */
export function addWatch(corporateNumber: string): Promise<{ corporateNumber: string; name: string; added: boolean }> {
  return apiFetch('/api/watch', { method: 'POST', body: { corporateNumber } });
}

/** DELETE /api/watch/{法人番号}. */
export function removeWatch(corporateNumber: string): Promise<{ removed: true }> {
  return apiFetch(`/api/watch/${encodeURIComponent(corporateNumber)}`, { method: 'DELETE' });
}
