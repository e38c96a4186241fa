/**
 * The card endpoints of the card forms (the recipient and resume steps) as the browser calls them
 * (docs/decisions/0030): the member's cards kept at PAY.JP, registering and deleting one, and the
 * PAY.JP public key. Apart from ./api.ts, which the payment history loads. Answers typed by
 * type-only imports (no zod, nothing of the server in the bundle).
 */
import type { ApiKey } from '@/lib/api-key';
import { apiFetch } from '@/lib/api-client';

import type { CardView } from '../server/customers';

export type { CardView };

const CARDS = '/api/credit-cards/card';

/** GET /api/credit-cards/card: the member's cards kept at PAY.JP. */
export function cardsKey(): ApiKey<{ cards: CardView[] }> {
  return CARDS;
}

/** POST /api/credit-cards/card: registers the card of a payjp.js token (the default card unless `makeDefault` is false). */
export function addCard(token: string, options?: { makeDefault: boolean }): Promise<{ card: CardView }> {
  return apiFetch<{ card: CardView }>(CARDS, { method: 'POST', body: { token, ...options } });
}

/** DELETE /api/credit-cards/card. */
export function deleteCard(cardId: string): Promise<{ deleted: true }> {
  return apiFetch<{ deleted: true }>(CARDS, { method: 'DELETE', body: { cardId } });
}

/** PATCH /api/credit-cards/card: makes the card the default one; answers the list. */
export function setDefaultCard(cardId: string): Promise<{ cards: CardView[] }> {
  return apiFetch<{ cards: CardView[] }>(CARDS, { method: 'PATCH', body: { cardId } });
}

/** GET /api/payjp/public-key (spec §7): `''` while card payment is switched off. */
export function fetchPayjpPublicKey(): Promise<{ result: string }> {
  return apiFetch<{ result: string }>('/api/payjp/public-key');
}
