import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/lib/api-client';

import { adminFetch, setAdminCsrf } from './staff-client';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

// The back office uses the one client of src/lib with the staff policy (issue 25 §3).
describe('the staff client', () => {
  let assign: ReturnType<typeof vi.fn>;
  let store: Map<string, string>;
  beforeEach(() => {
    assign = vi.fn();
    store = new Map();
    vi.stubGlobal('window', {
      location: { assign, pathname: '/admin/orders', search: '' },
      localStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('fetches the admin CSRF token, keeps it in memory only and sends it', async () => {
    setAdminCsrf('');
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/admin/session/csrf' ? json(200, { csrf_token: 'staff-tok' }) : json(200, { ok: 1 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(adminFetch('/api/admin/notes', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: 1 });
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/admin/session/csrf', '/api/admin/notes']);
    const init = (fetchMock.mock.calls[1] as unknown as [string, RequestInit])[1];
    expect(init.headers).toMatchObject({ 'X-CSRF-Token': 'staff-tok', 'X-Requested-With': 'XMLHttpRequest' });
    expect(store.size).toBe(0); // not the member pages' csrf_token key
  });

  it('sends a file as the raw body with its type', async () => {
    setAdminCsrf('t');
    const fetchMock = vi.fn(async () => json(200, {}));
    vi.stubGlobal('fetch', fetchMock);
    const data = new Blob(['%PDF']);
    await adminFetch('/api/admin/notices/1/file', {
      method: 'PUT',
      file: { data, contentType: 'application/pdf', headers: { 'X-File-Name': 'a.pdf' } },
    });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.body).toBe(data);
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/pdf', 'X-File-Name': 'a.pdf' });
  });

  it('throws the one ApiError and sends a 401 to the staff login, not the member login', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { error: { code: 'unauthorized', message: 'ログインしてください' } })),
    );
    const error = await adminFetch('/api/admin/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'unauthorized', message: 'ログインしてください' });
    expect(assign).toHaveBeenCalledWith('/admin/login?expired=1');
  });

  it('leaves a 401 to the caller where it is an answer (the login steps)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { error: { code: 'unauthorized', message: '違います' } })),
    );
    await expect(adminFetch('/api/admin/login/totp', { method: 'POST', redirectOn401: false })).rejects.toBeInstanceOf(ApiError);
    expect(assign).not.toHaveBeenCalled();
  });

  it('refreshes a stale admin token once and resends', async () => {
    setAdminCsrf('old');
    let posts = 0;
    const fetchMock = vi.fn(async (url: string) => {
      if (url === '/api/admin/session/csrf') return json(200, { csrf_token: 'new' });
      posts += 1;
      return posts === 1 ? json(403, { error: { code: 'csrf_invalid', message: '期限切れ' } }) : json(200, { done: true });
    });
    vi.stubGlobal('fetch', fetchMock);
    await expect(adminFetch('/api/admin/x', { method: 'POST' })).resolves.toEqual({ done: true });
    const last = (fetchMock.mock.calls.at(-1) as unknown as [string, RequestInit])[1];
    expect(last.headers).toMatchObject({ 'X-CSRF-Token': 'new' });
  });
});
