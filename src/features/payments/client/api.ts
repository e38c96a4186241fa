/**
 * The payments feature's endpoints as the browser calls them (docs/decisions/0030): each one's
 * path, method and answer type, and the SWR keys of the ones read with SWR. Components call these
 * functions and keys, never a `/api/…` string. Answers are typed by type-only imports of the
 * server's shapes (no zod, nothing of the server in the bundle); the server validates what it is
 * sent, and the answers are built by the typed handlers these types come from. The card calls of
 * the card forms are in ./cards.ts: the payment history, which loads this module for
 * この申込みを取り消す, does not need them (a page loads a module whole).
 */
import type { ApiKey } from '@/lib/api-key';
import { apiFetch } from '@/lib/api-client';

import type { OrderView } from '@/features/orders/index.server';
import type { ChargeRequest, RetryPaymentRequest } from '@/features/purchase';
import type { PayjpBuyerMessage } from '../payjp-messages';
import type { PurchaseResult } from '../server/order-payment';

/**
 * The answer of POST /api/payments/purchase and /api/payments/retry (docs/api.md), and the bodies
 * of both (`PurchaseBodySchema`, `RetryPaymentBodySchema`, as `z.input`): type-only, erased.
 */
export type { ChargeRequest, PurchaseResult, RetryPaymentRequest };

/** An order as GET /api/payments/latest answers it: with PAY.JP's outcome in the buyer's words when it failed. */
export type LatestOrder = OrderView & { failure: PayjpBuyerMessage | null };

/** The card an order is paid with: a payjp.js token, or a card registered at PAY.JP (`PurchaseBodySchema`'s `card`). */
export type PaymentCard = ChargeRequest['card'];

/**
 * GET /api/payments/latest[?paymentId=…]: the order named (or, with `undefined`, the member's
 * newest), settled with PAY.JP first. The id is passed as given (callers check it is a UUID).
 */
export function latestOrderKey(paymentId?: string): ApiKey<{ order: LatestOrder }> {
  return paymentId === undefined ? '/api/payments/latest' : `/api/payments/latest?paymentId=${encodeURIComponent(paymentId)}`;
}

/** POST /api/payments/purchase: charges a pending order. */
export function purchase(body: ChargeRequest): Promise<PurchaseResult> {
  return apiFetch<PurchaseResult>('/api/payments/purchase', { method: 'POST', body });
}

/** POST /api/payments/retry: pays an unpaid order again (0023) — the attempt the page showed (0057). */
export function retryPayment(body: RetryPaymentRequest): Promise<PurchaseResult> {
  return apiFetch<PurchaseResult>('/api/payments/retry', { method: 'POST', body });
}

/** POST /api/payments/cancel: この申込みを取り消す (0023). */
export function cancelOrder(paymentId: string): Promise<{ order: OrderView }> {
  return apiFetch<{ order: OrderView }>('/api/payments/cancel', { method: 'POST', body: { paymentId } });
}
