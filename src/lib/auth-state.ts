import { loginPath } from './next-page';
import { storedAuthExpireTime, storedCsrfToken, storedUserEmail } from './browser-storage';

/**
 * Client-side login state (spec §4): logged in means the stored `auth_expire_time` exists and is
 * later than now. The server stays the authority; this only decides what to show and when to
 * send a visitor to /login.
 */
/**
 * Where a protected page sends a visitor who is not logged in (spec §4, §8, changed by
 * docs/decisions/0022): the login page, continuing afterwards to the page they were on (the spec's
 * fixed `/search` lost the order a visitor had started), with `expired=true` only when a login
 * really ended — the stored expiry has passed, or the server answered 401 — never for a visitor
 * who was not logged in at all.
 */
export function loginRedirect({
  expired,
  here,
  passwordChanged = false,
}: {
  expired: boolean;
  here: string;
  passwordChanged?: boolean;
}): string {
  // A login this page load saw that is gone — not expired, not ended in this tab (clearLogin) — was
  // ended by another tab's logout: the login page says so (issue 24 §4, docs/decisions/0063).
  return loginPath({ nextPage: here, expired, passwordChanged, loggedOutElsewhere: sawLogin && !expired && !isLoggedIn() });
}

/** Whether this page load has seen a live login (isLoggedIn answered true since the last clearLogin). */
let sawLogin = false;

/** True when this browser had a login whose expiry has passed (not: never logged in, or logged out). */
export function loginHasExpired(now = Date.now()): boolean {
  const value = storedAuthExpireTime.read();
  return value !== null && !isLoggedIn(now);
}

/** The current page as a `nextPage` value (path and query). */
export function currentPage(): string {
  return typeof window === 'undefined' ? '/' : `${window.location.pathname}${window.location.search}`;
}
/** spec §9: at most 10 re-checks on a protected page before redirecting. */
export const LOGIN_RECHECKS = 10;

export function isLoggedIn(now = Date.now()): boolean {
  const value = storedAuthExpireTime.read();
  if (!value) return false;
  const expires = Date.parse(value);
  const live = Number.isFinite(expires) && expires > now;
  if (live) sawLogin = true;
  return live;
}

export function setAuthExpireTime(iso: string): void {
  if (Number.isFinite(Date.parse(iso))) storedAuthExpireTime.write(iso);
}

export function clearAuthExpireTime(): void {
  storedAuthExpireTime.remove();
}

/** Login response: what the client keeps (spec §3 storage keys). */
export function storeLogin(data: { auth_expire_time: string; csrf_token: string; user_email?: string | null }): void {
  storedCsrfToken.write(data.csrf_token);
  if (data.user_email) storedUserEmail.write(data.user_email);
  setAuthExpireTime(data.auth_expire_time);
}

/**
 * A changed e-mail address (my page): the stored user_email follows it, so what is filled in from
 * it later (the card's 本人認証 e-mail on the recipient step) is the new address, not the old one.
 */
export function storeUserEmail(email: string): void {
  storedUserEmail.write(email);
}

/**
 * When this tab last ended the login itself (logout, unregister). The page that did it navigates
 * on (to /login?loggedOut=true, …); the protected-page guard must not race it with its own
 * "log in first" redirect while that navigation loads, which can take a while on a slow line.
 */
let endedHereAt = Number.NEGATIVE_INFINITY;
const ENDED_HERE_GRACE_MS = 5000;

export function loginEndedHereRecently(now = Date.now()): boolean {
  return now - endedHereAt < ENDED_HERE_GRACE_MS;
}

/** Logout or unregister: forget everything tied to the account. */
export function clearLogin(): void {
  endedHereAt = Date.now();
  sawLogin = false;
  storedUserEmail.remove();
  storedCsrfToken.remove();
  clearAuthExpireTime();
}

/** The header and the guards re-render when the login changes in this tab or another. */
export function subscribeAuth(listener: () => void): () => void {
  return storedAuthExpireTime.subscribe(listener);
}
