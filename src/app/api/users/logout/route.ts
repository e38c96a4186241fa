import { endSession } from '@/features/accounts/server/auth-session';
import { defineRoute, method } from '@/server/http/route';

/**
 * POST /api/users/logout — ends the session server-side and removes the cookie. Works with an
 * already expired session too (the client clears its storage either way). Answers the CSRF token
 * of the logged-out browser: `{ csrf_token }`.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  POST: method({
    handler: async (ctx) => endSession(ctx, ctx.session),
  }),
});
