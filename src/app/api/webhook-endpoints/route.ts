import { WebhookEndpointCreateBodySchema } from '@/features/api';
import { createWebhookEndpoint, listWebhookEndpoints } from '@/features/api/index.server';
import { defineRoute, method } from '@/server/http/route';

/**
 * GET /api/webhook-endpoints: the member's webhook endpoints (the key page, /my-page/api). POST:
 * registers one — the only answer, with a rotation's, that carries its signing secret (issue 27 §5).
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: method({ auth: 'required', handler: async ({ session }) => listWebhookEndpoints(session.userId) }),
  POST: method({
    auth: 'required',
    body: WebhookEndpointCreateBodySchema,
    handler: async ({ session, body }) => Response.json(await createWebhookEndpoint(session.userId, body), { status: 201 }),
  }),
});
