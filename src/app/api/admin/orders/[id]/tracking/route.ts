import { TrackingCorrectionBodySchema } from '@/features/backoffice';
import { correctTrackingAsStaff } from '@/features/backoffice/server/orders';
import { orderAction } from '@/features/backoffice/server/order-action';
import { defineRoute } from '@/server/http/route';

/**
 * POST /api/admin/orders/{id}/tracking {carrier, trackingNumber, expectedTrackingNumber} — corrects
 * a shipped order's tracking number and mails the member the corrected one (the audit row keeps
 * both). 409 when the order is not 発送済み or its number is no longer the one the page showed.
 * Staff and managers.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  POST: orderAction(TrackingCorrectionBodySchema, correctTrackingAsStaff),
});
