import { ResetVerifyBodySchema } from '@/features/accounts/schemas';
import { verifyResetToken } from '@/features/accounts/server/password-reset';
import { defineRoute, method } from '@/server/http/route';

/**
 * POST /api/users/reset-password-verify — checks a reset link's token without using it up.
 * Body `{ token }` → `{ valid: true, email: "t***@example.jp" }`, or 400 `reset_link_invalid`.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  POST: method({
    body: ResetVerifyBodySchema,
    handler: async ({ body }) => ({ valid: true, ...(await verifyResetToken(body.token)) }),
  }),
});
