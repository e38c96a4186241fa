import { parseApiErrorBody } from './api-error';
import { ApiError, CSRF_HEADER, isProtectedPage, type RequestOptions } from './api-request';
import { clearAuthExpireTime, currentPage, loginRedirect, setAuthExpireTime } from './auth-state';
import { storedCsrfToken } from './browser-storage';

/**
 * The browser's API client's requests (spec §7, src/lib/api-client.ts), for members and staff
 * alike (issue 25 §3, docs/decisions/0075): what differs is a `ClientPolicy` — where the CSRF
 * token comes from and is kept, and what a 401 does. The member client is imported by the first
 * call, so no page loads it before it asks the server something (docs/decisions/0047); the back
 * office builds its own with `createApiClient(staffPolicy)` (features/backoffice/client).
 */
const NETWORK_MESSAGE = '通信できませんでした。インターネット接続を確認して、もう一度お試しください。';

/**
 * A request's options: the member client's (api-client.ts) and two the staff pages need. Here,
 * beside the client that reads them, so that api-client.ts (on every page) stays as it is.
 */
export interface ClientRequestOptions extends RequestOptions {
  /** a file sent as the raw body (the back office's uploads) */
  file?: { data: Blob; contentType: string; headers?: Record<string, string> };
  /** false where a 401 is an answer to show (the staff login), not an expired session */
  redirectOn401?: boolean;
}

export interface ClientPolicy {
  /** GET path answering `{ csrf_token }` for this kind of session */
  csrfPath: string;
  /** where the token is kept between calls */
  csrfStore: { read(): string | null; write(token: string): void };
  /** what a 401 answer does before the error is thrown (unless the call says `redirectOn401: false`) */
  onUnauthorized(error: ApiError): void;
  /** the server's `X-Auth-Expire-Time`, on every answer that has it */
  onExpiry?(iso: string): void;
}

/** The member pages' policy (spec §8): the token in storage `csrf_token`; a 401 on a protected page goes to /login. */
export const memberPolicy: ClientPolicy = {
  csrfPath: '/api/session/csrf',
  csrfStore: storedCsrfToken,
  onExpiry: setAuthExpireTime,
  onUnauthorized(error) {
    clearAuthExpireTime();
    // The server ended the login: a real expiry. Back to this page afterwards (decision 0022).
    // (401 `password_changed`: the password was changed elsewhere; the login page says so.)
    if (isProtectedPage() && typeof window !== 'undefined')
      window.location.assign(loginRedirect({ expired: true, here: currentPage(), passwordChanged: error.code === 'password_changed' }));
  },
};

export interface ApiClient {
  /** The kept CSRF token, fetched from the policy's path when there is none yet. */
  ensureCsrfToken(force?: boolean): Promise<string>;
  apiFetch<T>(path: string, options?: ClientRequestOptions): Promise<T>;
  /** Like apiFetch but returns the Response (downloads). */
  apiRaw(path: string, options?: ClientRequestOptions): Promise<Response>;
}

export function createApiClient(policy: ClientPolicy): ApiClient {
  let csrfPromise: Promise<string> | null = null;

  async function ensureCsrfToken(force = false): Promise<string> {
    const stored = policy.csrfStore.read();
    if (stored && !force) return stored;
    csrfPromise ??= (async () => {
      const res = await fetch(policy.csrfPath, {
        credentials: 'include',
        headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      });
      if (!res.ok) throw new ApiError(res.status, 'csrf_unavailable', NETWORK_MESSAGE);
      const data = (await res.json()) as { csrf_token: string };
      policy.csrfStore.write(data.csrf_token);
      return data.csrf_token;
    })().finally(() => {
      csrfPromise = null;
    });
    return csrfPromise;
  }

  async function send(path: string, options: ClientRequestOptions, retried: boolean): Promise<Response> {
    const method = options.method ?? 'GET';
    const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
    let body: BodyInit | undefined;
    if (method !== 'GET') {
      headers[CSRF_HEADER] = await ensureCsrfToken();
      if (options.file) {
        headers['Content-Type'] = options.file.contentType;
        Object.assign(headers, options.file.headers);
        body = options.file.data;
      } else {
        headers['Content-Type'] = 'application/json; charset=utf-8';
        body = JSON.stringify(options.body ?? {});
      }
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
      res = await fetch(url, { method, headers, credentials: 'include', body, signal: options.signal });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, 'network_error', NETWORK_MESSAGE);
    }
    const expires = res.headers.get('X-Auth-Expire-Time');
    if (expires) policy.onExpiry?.(expires);
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
    if (res.status === 401 && options.redirectOn401 !== false) policy.onUnauthorized(err);
    throw err;
  }

  return {
    ensureCsrfToken,
    apiFetch: async <T>(path: string, options: ClientRequestOptions = {}) => (await (await send(path, options, false)).json()) as T,
    apiRaw: (path, options = {}) => send(path, options, false),
  };
}

const member = createApiClient(memberPolicy);

/** The stored CSRF token, fetched from /api/session/csrf when the browser has none yet. */
export const ensureCsrfToken = member.ensureCsrfToken;
export const apiFetch = member.apiFetch;
/** Like apiFetch but returns the Response (downloads). */
export const apiRaw = member.apiRaw;
