/**
 * マイページ's saved delivery addresses as the browser calls them (docs/decisions/0063): apart from
 * ./api.ts, so the recipient step (which gets its saved addresses with the page) loads none of it.
 */
import { apiFetch } from '@/lib/api-client';
import type { ApiKey } from '@/lib/api-key';
import type { Destination } from '@/lib/client-store';

import type { SavedAddress } from '../server/saved-addresses';

export type { SavedAddress };

const ADDRESSES = '/api/users/addresses';

/** GET /api/users/addresses: the member's saved addresses, the most recently used first. */
export function savedAddressesKey(): ApiKey<{ addresses: SavedAddress[] }> {
  return ADDRESSES;
}

/** PUT /api/users/addresses: one saved address changed; answers the list. */
export function updateSavedAddress(id: string, destination: Destination): Promise<{ addresses: SavedAddress[] }> {
  return apiFetch<{ addresses: SavedAddress[] }>(ADDRESSES, { method: 'PUT', body: { id, destination } });
}

/** DELETE /api/users/addresses: one saved address deleted; answers the list. */
export function deleteSavedAddress(id: string): Promise<{ addresses: SavedAddress[] }> {
  return apiFetch<{ addresses: SavedAddress[] }>(ADDRESSES, { method: 'DELETE', body: { id } });
}
