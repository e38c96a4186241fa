import 'server-only';

import { cookies } from 'next/headers';
import { cache } from 'react';

import { cookieName } from './cookies';
import { validateSessionToken, type Session } from './session';

/**
 * The member session of the request a page is rendered for, or null (no cookie, expired, revoked).
 * Cached per request, so the member layout and the page share one look-up. A page uses it to
 * render what it can on the server (docs/decisions/0033); it never replaces the API's own check:
 * every API call is authorised by the route wrapper (conventions.md §7).
 */
export const currentMemberSession = cache(async (): Promise<Session | null> => {
  const token = (await cookies()).get(cookieName('session'))?.value;
  if (!token) return null;
  try {
    return await validateSessionToken(token);
  } catch {
    // A database problem must not take the page down: the page then renders as for a visitor whose
    // login the browser checks (the loading overlay), and its API calls report the problem.
    return null;
  }
});
