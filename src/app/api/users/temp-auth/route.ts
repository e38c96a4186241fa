import { TempAuthBodySchema } from '@/features/accounts/schemas';
import { completeRegistration } from '@/features/accounts/server/registration';
import { defineRoute, method } from '@/server/http/route';

/**
 * POST /api/users/temp-auth — step 2 of registration: the code creates the account and logs in.
 * Body `{ requestId, code }` → the login response `{ auth_expire_time, csrf_token, user_email, isDemoUser, isGoogleUser }`.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  POST: method({
    body: TempAuthBodySchema,
    handler: async (ctx) => completeRegistration(ctx.body, ctx),
  }),
});
