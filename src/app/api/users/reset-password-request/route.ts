import { ResetRequestBodySchema } from '@/features/accounts/schemas';
import { requestPasswordReset } from '@/features/accounts/server/password-reset';
import { defineRoute, method } from '@/server/http/route';

/**
 * POST /api/users/reset-password-request — not in the spec: starts a password reset. Body
 * `{ email }` → `{ ok: true }` whether or not the address has an account (a link is mailed only
 * if it has one).
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  POST: method({
    body: ResetRequestBodySchema,
    handler: async ({ body, ip }) => {
      await requestPasswordReset(body.email, ip);
      return { ok: true };
    },
  }),
});
