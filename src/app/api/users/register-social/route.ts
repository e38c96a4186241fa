import { SocialStartQuerySchema } from '@/features/accounts/schemas';
import { startSocial } from '@/features/accounts/server/social';
import { defineRoute, method } from '@/server/http/route';

/**
 * GET /api/users/register-social — starts Google sign-in for registration (needs `?agreement=true`: the terms were accepted on /register): keeps state, nonce and the
 * PKCE verifier in a signed, 10-minute HttpOnly SameSite=Lax cookie and redirects to the
 * provider. Optional `?nextPage=` (same-site paths only).
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: method({
    query: SocialStartQuerySchema,
    handler: async (ctx) => startSocial('register', ctx.query, ctx),
  }),
});
