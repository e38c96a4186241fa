/**
 * The key page's endpoints as the browser calls them (issue 26 §3). Answers are typed by
 * type-only imports of ../schemas (erased: no zod in the page's bundle).
 */
import { apiFetch } from '@/lib/api-client';
import type { ApiKey } from '@/lib/api-key';

import type { ApiKeyList, CreatedApiKey } from '../schemas';

/** GET /api/api-keys: the member's keys, the last 30 days' requests and this month's use. */
export function apiKeysKey(): ApiKey<ApiKeyList> {
  return '/api/api-keys';
}

/** POST /api/api-keys: a new key, shown once. */
export function createKey(name: string): Promise<CreatedApiKey> {
  return apiFetch('/api/api-keys', { method: 'POST', body: { name } });
}

/** DELETE /api/api-keys/{id} */
export function revokeKey(id: string): Promise<{ revoked: true }> {
  return apiFetch(`/api/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
