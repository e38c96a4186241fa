import 'server-only';

import { safeEqual, signWithServerSecret } from './tokens';

/**
 * CSRF tokens (docs/decisions/0004-csrf.md). The token is HMAC(SESSION_SECRET, binding) where
 * the binding is the value of the browser's session cookie, or — before login — of its
 * pre-session cookie. Both cookies are HttpOnly random values, so a token is useless in any other
 * browser, needs no storage, and changes whenever the session does (login, logout).
 */
export function csrfTokenFor(binding: string): string {
  return signWithServerSecret(`csrf:v1:${binding}`);
}

export function verifyCsrfToken(binding: string | undefined, token: string | null): boolean {
  if (!binding || !token) return false;
  return safeEqual(csrfTokenFor(binding), token);
}
