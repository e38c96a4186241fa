import { WebhookDeliveryParamsSchema } from '@/features/api';
import { replayWebhookDelivery } from '@/features/api/index.server';
import { defineRoute, method } from '@/server/http/route';

/** POST /api/webhook-endpoints/{id}/deliveries/{deliveryId}/replay: sends the delivery's event again (the log's replay button). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  POST: method({
    auth: 'required',
    params: WebhookDeliveryParamsSchema,
    handler: async ({ session, params }) =>
      Response.json(await replayWebhookDelivery(session.userId, params.id, params.deliveryId), { status: 201 }),
  }),
});
