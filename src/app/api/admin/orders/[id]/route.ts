import { OrderIdParamsSchema } from '@/features/backoffice';
import { getOrderForAdmin } from '@/features/backoffice/server/orders';
import { staffMethod, defineRoute } from '@/server/http/route';

/** GET /api/admin/orders/{id} — the order, its member's e-mail, receipt number and timeline. Staff and managers. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: staffMethod({
    access: 'staff',
    params: OrderIdParamsSchema,
    handler: async ({ params }) => getOrderForAdmin(params.id),
  }),
});
