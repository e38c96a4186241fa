import { csrfTokenForRequest, defineRoute, method } from '@/server/http/route';

/**
 * GET /api/session/csrf — not in the spec; how a browser gets its first `csrf_token`
 * (docs/decisions/0004-csrf.md). Issues the pre-session cookie when the browser has no cookie
 * to bind the token to.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: method({
    auth: 'none',
    personal: true,
    handler: async ({ request, setCookie }) => ({ csrf_token: csrfTokenForRequest(request, setCookie) }),
  }),
});
