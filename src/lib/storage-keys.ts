/** Browser storage keys of the spec (§3, localStorage); the names are the contract. */
export const STORAGE_KEYS = {
  csrfToken: 'csrf_token',
  authExpireTime: 'auth_expire_time',
  searchedCorporate: 'searched_corporate',
  searchedQuery: 'searched_query',
  userEmail: 'user_email',
} as const;
