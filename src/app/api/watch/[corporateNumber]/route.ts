import { WatchNumberParamsSchema } from '@/features/watch';
import { isWatching, removeWatch } from '@/features/watch/index.server';
import { defineRoute, method } from '@/server/http/route';

/**
 * GET /api/watch/{法人番号} — `{ watching }` for the record page's button.
 * DELETE /api/watch/{法人番号} — stop watching (404 when the member does not watch it).
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: method({
    auth: 'required',
    params: WatchNumberParamsSchema,
    handler: async ({ session, params }) => ({ watching: await isWatching(session.userId, params.corporateNumber) }),
  }),
  DELETE: method({
    auth: 'required',
    params: WatchNumberParamsSchema,
    handler: async ({ session, params }) => {
      await removeWatch(session.userId, params.corporateNumber);
      return { removed: true };
    },
  }),
});
