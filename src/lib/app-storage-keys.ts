/**
 * Our own browser storage keys, beside the spec's (./storage-keys.ts). Renaming one forgets what
 * browsers hold under the old name (a purchase in progress, the recent searches), so they stay as
 * they are. Apart from the spec's keys because those are on every page's first load (the login
 * state) and these only on the pages that use them.
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
