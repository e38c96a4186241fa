import { staffCsrfToken, staffMethod, defineRoute } from '@/server/http/route';

/** GET /api/admin/session/csrf — the back office's CSRF token, bound to the staff cookie (or a pre-session cookie before login). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: staffMethod({
    access: 'public',
    handler: async ({ request, setCookie }) => ({ csrf_token: staffCsrfToken(request, setCookie) }),
  }),
});
