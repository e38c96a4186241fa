import { OrderIdParamsSchema } from '@/features/backoffice';
import { getOrderForAdmin } from '@/features/backoffice/server/orders';
import { adminMethod, defineAdminRoute } from '@/server/http/admin-route';

/** GET /api/admin/orders/{id} — the order, its member's e-mail, receipt number and timeline. Staff and managers. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineAdminRoute({
  GET: adminMethod({
    access: 'staff',
    params: OrderIdParamsSchema,
    handler: async ({ params }) => getOrderForAdmin(params.id),
  }),
});
