import 'server-only';

import { stringifySetCookie } from 'cookie';

import { sessionPolicy } from '@/config/server';

/**
 * Cookie names and attributes (security.md "Sessions"): `__Host-` prefix in production (which
 * forces Secure, Path=/ and no Domain), HttpOnly, SameSite=Lax so the Google sign-in callback —
 * a cross-site top-level GET — still carries them (domain.md §4). `admin` is the back office's
 * staff session (docs/decisions/0012): a different cookie, so a member session never reaches it.
 */
export function cookieName(base: 'session' | 'pre' | 'oidc' | 'admin' | 'device' | 'admin_device'): string {
  return sessionPolicy().secureCookies ? `__Host-hojin_${base}` : `hojin_${base}`;
}

export interface CookieOptions {
  httpOnly: true;
  secure: boolean;
  sameSite: 'lax';
  path: '/';
  maxAge?: number;
}

export function cookieOptions(maxAgeSeconds?: number): CookieOptions {
  return {
    httpOnly: true,
    secure: sessionPolicy().secureCookies,
    sameSite: 'lax',
    path: '/',
    ...(maxAgeSeconds !== undefined ? { maxAge: maxAgeSeconds } : {}),
  };
}

/**
 * One Set-Cookie header value (the `cookie` package writes it; the value is URI-encoded). `null`
 * options delete the cookie: the same attributes with Max-Age=0.
 */
export function serializeCookie(name: string, value: string, options: CookieOptions | null): string {
  return stringifySetCookie(name, value, options ?? cookieOptions(0));
}
