'use client';

import { parseApiErrorBody } from '@/lib/api-error';

/**
 * The back office's API client: same-origin calls to /api/admin/* with the XMLHttpRequest marker
 * and the admin CSRF token. The token is kept in memory only (not in the member pages'
 * `csrf_token` storage key): it is bound to the staff cookie and fetched again after login. A 401
 * sends the browser to the login page.
 */
export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AdminApiError';
  }
}

const NETWORK_MESSAGE = '通信できませんでした。接続を確認して、もう一度お試しください。';
let csrf: string | null = null;

export function setAdminCsrf(token: string) {
  csrf = token;
}

async function csrfToken(force = false): Promise<string> {
  if (csrf && !force) return csrf;
  const res = await fetch('/api/admin/session/csrf', { credentials: 'same-origin', headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  if (!res.ok) throw new AdminApiError(res.status, 'csrf_unavailable', NETWORK_MESSAGE);
  csrf = ((await res.json()) as { csrf_token: string }).csrf_token;
  return csrf;
}

export interface AdminRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH';
  body?: unknown;
  /** a file sent as the raw body */
  file?: { data: Blob; contentType: string; headers?: Record<string, string> };
  /** false on the login page, where a 401 is an answer to show, not an expired session */
  redirectOn401?: boolean;
}

export async function adminFetch<T>(path: string, options: AdminRequest = {}, retried = false): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
  let body: BodyInit | undefined;
  if (method !== 'GET') {
    headers['X-CSRF-Token'] = await csrfToken();
    if (options.file) {
      headers['Content-Type'] = options.file.contentType;
      Object.assign(headers, options.file.headers);
      body = options.file.data;
    } else {
      headers['Content-Type'] = 'application/json; charset=utf-8';
      body = JSON.stringify(options.body ?? {});
    }
  }
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body, credentials: 'same-origin' });
  } catch {
    throw new AdminApiError(0, 'network_error', NETWORK_MESSAGE);
  }
  if (res.ok) return (await res.json()) as T;
  const errorBody = parseApiErrorBody(await res.json().catch(() => null));
  const error = errorBody
    ? new AdminApiError(res.status, errorBody.error.code, errorBody.error.message, errorBody.error.fields)
    : new AdminApiError(res.status, 'unknown', NETWORK_MESSAGE);
  if (error.code === 'csrf_invalid' && !retried) {
    await csrfToken(true);
    return adminFetch<T>(path, options, true);
  }
  if (res.status === 401 && options.redirectOn401 !== false) {
    // a full load drops the router cache of staff-only pages
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign('/admin/login?expired=1');
  }
  throw error;
}

/** POST /api/admin/logout. Here rather than in ./api.ts: the logout button is on every staff page (docs/decisions/0030). */
export function adminLogout(): Promise<unknown> {
  return adminFetch('/api/admin/logout', { method: 'POST' });
}
