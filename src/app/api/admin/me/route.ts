import { staffMethod, defineRoute } from '@/server/http/route';

/** GET /api/admin/me — the signed-in staff member and when the session ends. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: staffMethod({
    access: 'staff',
    allowDuringPasswordChange: true,
    handler: async ({ session }) => ({
      id: session.staff.id,
      email: session.staff.email,
      displayName: session.staff.displayName,
      role: session.staff.role,
      expiresAt: session.expiresAt.toISOString(),
    }),
  }),
});
