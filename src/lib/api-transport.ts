import { parseApiErrorBody } from './api-error';
import { ApiError, CSRF_HEADER, isProtectedPage, type RequestOptions } from './api-request';
import { clearAuthExpireTime, currentPage, loginRedirect, setAuthExpireTime } from './auth-state';
import { storedCsrfToken } from './browser-storage';

/**
 * The browser's API client's requests (spec §7, src/lib/api-client.ts): imported by the first
 * call, so no page loads it before it asks the server something (docs/decisions/0047).
 */
const NETWORK_MESSAGE = '通信できませんでした。インターネット接続を確認して、もう一度お試しください。';

let csrfPromise: Promise<string> | null = null;

/** The stored CSRF token, fetched from /api/session/csrf when the browser has none yet. */
export async function ensureCsrfToken(force = false): Promise<string> {
  const stored = storedCsrfToken.read();
  if (stored && !force) return stored;
  csrfPromise ??= (async () => {
    const res = await fetch('/api/session/csrf', {
      credentials: 'include',
      headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    });
    if (!res.ok) throw new ApiError(res.status, 'csrf_unavailable', NETWORK_MESSAGE);
    const data = (await res.json()) as { csrf_token: string };
    storedCsrfToken.write(data.csrf_token);
    return data.csrf_token;
  })().finally(() => {
    csrfPromise = null;
  });
  return csrfPromise;
}

export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const res = await send(path, options, false);
  return (await res.json()) as T;
}

/** Like apiFetch but returns the Response (downloads). */
export async function apiRaw(path: string, options: RequestOptions = {}): Promise<Response> {
  return send(path, options, false);
}

async function send(path: string, options: RequestOptions, retried: boolean): Promise<Response> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
  if (method !== 'GET') {
    headers['Content-Type'] = 'application/json; charset=utf-8';
    headers[CSRF_HEADER] = await ensureCsrfToken();
  }
  let url = path;
  if (options.query) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(options.query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
    const qs = params.toString();
    if (qs) url += (url.includes('?') ? '&' : '?') + qs;
  }
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers,
      credentials: 'include',
      body: method === 'GET' ? undefined : JSON.stringify(options.body ?? {}),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', NETWORK_MESSAGE);
  }
  const expires = res.headers.get('X-Auth-Expire-Time');
  if (expires) setAuthExpireTime(expires);
  if (res.ok) return res;

  const parsed = parseApiErrorBody(await res.json().catch(() => null));
  const err = parsed
    ? new ApiError(res.status, parsed.error.code, parsed.error.message, parsed.error.fields)
    : new ApiError(res.status, 'http_error', `エラーが発生しました（${res.status}）。時間をおいてもう一度お試しください。`);

  // A stale CSRF token (new session, cleared storage): refresh once and resend. Safe, because
  // the server refused the request before doing anything.
  if (err.code === 'csrf_invalid' && method !== 'GET' && !retried && res.status === 403) {
    await ensureCsrfToken(true);
    return send(path, options, true);
  }
  if (res.status === 401) {
    clearAuthExpireTime();
    // The server ended the login: a real expiry. Back to this page afterwards (decision 0022).
    // (401 `password_changed`: the password was changed elsewhere; the login page says so.)
    if (isProtectedPage() && typeof window !== 'undefined')
      window.location.assign(loginRedirect({ expired: true, here: currentPage(), passwordChanged: err.code === 'password_changed' }));
  }
  throw err;
}
