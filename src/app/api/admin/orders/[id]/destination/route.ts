import { DestinationCorrectionBodySchema } from '@/features/backoffice';
import { correctDestinationAsStaff } from '@/features/backoffice/server/orders';
import { orderAction } from '@/features/backoffice/server/order-action';
import { defineRoute } from '@/server/http/route';

/**
 * POST /api/admin/orders/{id}/destination {recipient, destinationZipCode, destinationPrefecture,
 * destinationCity, destinationStreet, destinationApartmentEtc} — corrects the delivery address
 * before the order ships, by the member's order form's rules (422 with the fields' messages); 409
 * once shipped. The audit row keeps the old and the new address. Staff and managers.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  POST: orderAction(DestinationCorrectionBodySchema, correctDestinationAsStaff),
});
