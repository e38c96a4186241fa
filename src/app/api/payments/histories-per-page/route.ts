import { PaymentHistoryQuerySchema } from '@/features/receipts';
import { listPaymentHistory } from '@/features/receipts/server/payment-history';
import { defineRoute, method } from '@/server/http/route';

/** GET /api/payments/histories-per-page?page=1&size=10 — the member's orders, newest first (docs/api.md). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: method({
    auth: 'required',
    query: PaymentHistoryQuerySchema,
    handler: async ({ query, session }) => listPaymentHistory(session.userId, query),
  }),
});
