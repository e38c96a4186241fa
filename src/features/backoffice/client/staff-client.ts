'use client';

import { createApiClient, type ClientPolicy, type ClientRequestOptions } from '@/lib/api-transport';

/**
 * The back office's API client: the one client of src/lib (api-transport.ts) with the staff
 * policy (docs/decisions/0075). The admin CSRF token is kept in memory only (not in the member
 * pages' `csrf_token` storage key): it is bound to the staff cookie and fetched again after login.
 * A 401 sends the browser to the staff login page.
 */
let csrf: string | null = null;

export const staffPolicy: ClientPolicy = {
  csrfPath: '/api/admin/session/csrf',
  csrfStore: { read: () => csrf, write: (token) => void (csrf = token) },
  onUnauthorized() {
    // a full load drops the router cache of staff-only pages
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign('/admin/login?expired=1');
  },
};

const staff = createApiClient(staffPolicy);

/** Keeps the token the login answered with (bound to the new staff cookie). */
export function setAdminCsrf(token: string) {
  staffPolicy.csrfStore.write(token);
}

export function adminFetch<T>(path: string, options: ClientRequestOptions = {}): Promise<T> {
  return staff.apiFetch<T>(path, options);
}

/** POST /api/admin/logout. Here rather than in ./api.ts: the logout button is on every staff page (docs/decisions/0030). */
export function adminLogout(): Promise<unknown> {
  return adminFetch('/api/admin/logout', { method: 'POST' });
}
