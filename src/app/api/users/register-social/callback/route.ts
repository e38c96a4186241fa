import { SocialCallbackQuerySchema } from '@/features/accounts/schemas';
import { finishSocial } from '@/features/accounts/server/social';
import { defineRoute, method } from '@/server/http/route';

/**
 * GET /api/users/register-social/callback — not in the spec: the OpenID redirect URI. Verifies
 * state, exchanges the code (PKCE), verifies the ID token and nonce, logs in (a new session), and
 * redirects to /login/complete, which stores what the client keeps and continues to nextPage.
 * Failures redirect to /register?error=<code>.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: method({
    query: SocialCallbackQuerySchema,
    handler: async (ctx) => finishSocial('register', ctx.query, ctx),
  }),
});
