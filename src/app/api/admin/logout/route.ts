import { staffLogout } from '@/features/backoffice/server/login';
import { adminMethod, defineAdminRoute } from '@/server/http/admin-route';

/** POST /api/admin/logout — ends the staff session (a pending one too). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineAdminRoute({
  POST: adminMethod({
    access: 'staff',
    allowDuringPasswordChange: true,
    handler: async (ctx) => staffLogout(ctx.session, ctx),
  }),
});
