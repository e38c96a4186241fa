import { clearLogin, storeLogin } from '@/lib/auth-state';
import { jsonValue, storedCsrfToken, textValue } from '@/lib/browser-storage';
import { resetAll, setPiece } from '@/lib/client-store';
import { APP_STORAGE_KEYS } from '@/lib/app-storage-keys';

import { nextPageOrNull } from '../rules';
import type { CodeRequestResponse, LoginResponse } from '../schemas';

/** After any login: the spec's storage keys and the isDemoUser/isGoogleUser flags. */
export function applyLogin(data: LoginResponse): void {
  storeLogin(data);
  setPiece('flags', (prev) => ({ ...prev, isDemoUser: data.isDemoUser, isGoogleUser: data.isGoogleUser }));
}

/** After logout or unregister: forget the account; keep the CSRF token of the logged-out browser. */
export function applyLogout(csrfToken?: string): void {
  clearLogin();
  resetAll();
  if (csrfToken) storedCsrfToken.write(csrfToken);
}

/**
 * A code request waiting for its code (registration → /temporary-auth). Kept in sessionStorage:
 * it belongs to this tab and is gone when the tab closes; the request id alone proves nothing.
 */
export interface PendingCode extends CodeRequestResponse {
  /** epoch ms of the last send, for the resend countdown */
  sentAt: number;
  /** where to continue once registered (a safe `nextPage`), so it survives the code step */
  nextPage?: string | null;
}

function isPendingCode(value: unknown): value is PendingCode {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.requestId === 'string' &&
    typeof v.email === 'string' &&
    typeof v.sentAt === 'number' &&
    typeof v.resendAfterSeconds === 'number' &&
    typeof v.expiresInSeconds === 'number'
  );
}

/** The pending registration of this tab; `nextPage` is taken back only when it is a safe one. */
export const storedPendingRegistration = jsonValue('session', APP_STORAGE_KEYS.pendingRegistration, isPendingCode, (value) => ({
  ...value,
  nextPage: nextPageOrNull(value.nextPage),
}));

export function savePendingRegistration(data: CodeRequestResponse, nextPage: string | null): void {
  // storage unavailable: the code screen will ask to start again
  storedPendingRegistration.write({ ...data, sentAt: Date.now(), nextPage });
}

export function loadPendingRegistration(): PendingCode | null {
  return storedPendingRegistration.read();
}

export function clearPendingRegistration(): void {
  storedPendingRegistration.remove();
}

/** The address of this tab's password reset request (storage unavailable: the sending page says "the address you entered"). */
export const storedResetEmail = textValue('session', APP_STORAGE_KEYS.resetEmail, (v) => v.length >= 1 && v.length <= 320);

export function saveResetEmail(email: string): void {
  storedResetEmail.write(email);
}

/**
 * What was just completed in this tab, so that /register/completion and
 * /password-reset/completion say "done" only right after it really happened, not to whoever opens
 * the URL (issue 13). A one-time flag in sessionStorage (this tab only), taken by the page that
 * shows it. Proves nothing to the server, and needs not: the pages only show text.
 */
export type JustCompleted = 'registration' | 'password-reset';

/** epoch ms of the completion */
const COMPLETED_AT = /^\d{1,15}$/;
const COMPLETED: Record<JustCompleted, ReturnType<typeof textValue>> = {
  registration: textValue('session', APP_STORAGE_KEYS.justRegistered, (v) => COMPLETED_AT.test(v)),
  'password-reset': textValue('session', APP_STORAGE_KEYS.justResetPassword, (v) => COMPLETED_AT.test(v)),
};
/** A flag older than this is stale (the tab was left open): not shown. */
const COMPLETED_TTL_MS = 10 * 60 * 1000;
/**
 * A flag taken in this page load stays readable for a moment: React runs a page's effects twice in
 * development, and the second read must agree with the first. A reload starts from nothing.
 */
const TAKEN_GRACE_MS = 2000;
const taken = new Map<JustCompleted, number>();

export function markJustCompleted(kind: JustCompleted): void {
  // storage unavailable: the page then shows its neutral text
  COMPLETED[kind].write(String(Date.now()));
}

/** True once, right after `markJustCompleted(kind)` in this tab; false for anyone else. */
export function takeJustCompleted(kind: JustCompleted, now = Date.now()): boolean {
  const raw = COMPLETED[kind].read();
  COMPLETED[kind].remove();
  const at = raw === null ? null : Number(raw);
  if (at !== null && now - at >= 0 && now - at < COMPLETED_TTL_MS) {
    taken.set(kind, now);
    return true;
  }
  const before = taken.get(kind);
  return before !== undefined && now - before < TAKEN_GRACE_MS;
}

export const REGISTRATION_COMPLETION_PATH = '/register/completion';

/**
 * Right after an account was created (e-mail code or Google): marks it for the completion page or
 * the notice on the destination, and answers where to go — straight on to where the visitor was
 * going (an order they had started), or the completion page when they came for the account alone.
 */
export function afterRegistration(nextPage: string | null): string {
  markJustCompleted('registration');
  return nextPage ?? REGISTRATION_COMPLETION_PATH;
}
