import 'server-only';

import type { NextRequest } from 'next/server';

import { cookieName, cookieOptions, type CookieOptions } from '@/server/auth/cookies';
import { csrfTokenFor } from '@/server/auth/csrf';
import { markKnownDevice } from '@/server/auth/known-device';
import { createSession, revokeSession, type Session } from '@/server/auth/session';
import { randomToken, sha256Hex } from '@/server/auth/tokens';
import { logger } from '@/server/logger';

import type { LoginResponse } from '../schemas';

import { getAccount } from './users';
import { sessionPolicy } from '@/config/server';

/** The parts of a route context the session functions need. */
export interface SessionIo {
  request: NextRequest;
  ip: string;
  setCookie: (name: string, value: string, options: CookieOptions) => void;
  deleteCookie: (name: string) => void;
}

/**
 * Logs a member in on this browser: the session from before (if any) is revoked and a new one
 * with a new token replaces it (security.md: new token on every login, no session fixation).
 * Returns what the client keeps.
 */
export async function beginSession(
  io: SessionIo,
  userId: string,
  how: 'password' | 'code' | 'google' | 'password_change',
): Promise<LoginResponse> {
  const previous = io.request.cookies.get(cookieName('session'))?.value;
  if (previous) await revokeSession(sha256Hex(previous));
  const { token, session } = await createSession(userId, { userAgent: io.request.headers.get('user-agent'), ip: io.ip });
  // The cookie lives as long as the absolute timeout; the server ends it earlier when idle.
  io.setCookie(cookieName('session'), token, cookieOptions(sessionPolicy().absoluteMs / 1000));
  markKnownDevice('member', io, userId);
  logger.info({ event: 'auth.login', how, userId, ip: io.ip }, 'session started');
  return loginResponse(session, csrfTokenFor(token));
}

export async function loginResponse(session: Session, csrfToken: string): Promise<LoginResponse> {
  const account = await getAccount(session.userId);
  return {
    auth_expire_time: session.expiresAt.toISOString(),
    csrf_token: csrfToken,
    user_email: account?.email ?? null,
    isDemoUser: account?.isDemo ?? false,
    isGoogleUser: account?.isGoogleUser ?? false,
  };
}

/**
 * Ends this browser's session server-side and removes its cookie; answers the CSRF token bound
 * to the pre-session cookie so the browser can keep using the site logged out.
 */
export async function endSession(io: SessionIo, session: Session | null): Promise<{ csrf_token: string }> {
  const token = io.request.cookies.get(cookieName('session'))?.value;
  if (token) await revokeSession(sha256Hex(token));
  io.deleteCookie(cookieName('session'));
  if (session) logger.info({ event: 'auth.logout', userId: session.userId, ip: io.ip }, 'session ended');
  return { csrf_token: preSessionCsrf(io) };
}

/** The CSRF token of a logged-out browser (the pre-session cookie, issued when missing). */
export function preSessionCsrf(io: Pick<SessionIo, 'request' | 'setCookie'>): string {
  let pre = io.request.cookies.get(cookieName('pre'))?.value;
  if (!pre) {
    pre = randomToken();
    io.setCookie(cookieName('pre'), pre, cookieOptions(60 * 60 * 24 * 30));
  }
  return csrfTokenFor(pre);
}
