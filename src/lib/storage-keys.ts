/** Browser storage keys of the spec (§3, localStorage); the names are the contract. */
export const STORAGE_KEYS = {
  csrfToken: 'csrf_token',
  authExpireTime: 'auth_expire_time',
  searchedCorporate: 'searched_corporate',
  searchedQuery: 'searched_query',
  userEmail: 'user_email',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/**
 * Our own keys, beside the spec's. Renaming one forgets what browsers hold under the old name
 * (a purchase in progress, the recent searches), so they stay as they are.
 */
export const APP_STORAGE_KEYS = {
  /** sessionStorage: the client state of the purchase flow (src/lib/client-store.ts). */
  clientState: 'hojin_client_state',
  /** sessionStorage: a registration waiting for its e-mail code (/temporary-auth). */
  pendingRegistration: 'hojin_pending_registration',
  /** sessionStorage: the address a password reset was asked for (/password-reset/sending). */
  resetEmail: 'hojin_reset_email',
  /** sessionStorage: one-time "just completed" flags of the completion pages. */
  justRegistered: 'hojin_just_registered',
  justResetPassword: 'hojin_just_reset_password',
  /** localStorage: the reference service's recent searches (documented in docs/api.md). */
  recentSearches: 'search_service_recent',
} as const;
