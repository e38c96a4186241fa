import { ChangePasswordBodySchema } from '@/features/accounts/schemas';
import { changePassword } from '@/features/accounts/server/my-page';
import { defineRoute, method } from '@/server/http/route';

/**
 * POST /api/users/change-password — not in the spec: my page. Body `{ currentPassword,
 * newPassword }`. Every session of the member ends; this browser gets a new one and the answer is
 * the login response. 403 `demo_forbidden` for the demo account.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  POST: method({
    auth: 'required',
    body: ChangePasswordBodySchema,
    handler: async (ctx) => changePassword(ctx.session, ctx.body, ctx),
  }),
});
