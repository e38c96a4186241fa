import { OrderIdParamsSchema } from '@/features/backoffice';
import { resendShippedMailAsStaff } from '@/features/backoffice/server/orders';
import { staffMethod, defineRoute } from '@/server/http/route';

/** POST /api/admin/orders/{id}/shipped-mail — sends the 発送のお知らせ again (after a failed send). Staff and managers. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  POST: staffMethod({
    access: 'staff',
    params: OrderIdParamsSchema,
    handler: async ({ params, session, ip }) => resendShippedMailAsStaff({ id: session.staff.id, ip }, params.id),
  }),
});
