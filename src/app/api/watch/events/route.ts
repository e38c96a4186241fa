import { listWatchEvents } from '@/features/watch/index.server';
import { defineRoute, method } from '@/server/http/route';

/** GET /api/watch/events — changes of the member's watched companies over the last 90 days, newest first. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: method({
    auth: 'required',
    handler: async ({ session }) => ({ events: await listWatchEvents(session.userId) }),
  }),
});
