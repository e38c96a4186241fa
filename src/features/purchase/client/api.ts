/**
 * The purchase flow's own endpoints as the browser calls them (docs/decisions/0030): the catalogue,
 * the price, the order and the postal-code lookup of the recipient step. Charging, cards and the
 * order's outcome are the payments feature's (`@/features/payments`). Answers are
 * typed by type-only imports (the zod schema of an answer, where there is one, stays out of the
 * bundle: `import type` is erased).
 */
import { apiFetch } from '@/lib/api-client';
import type { ApiKey } from '@/lib/api-key';

import type { AddressCandidate, ZipcodeLookupResponse } from '@/features/address';
import type { OrderStatus } from '@/features/orders';
import type { CreateOrderRequest } from '../schemas';
import type { ItemsAll, TaxView } from '../server/items';

export type { AddressCandidate, ItemsAll, TaxView };

/** GET /api/items/all: the items and their prices. */
export function itemsKey(): ApiKey<ItemsAll> {
  return '/api/items/all';
}

/**
 * GET /api/items/tax?items=id:qty,…&deliverySpeed=…[&resume=paymentId]: the price of a selection, for
 * this member — as a new order, or (`resume`) as the unpaid order the screen would pay again.
 */
export function taxKey(
  items: readonly (readonly [itemId: string, quantity: number])[],
  deliverySpeed: string,
  resume?: string,
): ApiKey<TaxView> {
  return `/api/items/tax?items=${items.map(([id, q]) => `${id}:${q}`).join(',')}&deliverySpeed=${deliverySpeed}${resume ? `&resume=${resume}` : ''}`;
}

/** The body of POST /api/payments/create-payment-history (`CreatePaymentHistoryBodySchema`'s input). */
export type { CreateOrderRequest };

/** POST /api/payments/create-payment-history: the pending order with the server's price. */
export function createOrder(
  body: CreateOrderRequest,
): Promise<{ paymentId: string; orderNumber: string; status: OrderStatus; totalYen: number }> {
  return apiFetch('/api/payments/create-payment-history', { method: 'POST', body });
}

/** GET /api/address/zipcode-to-address?zipcode=…: the addresses of a postal code (404 when none). */
export function lookupZipcode(zipcode: string): Promise<ZipcodeLookupResponse> {
  return apiFetch<ZipcodeLookupResponse>('/api/address/zipcode-to-address', { query: { zipcode } });
}
