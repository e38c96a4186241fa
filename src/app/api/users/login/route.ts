import { LoginBodySchema } from '@/features/accounts/schemas';
import { loginWithPassword } from '@/features/accounts/server/login';
import { defineRoute, method } from '@/server/http/route';

/**
 * POST /api/users/login — body `{ email, password }`; sets a new session cookie and answers
 * `{ auth_expire_time, csrf_token, user_email, isDemoUser, isGoogleUser }`. Any wrong combination
 * answers 401 `invalid_credentials` with one message.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  POST: method({
    body: LoginBodySchema,
    handler: async (ctx) => loginWithPassword(ctx.body, ctx),
  }),
});
