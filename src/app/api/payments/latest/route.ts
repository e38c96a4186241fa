import { latestOrderView } from '@/features/payments/server/latest-order';
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
      const order = await latestOrderView(session.userId, query.paymentId);
      if (!order) throw new AppError('not_found', { message: 'ご注文が見つかりませんでした。' });
      return { order };
    },
  }),
});
