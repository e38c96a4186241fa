import { WATCH_MESSAGES, WatchUnsubscribeBodySchema } from '@/features/watch';
import { unsubscribeWithToken } from '@/features/watch/index.server';
import { AppError } from '@/server/http/app-error';
import { defineRoute, method } from '@/server/http/route';

/**
 * POST /api/watch/unsubscribe — `{ user, token }` from the digest mail's link: stops that member's
 * digest without logging in (the token is an HMAC of the member id; a wrong one changes nothing →
 * 403). The page that posts it carries the usual CSRF token of a logged-out browser.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  POST: method({
    auth: 'none',
    personal: true,
    body: WatchUnsubscribeBodySchema,
    handler: async ({ body }) => {
      if (!(await unsubscribeWithToken(body.user, body.token)))
        throw new AppError('forbidden', { message: WATCH_MESSAGES.unsubscribe_invalid });
      return { unsubscribed: true };
    },
  }),
});
