import { failureMessage, settleOrder } from '@/features/payments/server/order-payment';
import { getOwnOrder, latestOrder, toOrderView } from '@/features/orders/server';
import { z } from '@/lib/zod-ja';
import { AppError } from '@/server/http/app-error';
import { defineRoute, method } from '@/server/http/route';

/**
 * GET /api/payments/latest[?paymentId=…] (docs/api.md) — the member's newest order (or the one
 * named), brought up to date with PAY.JP first when its outcome is not settled → `{ order }` with
 * `failure` for a failed payment and `receiptUrl` once paid. No order → 404.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: method({
    auth: 'required',
    query: z.strictObject({ paymentId: z.uuid().optional() }),
    handler: async ({ session, query }) => {
      const row = query.paymentId ? await getOwnOrder(session.userId, query.paymentId) : await latestOrder(session.userId);
      if (!row) throw new AppError('not_found', { message: 'ご注文が見つかりませんでした。' });
      const settled = await settleOrder(row);
      const order = toOrderView(settled);
      return {
        order: {
          ...order,
          failure: order.status === 'failed' || order.status === 'expired' ? failureMessage(order.failureCode) : null,
        },
      };
    },
  }),
});
