import { describe, expect, it } from 'vitest';

import * as csrfRoute from '@/app/api/session/csrf/route';
import * as catchAll from '@/app/api/[[...path]]/route';
import { createSession, revokeSession } from '@/server/auth/session';
import { z } from '@/lib/zod-ja';
import { defineRoute, method } from '@/server/http/route';

import { createUser } from '../factories/users';
import { call, cookiesFrom, sameOriginJson } from '../support/requests';

// A route declared with the wrapper the way every /api/* route is.
const echo = defineRoute({
  GET: method({
    auth: 'none',
    query: z.strictObject({ page: z.coerce.number().int().min(1) }),
    handler: async ({ query }) => ({ page: query.page }),
  }),
  POST: method({
    body: z.strictObject({ name: z.string().min(1, 'お名前を入力してください'), age: z.number().int() }),
    handler: async ({ body, session }) => ({ hello: body.name, userId: session?.userId ?? null }),
  }),
  DELETE: method({ auth: 'required', handler: async ({ session }) => ({ userId: session.userId }) }),
});

async function anonymousCsrf() {
  const res = await call(csrfRoute, '/api/session/csrf');
  return { csrf: (res.json as { csrf_token: string }).csrf_token, cookie: cookiesFrom(res.headers) };
}

describe('API conventions', () => {
  it('issues a CSRF token bound to a new pre-session cookie', async () => {
    const res = await call(csrfRoute, '/api/session/csrf');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.getSetCookie()[0]).toMatch(/^hojin_pre=[\w-]{40,};.*HttpOnly; SameSite=Lax/);
    expect((res.json as { csrf_token: string }).csrf_token).toMatch(/^[\w-]{43}$/);
  });

  it('accepts a same-origin POST with the token, the marker and valid JSON', async () => {
    const { csrf, cookie } = await anonymousCsrf();
    const res = await call(echo, '/api/echo', {
      method: 'POST',
      headers: sameOriginJson(csrf, cookie),
      body: JSON.stringify({ name: '山田', age: 30 }),
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ hello: '山田', userId: null });
  });

  it('refuses a POST without the CSRF header with 403 JSON', async () => {
    const { cookie } = await anonymousCsrf();
    const headers = sameOriginJson('', cookie);
    delete headers['x-csrf-token'];
    const res = await call(echo, '/api/echo', { method: 'POST', headers, body: '{}' });
    expect(res.status).toBe(403);
    expect(res.json.error?.code).toBe('csrf_invalid');
    expect(res.json.error?.message).toMatch(/再読み込み/);
  });

  it('refuses a token minted for another browser', async () => {
    const mine = await anonymousCsrf();
    const theirs = await anonymousCsrf();
    const res = await call(echo, '/api/echo', { method: 'POST', headers: sameOriginJson(theirs.csrf, mine.cookie), body: '{}' });
    expect(res.status).toBe(403);
  });

  it('refuses a foreign Origin and a cross-site fetch even with a valid token', async () => {
    const { csrf, cookie } = await anonymousCsrf();
    const body = JSON.stringify({ name: 'a', age: 1 });
    const foreign = await call(echo, '/api/echo', {
      method: 'POST',
      headers: sameOriginJson(csrf, cookie, { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' }),
      body,
    });
    expect(foreign.status).toBe(403);
    const crossSite = await call(echo, '/api/echo', {
      method: 'POST',
      headers: sameOriginJson(csrf, cookie, { 'sec-fetch-site': 'cross-site' }),
      body,
    });
    expect(crossSite.status).toBe(403);
    const noMarker = sameOriginJson(csrf, cookie);
    delete noMarker['x-requested-with'];
    expect((await call(echo, '/api/echo', { method: 'POST', headers: noMarker, body })).status).toBe(403);
  });

  it('answers malformed JSON, a wrong content type and an oversized body with 4xx JSON', async () => {
    const { csrf, cookie } = await anonymousCsrf();
    const malformed = await call(echo, '/api/echo', { method: 'POST', headers: sameOriginJson(csrf, cookie), body: '{"name": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.json.error?.code).toBe('invalid_json');
    const form = await call(echo, '/api/echo', {
      method: 'POST',
      headers: sameOriginJson(csrf, cookie, { 'content-type': 'application/x-www-form-urlencoded' }),
      body: 'name=a',
    });
    expect(form.status).toBe(415);
    const big = await call(echo, '/api/echo', {
      method: 'POST',
      headers: sameOriginJson(csrf, cookie),
      body: JSON.stringify({ name: 'x'.repeat(70_000), age: 1 }),
    });
    expect(big.status).toBe(413);
    const badUtf8 = await call(echo, '/api/echo', {
      method: 'POST',
      headers: sameOriginJson(csrf, cookie),
      body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]),
    });
    expect(badUtf8.status).toBe(400);
  });

  it('answers invalid fields with 422 and Japanese messages per field, rejecting unknown keys', async () => {
    const { csrf, cookie } = await anonymousCsrf();
    const res = await call(echo, '/api/echo', {
      method: 'POST',
      headers: sameOriginJson(csrf, cookie),
      body: JSON.stringify({ name: '', age: 'x', extra: 1 }),
    });
    expect(res.status).toBe(422);
    expect(res.json.error?.code).toBe('validation_failed');
    expect(res.json.error?.fields?.name).toBe('お名前を入力してください');
    expect(res.json.error?.fields?.age).toMatch(/[ぁ-んァ-ヶ一-龠]/);
    expect(res.json.error?.fields?._).toMatch(/extra/);
  });

  it('validates the query string with 400 JSON', async () => {
    expect((await call(echo, '/api/echo?page=2')).json).toEqual({ page: 2 });
    const bad = await call(echo, '/api/echo?page=zero');
    expect(bad.status).toBe(400);
    expect(bad.json.error?.fields?.page).toBeTruthy();
  });

  it('answers an undeclared method with 405 JSON and an Allow header', async () => {
    const res = await call(echo, '/api/echo', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, POST, DELETE, HEAD');
    expect(res.json.error?.code).toBe('method_not_allowed');
  });

  it('answers unknown /api paths with 404 JSON for every method', async () => {
    for (const m of ['GET', 'POST', 'DELETE']) {
      const res = await call(catchAll, '/api/does-not-exist', { method: m });
      expect(res.status).toBe(404);
      expect(res.json.error?.code).toBe('not_found');
    }
  });

  it('loads the session, refreshes the client expiry header and refuses a revoked session with 401', async () => {
    const user = await createUser();
    const { token, session } = await createSession(user.id);
    const cookie = `hojin_session=${token}`;
    const csrfRes = await call(csrfRoute, '/api/session/csrf', { headers: { cookie } });
    const csrf = (csrfRes.json as { csrf_token: string }).csrf_token;
    expect(csrfRes.headers.getSetCookie()).toEqual([]); // bound to the session cookie, no pre-session needed

    const ok = await call(echo, '/api/echo', { method: 'DELETE', headers: sameOriginJson(csrf, cookie) });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ userId: user.id });
    expect(ok.headers.get('cache-control')).toBe('no-store');
    expect(Date.parse(ok.headers.get('x-auth-expire-time') ?? '')).toBeGreaterThan(Date.now());

    await revokeSession(session.id);
    const replay = await call(echo, '/api/echo', { method: 'DELETE', headers: sameOriginJson(csrf, cookie) });
    expect(replay.status).toBe(401);
    expect(replay.json.error?.code).toBe('unauthorized');
  });
});
