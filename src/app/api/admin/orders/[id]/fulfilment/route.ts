import { FulfilmentBodySchema, OrderIdParamsSchema } from '@/features/backoffice';
import { advanceOrderAsStaff } from '@/features/backoffice/server/orders';
import { staffMethod, defineRoute } from '@/server/http/route';

/**
 * POST /api/admin/orders/{id}/fulfilment {to, expectedFrom, applicationNumber?, carrier?, trackingNumber?, note?}
 * — 法務局へ請求済み / 発送済み / 完了. 409 when the order is no longer in `expectedFrom`. Staff and managers.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  POST: staffMethod({
    access: 'staff',
    params: OrderIdParamsSchema,
    body: FulfilmentBodySchema,
    handler: async ({ params, body, session, ip }) => advanceOrderAsStaff({ id: session.staff.id, ip }, params.id, body),
  }),
});
