import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';

import { APP, Browser, authorizeAtProvider, startAccountsStack, uniqueEmail, waitForMail } from './accounts-support';
import { eq } from 'drizzle-orm';
import { userIdentities, users } from '@db/schema';
import { getDb } from '@/server/db/client';
import { hashPassword } from '@/features/accounts/server/passwords';
import { openFlowState, sealFlowState } from '@/features/accounts/server/oidc';
import { randomToken } from '@/server/auth/tokens';
import { socialErrorMessage } from '@/features/accounts/schemas';
import { createUser } from '../factories/users';
import * as csrfRoute from '@/app/api/session/csrf/route';
import * as loginSocial from '@/app/api/users/login-social/route';
import * as loginCallback from '@/app/api/users/login-social/callback/route';
import * as registerSocial from '@/app/api/users/register-social/route';
import * as registerCallback from '@/app/api/users/register-social/callback/route';
import * as meRoute from '@/app/api/users/me/route';
import * as unregisterRoute from '@/app/api/users/unregister/route';

const stack = await startAccountsStack();

afterAll(() => stack.close());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

type Mode = 'login' | 'register';
const routes = { login: [loginSocial, loginCallback], register: [registerSocial, registerCallback] } as const;

/** Starts the flow in the app; returns the provider URL it redirects to. */
async function start(b: Browser, mode: Mode, query = '') {
  const res = await b.get(routes[mode][0], `/api/users/${mode}-social${query}`);
  expect(res.status).toBe(302);
  return res.headers.get('location') ?? '';
}

async function callback(b: Browser, mode: Mode, url: URL) {
  const res = await b.get(routes[mode][1], url.pathname + url.search);
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location') ?? '');
}

/** Refused: back on the page with the error code, a Japanese message for it, and no session. */
function expectRefused(b: Browser, landing: URL, page: '/login' | '/register', code: string) {
  expect(landing.pathname).toBe(page);
  expect(landing.searchParams.get('error')).toBe(code);
  expect(socialErrorMessage(code)).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  expect(b.jar.has('hojin_session')).toBe(false);
}

/** base64url JSON of a JWT part */
const jwtPart = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwtJson = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;

/**
 * Lets the test rewrite the ID token in the provider's token response, as a network attacker or a
 * compromised proxy would: only the app's code exchange is touched, everything else goes through.
 */
function tamperIdToken(rewrite: (idToken: string) => string | Promise<string>) {
  const realFetch = globalThis.fetch;
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const res = await realFetch(input, init);
    const url = input instanceof Request ? input.url : String(input);
    if (url !== `${stack.oidc.issuer}/token` || !res.ok) return res;
    const body = (await res.json()) as { id_token: string };
    body.id_token = await rewrite(body.id_token);
    return new Response(JSON.stringify(body), { status: res.status, headers: res.headers });
  });
}

async function signIn(
  mode: Mode,
  profile: { email: string; email_verified?: boolean },
  query = mode === 'register' ? '?agreement=true' : '',
) {
  const b = await new Browser().init(csrfRoute);
  const authorize = await start(b, mode, query);
  const back = await authorizeAtProvider(stack, authorize, profile);
  return { b, landing: await callback(b, mode, back) };
}

