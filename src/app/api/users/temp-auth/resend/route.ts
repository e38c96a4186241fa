import { ResendCodeBodySchema } from '@/features/accounts/schemas';
import { resendRegistrationCode } from '@/features/accounts/server/registration';
import { defineRoute, method } from '@/server/http/route';

/**
 * POST /api/users/temp-auth/resend — not in the spec: a new code for the same registration
 * request (60 s cool-down, 5 per hour per address). Body `{ requestId }`.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  POST: method({
    body: ResendCodeBodySchema,
    handler: async ({ body, ip }) => resendRegistrationCode(body.requestId, ip, body.nextPage),
  }),
});
