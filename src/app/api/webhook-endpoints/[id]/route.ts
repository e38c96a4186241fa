import { WebhookEndpointIdParamsSchema } from '@/features/api';
import { deleteWebhookEndpoint } from '@/features/api/index.server';
import { defineRoute, method } from '@/server/http/route';

/** DELETE /api/webhook-endpoints/{id}: deletes one of the member's webhook endpoints and its log (issue 27 §5). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  DELETE: method({
    auth: 'required',
    params: WebhookEndpointIdParamsSchema,
    handler: async ({ session, params }) => {
      await deleteWebhookEndpoint(session.userId, params.id);
      return { deleted: true };
    },
  }),
});
