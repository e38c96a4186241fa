import { RegisterBodySchema } from '@/features/accounts/schemas';
import { startRegistration } from '@/features/accounts/server/registration';
import { defineRoute, method } from '@/server/http/route';

/**
 * POST /api/users/register — step 1 of registration: checks the password policy and mails a
 * 6-digit code (or, for an address that already has an account, a notice; same answer).
 * Body `{ email, password, agreement: true }` → `{ requestId, email, resendAfterSeconds, expiresInSeconds }`.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  POST: method({
    body: RegisterBodySchema,
    handler: async ({ body, ip }) => startRegistration(body, ip),
  }),
});
