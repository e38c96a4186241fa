import { StaffLoginBodySchema } from '@/features/backoffice';
import { staffPasswordStep } from '@/features/backoffice/server/login';
import { staffMethod, defineRoute } from '@/server/http/route';

/** POST /api/admin/login — `{ email, password }`; answers `{ next: 'totp' | 'enrol', csrf_token }` and sets a pending staff cookie. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  POST: staffMethod({
    access: 'public',
    body: StaffLoginBodySchema,
    handler: async (ctx) => staffPasswordStep(ctx.body, ctx),
  }),
});
