import { resumePayment } from '@/features/payments/server/order-payment';
import { RetryPaymentBodySchema } from '@/features/purchase/schemas';
import { defineRoute, method } from '@/server/http/route';

/**
 * POST /api/payments/retry `{ paymentId, card: {token} | {cardId} }` (docs/api.md, docs/decisions/0023)
 * — お支払いを再開: a new 3-D Secure attempt for the member's own unpaid order (本人認証待ち or
 * お支払い未完了) before its payment deadline, with the same or another card. Answers as
 * `/api/payments/purchase`. The abandoned attempt's charge is checked at PAY.JP first (a charge
 * that did complete makes the order paid: `status: 'paid'`) and never finished afterwards.
 * 409 `payment_closed` (expired or cancelled), `payment_in_progress`, `price_changed`.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  POST: method({
    auth: 'required',
    body: RetryPaymentBodySchema,
    handler: async ({ session, body }) => resumePayment(session.userId, body),
  }),
});
