import { ApiKeyIdParamsSchema } from '@/features/api';
import { revokeApiKey } from '@/features/api/index.server';
import { defineRoute, method } from '@/server/http/route';

/** DELETE /api/api-keys/{id}: revokes one of the member's keys at once (issue 26 §3). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  DELETE: method({
    auth: 'required',
    params: ApiKeyIdParamsSchema,
    handler: async ({ session, params }) => {
      await revokeApiKey(session.userId, params.id);
      return { revoked: true };
    },
  }),
});
