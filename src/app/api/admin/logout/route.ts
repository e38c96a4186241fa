import { staffLogout } from '@/features/backoffice/server/login';
import { staffMethod, defineRoute } from '@/server/http/route';

/** POST /api/admin/logout — ends the staff session (a pending one too). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  POST: staffMethod({
    access: 'staff',
    allowDuringPasswordChange: true,
    handler: async (ctx) => staffLogout(ctx.session, ctx),
  }),
});
