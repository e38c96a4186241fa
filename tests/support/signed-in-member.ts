import { cookieName } from '@/server/auth/cookies';
import { csrfTokenFor } from '@/server/auth/csrf';
import { createSession } from '@/server/auth/session';

import { createUser } from '../factories/users';
import { call, sameOriginJson } from './requests';

/**
 * A new member with a session, for integration tests that call route handlers directly: the
 * session cookie, its CSRF token, and `send` (a same-origin JSON request with both).
 */
export async function signedInMember() {
  const user = await createUser();
  const { token } = await createSession(user.id);
  const cookie = `${cookieName('session')}=${token}`;
  const csrf = csrfTokenFor(token);
  const send = (route: Parameters<typeof call>[0], p: string, method: string, body?: unknown, params?: Record<string, string>) =>
    call(route, p, {
      method,
      headers: sameOriginJson(csrf, cookie),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(params ? { params } : {}),
    });
  return { user, cookie, csrf, send };
}
