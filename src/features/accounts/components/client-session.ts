import { clearLogin, storeLogin } from '@/lib/auth-state';
import { resetAll, setPiece } from '@/lib/client-store';
import { STORAGE_KEYS, safeStorage } from '@/lib/storage-keys';

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
  if (csrfToken) safeStorage.set(STORAGE_KEYS.csrfToken, csrfToken);
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

const PENDING_KEY = 'hojin_pending_registration';
const RESET_EMAIL_KEY = 'hojin_reset_email';

export function savePendingRegistration(data: CodeRequestResponse, nextPage: string | null): void {
  try {
    window.sessionStorage.setItem(PENDING_KEY, JSON.stringify({ ...data, sentAt: Date.now(), nextPage } satisfies PendingCode));
  } catch {
    /* storage unavailable: the code screen will ask to start again */
  }
}

export function loadPendingRegistration(): PendingCode | null {
  try {
    const raw = window.sessionStorage.getItem(PENDING_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<PendingCode>;
    return typeof value.requestId === 'string' && typeof value.email === 'string' && typeof value.sentAt === 'number'
      ? { ...(value as PendingCode), nextPage: nextPageOrNull(value.nextPage) }
      : null;
  } catch {
    return null;
  }
}

export function clearPendingRegistration(): void {
  try {
    window.sessionStorage.removeItem(PENDING_KEY);
  } catch {
    /* nothing to clear */
  }
}

export function saveResetEmail(email: string): void {
  try {
    window.sessionStorage.setItem(RESET_EMAIL_KEY, email);
  } catch {
    /* the sending page then speaks of "the address you entered" */
  }
}

export function loadResetEmail(): string | null {
  try {
    return window.sessionStorage.getItem(RESET_EMAIL_KEY);
  } catch {
    return null;
  }
}

/**
 * What was just completed in this tab, so that /register/completion and
 * /password-reset/completion say "done" only right after it really happened, not to whoever opens
 * the URL (issue 13). A one-time flag in sessionStorage (this tab only), taken by the page that
 * shows it. Proves nothing to the server, and needs not: the pages only show text.
 */
export type JustCompleted = 'registration' | 'password-reset';

const COMPLETED_KEY: Record<JustCompleted, string> = {
  registration: 'hojin_just_registered',
  'password-reset': 'hojin_just_reset_password',
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
  try {
    window.sessionStorage.setItem(COMPLETED_KEY[kind], String(Date.now()));
  } catch {
    /* storage unavailable: the page then shows its neutral text */
  }
}

/** True once, right after `markJustCompleted(kind)` in this tab; false for anyone else. */
export function takeJustCompleted(kind: JustCompleted, now = Date.now()): boolean {
  let at: number | null = null;
  try {
    const raw = window.sessionStorage.getItem(COMPLETED_KEY[kind]);
    window.sessionStorage.removeItem(COMPLETED_KEY[kind]);
    at = raw !== null && /^\d{1,15}$/.test(raw) ? Number(raw) : null;
  } catch {
    at = null;
  }
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
