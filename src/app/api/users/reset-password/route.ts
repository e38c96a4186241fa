import { ResetPasswordBodySchema } from '@/features/accounts/schemas';
import { resetPassword } from '@/features/accounts/server/password-reset';
import { defineRoute, method } from '@/server/http/route';

/**
 * POST /api/users/reset-password — sets the new password with a reset token (single use), ends
 * every session of the account and mails a notice; no automatic login. Body `{ token, password }`
 * → `{ ok: true }`.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  POST: method({
    body: ResetPasswordBodySchema,
    handler: async ({ body, ip }) => {
      await resetPassword(body.token, body.password, ip);
      return { ok: true };
    },
  }),
});
