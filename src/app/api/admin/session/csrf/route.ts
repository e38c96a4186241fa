import { adminCsrfToken, adminMethod, defineAdminRoute } from '@/server/http/admin-route';

/** GET /api/admin/session/csrf — the back office's CSRF token, bound to the staff cookie (or a pre-session cookie before login). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineAdminRoute({
  GET: adminMethod({
    access: 'public',
    handler: async ({ request, setCookie }) => ({ csrf_token: adminCsrfToken(request, setCookie) }),
  }),
});
