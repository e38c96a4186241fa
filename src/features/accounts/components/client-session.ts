import { clearLogin, storeLogin } from '@/lib/auth-state';
import { resetAll, setPiece } from '@/lib/client-store';
import { STORAGE_KEYS, safeStorage } from '@/lib/storage-keys';

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
}

const PENDING_KEY = 'hojin_pending_registration';
const RESET_EMAIL_KEY = 'hojin_reset_email';

export function savePendingRegistration(data: CodeRequestResponse): void {
  try {
    window.sessionStorage.setItem(PENDING_KEY, JSON.stringify({ ...data, sentAt: Date.now() } satisfies PendingCode));
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
      ? (value as PendingCode)
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
