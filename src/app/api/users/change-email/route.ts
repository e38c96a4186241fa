import { ChangeEmailBodySchema } from '@/features/accounts/schemas';
import { startEmailChange } from '@/features/accounts/server/my-page';
import { defineRoute, method } from '@/server/http/route';

/**
 * POST /api/users/change-email — not in the spec: my page, step 1. Body `{ newEmail,
 * currentPassword? }` (the password is required when the account has one; a Google-only member
 * must have signed in within 10 minutes). Mails a code to the new address →
 * `{ requestId, email, resendAfterSeconds, expiresInSeconds }`.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  POST: method({
    auth: 'required',
    body: ChangeEmailBodySchema,
    handler: async ({ session, body, ip }) => startEmailChange(session, body, ip),
  }),
});
