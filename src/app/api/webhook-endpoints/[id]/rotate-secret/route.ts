import { WebhookEndpointIdParamsSchema } from '@/features/api';
import { rotateWebhookSecret } from '@/features/api/index.server';
import { defineRoute, method } from '@/server/http/route';

/** POST /api/webhook-endpoints/{id}/rotate-secret: a new signing secret, shown once; the old one signs for 24 more hours. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  POST: method({
    auth: 'required',
    params: WebhookEndpointIdParamsSchema,
    handler: async ({ session, params }) => rotateWebhookSecret(session.userId, params.id),
  }),
});
