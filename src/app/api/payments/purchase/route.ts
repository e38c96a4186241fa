import { purchase } from '@/features/payments/server/order-payment';
import { PurchaseBodySchema } from '@/features/purchase/schemas';
import { defineRoute, method } from '@/server/http/route';

/**
 * POST /api/payments/purchase `{ paymentId, card: {token} | {cardId} }` (docs/api.md) — charges
 * the order's own amount with 3-D Secure. Answers, by `status`:
 * - `awaiting_3ds` + `redirectUrl`: send the browser there (PAY.JP's 3-D Secure page);
 * - `paid`; `failed`/`expired` + `failure: {code, message, action}`;
 * - `charging`/`unknown` + `message`: the outcome is being checked; do not pay again.
 * Idempotent: a repeated call never makes a second charge. 503 `payment_unavailable` while card
 * payment is switched off (`PAYJP_PUBLIC_KEY=`).
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  POST: method({
    auth: 'required',
    body: PurchaseBodySchema,
    handler: async ({ session, body }) => purchase(session.userId, body),
  }),
});
