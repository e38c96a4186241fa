import { getMe } from '@/features/accounts/server/my-page';
import { csrfTokenForRequest, defineRoute, method } from '@/server/http/route';

/**
 * GET /api/users/me — not in the spec: my page's basic info, and what the client keeps after a
 * Google sign-in (the session cookie is HttpOnly, so /login/complete asks here):
 * `{ auth_expire_time, csrf_token, user_email, isDemoUser, isGoogleUser, createdAt, hasPassword, signInMethods }`.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: method({
    auth: 'required',
    handler: async ({ request, session, setCookie }) => getMe(session, csrfTokenForRequest(request, setCookie)),
  }),
});
