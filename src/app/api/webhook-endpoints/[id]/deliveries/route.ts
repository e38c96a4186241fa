import { WebhookEndpointIdParamsSchema } from '@/features/api';
import { listWebhookDeliveries } from '@/features/api/index.server';
import { defineRoute, method } from '@/server/http/route';

/** GET /api/webhook-endpoints/{id}/deliveries: the endpoint's recent deliveries (status code, attempts) for the key page's log. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: method({
    auth: 'required',
    params: WebhookEndpointIdParamsSchema,
    handler: async ({ session, params }) => listWebhookDeliveries(session.userId, params.id),
  }),
});
