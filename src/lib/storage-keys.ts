/** Browser storage keys of the spec (§3); the names are the contract. */
export const STORAGE_KEYS = {
  csrfToken: 'csrf_token',
  authExpireTime: 'auth_expire_time',
  searchedCorporate: 'searched_corporate',
  searchedQuery: 'searched_query',
  userEmail: 'user_email',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** localStorage that never throws (private mode, disabled storage, server render). */
export const safeStorage = {
  get(key: StorageKey): string | null {
    try {
      return typeof window === 'undefined' ? null : window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: StorageKey, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      /* storage unavailable: the app still works for this page view */
    }
  },
  remove(key: StorageKey): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      /* see set() */
    }
  },
};
