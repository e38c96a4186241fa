import { OrderIdParamsSchema, RefundBodySchema } from '@/features/backoffice';
import { listOrderRefunds, refundOrderAsManager } from '@/features/backoffice/server/refunds';
import { orderAction } from '@/features/backoffice/server/order-action';
import { staffMethod, defineRoute } from '@/server/http/route';

/**
 * GET /api/admin/orders/{id}/refunds — the order's refunds (staff and managers).
 * POST /api/admin/orders/{id}/refunds {amountYen, reason, ministryFeeYen?} — a refund through
 * PAY.JP (managers only): the refund as recorded (完了, 失敗, or 確認中 when PAY.JP's answer
 * was lost); 409 while another refund of the order is in flight, 422 over what is left.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: staffMethod({
    access: 'staff',
    params: OrderIdParamsSchema,
    handler: async ({ params }) => ({ refunds: await listOrderRefunds(params.id) }),
  }),
  POST: orderAction(RefundBodySchema, refundOrderAsManager, 'manager'),
});
