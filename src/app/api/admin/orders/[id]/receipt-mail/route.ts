import { OrderIdParamsSchema } from '@/features/backoffice';
import { resendReceiptMailAsStaff } from '@/features/backoffice/server/orders';
import { staffMethod, defineRoute } from '@/server/http/route';

/**
 * POST /api/admin/orders/{id}/receipt-mail — sends the member the mail with the receipt link again
 * (the order confirmation; paid orders, 5 an hour per order). Staff and managers.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  POST: staffMethod({
    access: 'staff',
    params: OrderIdParamsSchema,
    handler: async ({ params, session, ip }) => resendReceiptMailAsStaff({ id: session.staff.id, ip }, params.id),
  }),
});
