import { assertCardPaymentAvailable } from '@/features/payments/server/public-key';
import { CreatePaymentHistoryBodySchema } from '@/features/purchase/schemas';
import { createOrder } from '@/features/purchase/server/orders/orders';
import { defineRoute, method } from '@/server/http/route';

/**
 * POST /api/payments/create-payment-history (docs/api.md) — creates the pending order with the
 * server's price snapshot → `{ paymentId, orderNumber, status, totalYen }`. The same `idempotencyKey` answers
 * the same order; a total different from `expectedTotalYen` is 409 `price_changed`; 503
 * `payment_unavailable` while card payment is switched off (no order is created then).
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  POST: method({
    auth: 'required',
    body: CreatePaymentHistoryBodySchema,
    handler: async ({ session, body }) => {
      assertCardPaymentAvailable();
      const order = await createOrder(session.userId, body);
      return { paymentId: order.id, orderNumber: order.orderNumber, status: order.status, totalYen: order.amountYen };
    },
  }),
});
