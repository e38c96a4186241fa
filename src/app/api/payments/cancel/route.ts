import { toOrderView } from '@/features/orders/index.server';
import { cancelUnpaidOrder } from '@/features/payments/server/order-payment';
import { CancelOrderBodySchema } from '@/features/purchase/schemas';
import { defineRoute, method } from '@/server/http/route';

/**
 * POST /api/payments/cancel `{ paymentId }` (docs/api.md, docs/decisions/0023) — この申込みを取り消す:
 * withdraws the member's own unpaid order (本人認証待ち or お支払い未完了) → `{ order }` now
 * 取り消し済み; nothing is charged. PAY.JP is asked first: a charge that completed makes the order
 * paid and the answer is 409 `already_paid`. 409 `payment_closed` (expired), `payment_in_progress`;
 * 503 when PAY.JP cannot be asked (nothing changes).
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  POST: method({
    auth: 'required',
    body: CancelOrderBodySchema,
    handler: async ({ session, body }) => ({ order: toOrderView(await cancelUnpaidOrder(session.userId, body.paymentId)) }),
  }),
});