describe('Google sign-in (OpenID Connect against the local provider)', () => {
  it('sends the browser to the provider with PKCE, state, nonce and the right scopes', async () => {
    const b = await new Browser().init(csrfRoute);
    const res = await b.get(loginSocial, '/api/users/login-social?nextPage=/my-page/basic-info');
    expect(res.status).toBe(302);
    const url = new URL(res.headers.get('location') ?? '');
    expect(url.origin).toBe(stack.oidc.issuer);
    expect(url.searchParams.get('scope')).toBe('openid profile email');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('redirect_uri')).toBe(`${APP}/api/users/login-social/callback`);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('hojin_oidc='));
    expect(cookie?.split('; ')).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Max-Age=600']));
  });

  it('registers with Google end to end, then logs in with the same Google account', async () => {
    const email = uniqueEmail('google');
    const { b, landing } = await signIn('register', { email, email_verified: true });
    expect(landing.pathname).toBe('/login/complete');
    // a new account, with no destination: /login/complete goes on to the registration completion page
    expect(landing.searchParams.get('registered')).toBe('true');
    expect(landing.searchParams.get('nextPage')).toBeNull();
    const me = await b.get(meRoute, '/api/users/me');
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ user_email: email, isGoogleUser: true, hasPassword: false, signInMethods: ['google'] });
    expect(typeof me.json.csrf_token).toBe('string');
    expect(b.jar.has('hojin_oidc')).toBe(false);

    const again = await signIn('login', { email });
    expect(again.landing.pathname).toBe('/login/complete');
    expect(again.landing.searchParams.get('nextPage')).toBe('/search');
    expect((await again.b.get(meRoute, '/api/users/me')).json).toMatchObject({ user_email: email, isGoogleUser: true });
  });

  it('continues to a same-site nextPage only', async () => {
    const email = uniqueEmail('next');
    await signIn('register', { email });
    const good = await signIn('login', { email }, '?nextPage=%2Fpurchase%2Fselect');
    expect(good.landing.searchParams.get('nextPage')).toBe('/purchase/select');
    const evil = await signIn('login', { email }, '?nextPage=%2F%2Fevil.example');
    expect(evil.landing.searchParams.get('nextPage')).toBe('/search');
    const loop = await signIn('login', { email }, '?nextPage=%2Flogin');
    expect(loop.landing.searchParams.get('nextPage')).toBe('/search');
  });

  it('keeps the destination through a Google registration (an order started while logged out)', async () => {
    const email = uniqueEmail('order');
    const { landing } = await signIn('register', { email, email_verified: true }, '?agreement=true&nextPage=%2Fpurchase%2Fselect');
    expect(landing.pathname).toBe('/login/complete');
    expect(landing.searchParams.get('nextPage')).toBe('/purchase/select');
    expect(landing.searchParams.get('registered')).toBe('true');
    // an existing member pressing 「Google で登録する」 is simply logged in: no "registered" page
    const again = await signIn('register', { email }, '?agreement=true');
    expect(again.landing.searchParams.get('registered')).toBeNull();
    expect(again.landing.searchParams.get('nextPage')).toBe('/search');
  });

  it('keeps the destination when a Google account without membership is sent from login to registration', async () => {
    const { landing } = await signIn('login', { email: uniqueEmail('stranger-order') }, '?nextPage=%2Fpurchase%2Fselect');
    expect(landing.pathname).toBe('/register');
    expect(landing.searchParams.get('error')).toBe('social_not_registered');
    expect(landing.searchParams.get('nextPage')).toBe('/purchase/select');
  });

  it('sends a Google account without an account from login to registration', async () => {
    const { landing } = await signIn('login', { email: uniqueEmail('stranger') });
    expect(landing.pathname).toBe('/register');
    expect(landing.searchParams.get('error')).toBe('social_not_registered');
  });

  it('requires the agreement before registering with Google', async () => {
    const b = await new Browser().init(csrfRoute);
    const res = await b.get(registerSocial, '/api/users/register-social');
    expect(new URL(res.headers.get('location') ?? '').search).toBe('?error=agreement_required');
  });

  it('rejects a callback whose state does not match the cookie', async () => {
    const email = uniqueEmail('state');
    const b = await new Browser().init(csrfRoute);
    const back = await authorizeAtProvider(stack, await start(b, 'register', '?agreement=true'), { email });
    back.searchParams.set('state', randomToken(32));
    const landing = await callback(b, 'register', back);
    expect(landing.pathname).toBe('/register');
    expect(landing.searchParams.get('error')).toBe('social_state');
    expect(b.jar.has('hojin_session')).toBe(false);
    // and one without the flow cookie at all (another browser), e.g. a forged link
    const other = await new Browser().init(csrfRoute);
    const b2 = await new Browser().init(csrfRoute);
    const back2 = await authorizeAtProvider(stack, await start(b2, 'register', '?agreement=true'), { email });
    expect((await callback(other, 'register', back2)).searchParams.get('error')).toBe('social_state');
    const db = await getDb();
    expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('rejects an authorization response that names another issuer (RFC 9207)', async () => {
    const b = await new Browser().init(csrfRoute);
    const back = await authorizeAtProvider(stack, await start(b, 'register', '?agreement=true'), { email: uniqueEmail('mixup') });
    expect(back.searchParams.get('iss')).toBe(stack.oidc.issuer);
    back.searchParams.set('iss', 'https://evil.example');
    expect((await callback(b, 'register', back)).searchParams.get('error')).toBe('social_state');
  });

  it('rejects an ID token whose nonce is not the one of the flow', async () => {
    const email = uniqueEmail('nonce');
    const b = await new Browser().init(csrfRoute);
    const back = await authorizeAtProvider(stack, await start(b, 'register', '?agreement=true'), { email });
    // Same state and PKCE verifier, another nonce: only the nonce check can refuse this.
    const flow = openFlowState(b.jar.get('hojin_oidc'));
    expect(flow).not.toBeNull();
    if (flow) b.jar.set('hojin_oidc', sealFlowState({ ...flow, nonce: randomToken(32) }));
    const landing = await callback(b, 'register', back);
    expect(landing.searchParams.get('error')).toBe('social_failed');
    expect(b.jar.has('hojin_session')).toBe(false);
  });

  it('refuses a replayed authorization code, even with the flow cookie that went with it', async () => {
    const email = uniqueEmail('replay');
    const b = await new Browser().init(csrfRoute);
    const back = await authorizeAtProvider(stack, await start(b, 'register', '?agreement=true'), { email });
    const flowCookie = b.jar.get('hojin_oidc') ?? '';
    expect((await callback(b, 'register', back)).pathname).toBe('/login/complete');
    // Someone who copied both the callback URL and the cookie (shared computer, proxy log) replays them.
    const thief = await new Browser().init(csrfRoute);
    thief.jar.set('hojin_oidc', flowCookie);
    expectRefused(thief, await callback(thief, 'register', back), '/register', 'social_failed');
    // The browser that signed in cannot replay it either: its flow cookie was spent at the first callback.
    expect(b.jar.has('hojin_oidc')).toBe(false);
    const before = b.jar.get('hojin_session');
    const replay = await b.get(routes.register[1], back.pathname + back.search);
    expect(new URL(replay.headers.get('location') ?? '').searchParams.get('error')).toBe('social_state');
    expect(b.jar.get('hojin_session')).toBe(before);
  });

  it('refuses an ID token whose payload was edited on the way (signature no longer matches)', async () => {
    const victim = await createUser({
      email: uniqueEmail('victim'),
      passwordHash: await hashPassword('sakura-fuji-umi-2026'),
      emailVerifiedAt: new Date(),
    });
    const b = await new Browser().init(csrfRoute);
    const back = await authorizeAtProvider(stack, await start(b, 'login'), { email: uniqueEmail('attacker') });
    tamperIdToken((token) => {
      const [header = '', payload = '', signature = ''] = token.split('.');
      return [header, jwtPart({ ...jwtJson(payload), email: victim.email, email_verified: true }), signature].join('.');
    });
    expectRefused(b, await callback(b, 'login', back), '/login', 'social_failed');
    const db = await getDb();
    expect(await db.select().from(userIdentities).where(eq(userIdentities.userId, victim.id))).toHaveLength(0);
  });

  it('refuses an unsigned ID token (alg none) and one signed with another key', async () => {
    const { generateKeyPair, SignJWT } = await import('jose');
    const attackerKey = (await generateKeyPair('RS256')).privateKey;
    const forgeries: ((token: string) => Promise<string>)[] = [
      async (token) => {
        const [, payload = ''] = token.split('.');
        return `${jwtPart({ alg: 'none', typ: 'JWT' })}.${payload}.`;
      },
      async (token) => {
        const [header = '', payload = ''] = token.split('.');
        // same claims and the provider's kid: only the signature can tell
        return new SignJWT(jwtJson(payload)).setProtectedHeader({ alg: 'RS256', kid: String(jwtJson(header).kid) }).sign(attackerKey);
      },
    ];
    for (const forge of forgeries) {
      const b = await new Browser().init(csrfRoute);
      const back = await authorizeAtProvider(stack, await start(b, 'register', '?agreement=true'), { email: uniqueEmail('forged') });
      const spy = tamperIdToken(forge);
      expectRefused(b, await callback(b, 'register', back), '/register', 'social_failed');
      spy.mockRestore();
    }
  });

  it('rejects a tampered flow cookie', async () => {
    const b = await new Browser().init(csrfRoute);
    const back = await authorizeAtProvider(stack, await start(b, 'register', '?agreement=true'), { email: uniqueEmail('tamper') });
    const [payload = '', signature = ''] = (b.jar.get('hojin_oidc') ?? '').split('.');
    const forged = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    forged.nextPage = '/elsewhere';
    b.jar.set('hojin_oidc', `${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`);
    expect((await callback(b, 'register', back)).searchParams.get('error')).toBe('social_state');
  });

  it('reports a cancelled sign-in', async () => {
    const b = await new Browser().init(csrfRoute);
    const back = await authorizeAtProvider(stack, await start(b, 'login'), { deny: true });
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect((await callback(b, 'login', back)).searchParams.get('error')).toBe('social_cancelled');
  });

  it('links a verified Google e-mail to a verified password account, and tells the member', async () => {
    const email = uniqueEmail('link');
    const user = await createUser({ email, passwordHash: await hashPassword('sakura-fuji-umi-2026'), emailVerifiedAt: new Date() });
    const { b, landing } = await signIn('login', { email, email_verified: true });
    expect(landing.pathname).toBe('/login/complete');
    expect((await b.get(meRoute, '/api/users/me')).json).toMatchObject({
      user_email: email,
      isGoogleUser: true,
      signInMethods: ['password', 'google'],
    });
    const db = await getDb();
    expect(await db.select().from(userIdentities).where(eq(userIdentities.userId, user.id))).toHaveLength(1);
    expect((await waitForMail(stack, email)).subject).toBe('【hojin】Google アカウントとの連携のお知らせ');
  });

  it('never links an unverified Google e-mail, nor to an account whose e-mail was never verified', async () => {
    const db = await getDb();
    const email = uniqueEmail('unverified');
    const user = await createUser({ email, passwordHash: await hashPassword('sakura-fuji-umi-2026'), emailVerifiedAt: new Date() });
    for (const mode of ['login', 'register'] as const) {
      const { b, landing } = await signIn(mode, { email, email_verified: false });
      expect(landing.searchParams.get('error')).toBe('social_link_refused');
      expect(b.jar.has('hojin_session')).toBe(false);
    }
    expect(await db.select().from(userIdentities).where(eq(userIdentities.userId, user.id))).toHaveLength(0);

    const unproven = await createUser({
      email: uniqueEmail('unproven'),
      passwordHash: await hashPassword('sakura-fuji-umi-2026'),
      emailVerifiedAt: null,
    });
    const { landing } = await signIn('login', { email: unproven.email ?? '', email_verified: true });
    expect(landing.searchParams.get('error')).toBe('social_link_refused');
    expect(await db.select().from(userIdentities).where(eq(userIdentities.userId, unproven.id))).toHaveLength(0);

    const fresh = await signIn('register', { email: uniqueEmail('fresh-unverified'), email_verified: false });
    expect(fresh.landing.searchParams.get('error')).toBe('social_email_unverified');
  });

  it('asks a Google-only member to sign in again before unregistering after 10 minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date());
    const email = uniqueEmail('leaving');
    const { b } = await signIn('register', { email });
    b.csrf = String((await b.get(meRoute, '/api/users/me')).json.csrf_token);
    vi.setSystemTime(new Date(Date.now() + 11 * 60_000));
    const stale = await b.post(unregisterRoute, '/api/users/unregister', { confirm: true });
    expect(stale.status).toBe(403);
    expect(stale.json.error?.code).toBe('reauth_required');

    const fresh = await signIn('login', { email });
    fresh.b.csrf = String((await fresh.b.get(meRoute, '/api/users/me')).json.csrf_token);
    const done = await fresh.b.post(unregisterRoute, '/api/users/unregister', { confirm: true });
    expect(done.status).toBe(200);
    const db = await getDb();
    const [row] = await db.select().from(users).where(eq(users.email, email));
    expect(row).toBeUndefined();
    // the Google link is gone: signing in again does not find the closed account
    expect((await signIn('login', { email })).landing.searchParams.get('error')).toBe('social_not_registered');
  });
});
