import { TotpBodySchema } from '@/features/backoffice';
import { staffTotpStep } from '@/features/backoffice/server/login';
import { adminMethod, defineAdminRoute } from '@/server/http/admin-route';

/** POST /api/admin/login/totp — `{ code }` after the password step; sets the full staff session cookie. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineAdminRoute({
  POST: adminMethod({
    access: 'pending',
    body: TotpBodySchema,
    handler: async (ctx) => staffTotpStep(ctx.body.code, ctx.session, ctx),
  }),
});
