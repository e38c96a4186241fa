import { SocialStartQuerySchema } from '@/features/accounts/schemas';
import { startSocial } from '@/features/accounts/server/social';
import { defineRoute, method } from '@/server/http/route';

/**
 * GET /api/users/login-social — starts Google sign-in: keeps state, nonce and the
 * PKCE verifier in a signed, 10-minute HttpOnly SameSite=Lax cookie and redirects to the
 * provider. Optional `?nextPage=` (same-site paths only).
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: method({
    query: SocialStartQuerySchema,
    handler: async (ctx) => startSocial('login', ctx.query, ctx),
  }),
});
