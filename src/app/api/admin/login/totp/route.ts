import { TotpBodySchema } from '@/features/backoffice';
import { staffTotpStep } from '@/features/backoffice/server/login';
import { staffMethod, defineRoute } from '@/server/http/route';

/** POST /api/admin/login/totp — `{ code }` after the password step; sets the full staff session cookie. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  POST: staffMethod({
    access: 'pending',
    body: TotpBodySchema,
    handler: async (ctx) => staffTotpStep(ctx.body.code, ctx.session, ctx),
  }),
});
