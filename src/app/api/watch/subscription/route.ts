import { WatchSubscriptionBodySchema } from '@/features/watch';
import { setDigest } from '@/features/watch/index.server';
import { defineRoute, method } from '@/server/http/route';

/** PUT /api/watch/subscription — `{ digest }`: the daily digest mail on or off. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  PUT: method({
    auth: 'required',
    body: WatchSubscriptionBodySchema,
    handler: async ({ session, body }) => {
      await setDigest(session.userId, body.digest);
      return { digest: body.digest };
    },
  }),
});
