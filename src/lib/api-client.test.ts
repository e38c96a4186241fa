import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ApiError, apiFetch, setProtectedPage } from './api-client';
import { isLoggedIn } from './auth-state';

/** A browser-like window with localStorage, enough for the client modules. */
function fakeWindow() {
  const store = new Map<string, string>();
  const localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, String(v)),
    removeItem: (k: string) => void store.delete(k),
  };
  const assign = vi.fn();
  vi.stubGlobal('window', {
    localStorage,
    location: { assign, pathname: '/purchase/confirmation', search: '?payment_error=card_declined' },
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  });
  return { store, assign };
}

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

describe('apiFetch', () => {
  let win: ReturnType<typeof fakeWindow>;
  beforeEach(() => {
    win = fakeWindow();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setProtectedPage(false);
  });

  it('sends JSON with the stored CSRF token, the XHR marker and credentials', async () => {
    win.store.set('csrf_token', 'tok123');
    const fetchMock = vi.fn(async () => json(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiFetch('/api/x', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/x');
    expect(init.credentials).toBe('include');
    expect(init.headers).toMatchObject({
      'X-CSRF-Token': 'tok123',
      'X-Requested-With': 'XMLHttpRequest',
      'Content-Type': 'application/json; charset=utf-8',
    });
    expect(init.body).toBe('{"a":1}');
    expect(init.signal).toBeUndefined(); // spec §9: no default timeout
  });

  it('fetches a CSRF token first when storage has none', async () => {
    const fetchMock = vi.fn(async (url: string) => (url === '/api/session/csrf' ? json(200, { csrf_token: 'fresh' }) : json(200, {})));
    vi.stubGlobal('fetch', fetchMock);
    await apiFetch('/api/x', { method: 'POST' });
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/session/csrf', '/api/x']);
    expect(win.store.get('csrf_token')).toBe('fresh');
  });

  it('refreshes a stale CSRF token once and resends', async () => {
    win.store.set('csrf_token', 'stale');
    let posts = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/session/csrf') return json(200, { csrf_token: 'new' });
        posts += 1;
        return posts === 1 ? json(403, { error: { code: 'csrf_invalid', message: '期限切れ' } }) : json(200, { done: true });
      }),
    );
    await expect(apiFetch('/api/x', { method: 'POST' })).resolves.toEqual({ done: true });
    expect(posts).toBe(2);
  });

  it('passes other errors on with the server message and fields', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(422, {
          error: {
            code: 'validation_failed',
            message: '入力内容に誤りがあります。',
            fields: { zip: '郵便番号は7桁の数字で入力してください。' },
          },
        }),
      ),
    );
    const error = await apiFetch('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fields.zip).toBe('郵便番号は7桁の数字で入力してください。');
  });

  it('on a 401 in a protected page clears auth_expire_time and goes to the login page, saying it expired, back to this page', async () => {
    win.store.set('auth_expire_time', new Date(Date.now() + 3_600_000).toISOString());
    expect(isLoggedIn()).toBe(true);
    setProtectedPage(true);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { error: { code: 'unauthorized', message: '…' } })),
    );
    await expect(apiFetch('/api/payments/latest')).rejects.toBeInstanceOf(ApiError);
    expect(win.store.has('auth_expire_time')).toBe(false);
    expect(win.assign).toHaveBeenCalledWith(
      `/login?nextPage=${encodeURIComponent('/purchase/confirmation?payment_error=card_declined')}&expired=true`,
    );
  });

  it('on a 401 password_changed (the password was changed elsewhere) the login page is told so, expired=true kept', async () => {
    win.store.set('auth_expire_time', new Date(Date.now() + 3_600_000).toISOString());
    setProtectedPage(true);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { error: { code: 'password_changed', message: '…' } })),
    );
    await expect(apiFetch('/api/users/me')).rejects.toMatchObject({ code: 'password_changed' });
    expect(win.store.has('auth_expire_time')).toBe(false);
    expect(win.assign).toHaveBeenLastCalledWith(
      `/login?nextPage=${encodeURIComponent('/purchase/confirmation?payment_error=card_declined')}&expired=true&passwordChanged=true`,
    );
  });

  it('mirrors the server expiry header into auth_expire_time', async () => {
    const expires = new Date(Date.now() + 7_200_000).toISOString();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, {}, { 'X-Auth-Expire-Time': expires })),
    );
    await apiFetch('/api/users/me');
    expect(win.store.get('auth_expire_time')).toBe(expires);
  });

  it('turns a network failure into a Japanese message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiFetch('/api/x')).rejects.toMatchObject({
      code: 'network_error',
      message: expect.stringMatching(/通信できませんでした/),
    });
  });
});

describe('isLoggedIn', () => {
  afterEach(() => vi.unstubAllGlobals());
  it('is true only while the stored expiry is in the future', () => {
    const { store } = fakeWindow();
    expect(isLoggedIn()).toBe(false);
    store.set('auth_expire_time', new Date(Date.now() - 1000).toISOString());
    expect(isLoggedIn()).toBe(false);
    store.set('auth_expire_time', 'garbage');
    expect(isLoggedIn()).toBe(false);
    store.set('auth_expire_time', new Date(Date.now() + 1000).toISOString());
    expect(isLoggedIn()).toBe(true);
  });
});
