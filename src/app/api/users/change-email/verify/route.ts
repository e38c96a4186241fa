import { ChangeEmailVerifyBodySchema } from '@/features/accounts/schemas';
import { completeEmailChange } from '@/features/accounts/server/my-page';
import { defineRoute, method } from '@/server/http/route';

/**
 * POST /api/users/change-email/verify — not in the spec: my page, step 2. Body `{ requestId,
 * code }` → `{ user_email }`; the old address gets a notice.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  POST: method({
    auth: 'required',
    body: ChangeEmailVerifyBodySchema,
    handler: async ({ session, body, ip }) => completeEmailChange(session, body, ip),
  }),
});
