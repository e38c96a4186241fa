import { STORAGE_KEYS, safeStorage } from './storage-keys';

/**
 * Client-side login state (spec §4): logged in means the stored `auth_expire_time` exists and is
 * later than now. The server stays the authority; this only decides what to show and when to
 * send a visitor to /login.
 */
export const LOGIN_REDIRECT = '/login?nextPage=/search&expired=true';
/** spec §9: at most 10 re-checks on a protected page before redirecting. */
export const LOGIN_RECHECKS = 10;

export function isLoggedIn(now = Date.now()): boolean {
  const value = safeStorage.get(STORAGE_KEYS.authExpireTime);
  if (!value) return false;
  const expires = Date.parse(value);
  return Number.isFinite(expires) && expires > now;
}

export function setAuthExpireTime(iso: string): void {
  if (Number.isFinite(Date.parse(iso))) safeStorage.set(STORAGE_KEYS.authExpireTime, iso);
  notify();
}

export function clearAuthExpireTime(): void {
  safeStorage.remove(STORAGE_KEYS.authExpireTime);
  notify();
}

/** Login response: what the client keeps (spec §3 storage keys). */
export function storeLogin(data: { auth_expire_time: string; csrf_token: string; user_email?: string | null }): void {
  safeStorage.set(STORAGE_KEYS.csrfToken, data.csrf_token);
  if (data.user_email) safeStorage.set(STORAGE_KEYS.userEmail, data.user_email);
  setAuthExpireTime(data.auth_expire_time);
}

/** Logout or unregister: forget everything tied to the account. */
export function clearLogin(): void {
  safeStorage.remove(STORAGE_KEYS.userEmail);
  safeStorage.remove(STORAGE_KEYS.csrfToken);
  clearAuthExpireTime();
}

// A tiny subscription so the header re-renders when the state changes in this tab or another.
const listeners = new Set<() => void>();
function notify() {
  for (const l of listeners) l();
}
export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === STORAGE_KEYS.authExpireTime) listener();
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}
