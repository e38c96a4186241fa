import { FulfilmentBodySchema } from '@/features/backoffice';
import { advanceOrderAsStaff } from '@/features/backoffice/server/orders';
import { orderAction } from '@/features/backoffice/server/order-action';
import { defineRoute } from '@/server/http/route';

/**
 * POST /api/admin/orders/{id}/fulfilment {to, expectedFrom, applicationNumber?, carrier?, trackingNumber?, note?}
 * — 法務局へ請求済み / 発送済み / 完了. 409 when the order is no longer in `expectedFrom`. Staff and managers.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  POST: orderAction(FulfilmentBodySchema, advanceOrderAsStaff),
});
