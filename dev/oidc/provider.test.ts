import { createHash, randomBytes } from 'node:crypto';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { subFor } from './accounts';
import { startOidcProvider, type OidcProvider } from './provider';

const CLIENT_ID = 'hojin-local';
const CLIENT_SECRET = 'hojin-local-oidc-secret';
const REDIRECT_URI = 'http://localhost:3000/api/users/login-social/callback';

const DiscoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  jwks_uri: z.string(),
  userinfo_endpoint: z.string(),
  scopes_supported: z.array(z.string()),
  response_types_supported: z.array(z.string()),
  code_challenge_methods_supported: z.array(z.string()),
  id_token_signing_alg_values_supported: z.array(z.string()),
  token_endpoint_auth_methods_supported: z.array(z.string()),
});
const TokenSchema = z.object({
  access_token: z.string(),
  id_token: z.string(),
  token_type: z.string(),
  expires_in: z.number(),
});
const TokenErrorSchema = z.object({ error: z.string(), error_description: z.string().optional() });
type Discovery = z.infer<typeof DiscoverySchema>;

/** Just enough of a browser: a cookie jar and manually followed redirects. */
class Browser {
  private cookies = new Map<string, string>();

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /** Follows redirects until one leaves `origin` (the client's callback) or a page answers. */
  async follow(url: string, origin: string, init: RequestInit = {}): Promise<{ res: Response; url: string }> {
    let current = url;
    let res = await this.request(current, init);
    for (let hops = 0; hops < 10 && res.status >= 300 && res.status < 400; hops++) {
      current = new URL(res.headers.get('location') ?? '', current).toString();
      if (new URL(current).origin !== origin) return { res, url: current };
      res = await this.request(current);
    }
    return { res, url: current };
  }
}

function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

let provider: OidcProvider;
let discovery: Discovery;

beforeAll(async () => {
  provider = await startOidcProvider({ port: 0 });
  discovery = DiscoverySchema.parse(await (await fetch(`${provider.issuer}/.well-known/openid-configuration`)).json());
});
afterAll(async () => {
  await provider.close();
});
beforeEach(async () => {
  await fetch(`${provider.issuer}/__control/next-login`, { method: 'DELETE' });
});

type AuthorizeOptions = {
  redirectUri?: string;
  withPkce?: boolean;
  extra?: Record<string, string>;
};

function authorizeUrl(options: AuthorizeOptions = {}) {
  const state = randomBytes(16).toString('base64url');
  const nonce = randomBytes(16).toString('base64url');
  const { verifier, challenge } = pkcePair();
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: CLIENT_ID,
    redirect_uri: options.redirectUri ?? REDIRECT_URI,
    scope: 'openid profile email',
    state,
    nonce,
    ...(options.withPkce === false ? {} : { code_challenge: challenge, code_challenge_method: 'S256' }),
    ...options.extra,
  });
  return { url: `${discovery.authorization_endpoint}?${params}`, state, nonce, verifier };
}

/** Authorization request → chooser page → chosen account → the client's callback URL. */
async function loginThroughPage(form: Record<string, string>, options: AuthorizeOptions = {}) {
  const browser = new Browser();
  const auth = authorizeUrl(options);
  const page = await browser.follow(auth.url, provider.issuer);
  expect(page.res.status).toBe(200);
  const uid = /\/interaction\/([\w-]+)$/.exec(new URL(page.url).pathname)?.[1];
  expect(uid).toBeDefined();
  const done = await browser.follow(`${provider.issuer}/interaction/${uid}/login`, provider.issuer, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
  return { ...auth, browser, callback: new URL(done.url), final: done.res, page };
}

async function exchange(code: string, verifier: string, auth: 'basic' | 'post' = 'basic', secret = CLIENT_SECRET) {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT_URI,
    code_verifier: verifier,
  });
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (auth === 'basic') headers.authorization = `Basic ${Buffer.from(`${CLIENT_ID}:${secret}`).toString('base64')}`;
  else {
    body.set('client_id', CLIENT_ID);
    body.set('client_secret', secret);
  }
  return fetch(discovery.token_endpoint, { method: 'POST', headers, body });
}

async function verifyIdToken(idToken: string, nonce: string) {
  const jwks = z.custom<JSONWebKeySet>().parse(await (await fetch(discovery.jwks_uri)).json());
  const { payload } = await jwtVerify(idToken, createLocalJWKSet(jwks), {
    issuer: provider.issuer,
    audience: CLIENT_ID,
    algorithms: ['RS256'],
  });
  expect(payload.nonce).toBe(nonce);
  return payload;
}

const queueNext = (body: Record<string, unknown>) =>
  fetch(`${provider.issuer}/__control/next-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Authorization request with a queued choice: straight to the client's callback, no page. */
async function scriptedLogin(choice: Record<string, unknown>, options: AuthorizeOptions = {}) {
  expect((await queueNext(choice)).status).toBe(200);
  const browser = new Browser();
  const auth = authorizeUrl(options);
  const done = await browser.follow(auth.url, provider.issuer);
  return { ...auth, callback: new URL(done.url) };
}

describe('discovery', () => {
  it('publishes the endpoints and capabilities of a Google-like provider', () => {
    expect(discovery.issuer).toBe(provider.issuer);
    expect(discovery.authorization_endpoint).toBe(`${provider.issuer}/authorize`);
    expect(discovery.token_endpoint).toBe(`${provider.issuer}/token`);
    expect(discovery.jwks_uri).toBe(`${provider.issuer}/jwks`);
    expect(discovery.scopes_supported).toEqual(expect.arrayContaining(['openid', 'profile', 'email']));
    expect(discovery.response_types_supported).toEqual(['code']);
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
    expect(discovery.id_token_signing_alg_values_supported).toEqual(['RS256']);
    expect(discovery.token_endpoint_auth_methods_supported.sort()).toEqual(['client_secret_basic', 'client_secret_post']);
  });

  it('serves an RS256 public key without private parts', async () => {
    const jwks = z
      .object({ keys: z.array(z.object({ kty: z.string(), kid: z.string(), alg: z.string() }).loose()) })
      .parse(await (await fetch(discovery.jwks_uri)).json());
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });
});

describe('authorization code flow through the account chooser', () => {
  it('shows the Japanese chooser, returns code and state, and issues a verifiable ID token', async () => {
    const flow = await loginThroughPage({
      account: 'custom',
      email: 'Kenta.Ito@Example.JP',
      name: '伊藤 健太',
      email_verified: 'true',
    });
    const html = await flow.page.res.text();
    expect(html).toContain('<html lang="ja">');
    expect(html).toContain('Google アカウントでログイン（開発用）');
    expect(html).toContain('taro.yamada@example.com');
    expect(flow.page.res.headers.get('content-security-policy')).toContain("default-src 'none'");

    expect(`${flow.callback.origin}${flow.callback.pathname}`).toBe(REDIRECT_URI);
    expect(flow.callback.searchParams.get('state')).toBe(flow.state);
    expect(flow.callback.searchParams.get('iss')).toBe(provider.issuer);
    const code = flow.callback.searchParams.get('code');
    expect(code).toBeTruthy();

    const res = await exchange(code ?? '', flow.verifier);
    expect(res.status).toBe(200);
    const tokens = TokenSchema.parse(await res.json());
    expect(tokens.token_type).toBe('Bearer');
    expect(decodeProtectedHeader(tokens.id_token).alg).toBe('RS256');

    const claims = await verifyIdToken(tokens.id_token, flow.nonce);
    expect(claims).toMatchObject({
      iss: provider.issuer,
      aud: CLIENT_ID,
      sub: subFor('kenta.ito@example.jp'),
      email: 'kenta.ito@example.jp',
      email_verified: true,
      name: '伊藤 健太',
    });
    expect(claims.sub).toMatch(/^1\d{20}$/);
    expect(typeof claims.iat).toBe('number');
    expect(claims.exp).toBeGreaterThan(claims.iat ?? Infinity);

    const userinfo = await fetch(discovery.userinfo_endpoint, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(await userinfo.json()).toMatchObject({
      sub: claims.sub,
      email: 'kenta.ito@example.jp',
      email_verified: true,
    });
  });

  it('signs in a preset account with email_verified false when the person chooses so', async () => {
    const flow = await loginThroughPage({ account: 'hanako', email_verified: 'false' });
    const res = await exchange(flow.callback.searchParams.get('code') ?? '', flow.verifier, 'post');
    expect(res.status).toBe(200);
    const claims = await verifyIdToken(TokenSchema.parse(await res.json()).id_token, flow.nonce);
    expect(claims).toMatchObject({ email: 'hanako.sato@example.jp', name: '佐藤 花子', email_verified: false });
  });

  it('shows the chooser again on the next authorization even with a session cookie', async () => {
    const first = await loginThroughPage({ account: 'taro', email_verified: 'true' });
    const again = await first.browser.follow(authorizeUrl().url, provider.issuer);
    expect(again.res.status).toBe(200);
    expect(await again.res.text()).toContain('別のアカウントを使用');
  });

  it('pre-fills the e-mail field from login_hint without signing in', async () => {
    const page = await new Browser().follow(authorizeUrl({ extra: { login_hint: 'hint@example.jp' } }).url, provider.issuer);
    expect(page.res.status).toBe(200);
    expect(await page.res.text()).toContain('value="hint@example.jp"');
  });

  it('re-shows the chooser with a Japanese message for a malformed e-mail', async () => {
    const browser = new Browser();
    const page = await browser.follow(authorizeUrl().url, provider.issuer);
    const res = await browser.request(`${page.url}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        account: 'custom',
        email: 'not-an-address',
        name: '<b>x</b>',
        email_verified: 'true',
      }),
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('メールアドレスの形式が正しくありません');
    expect(html).toContain('value="&lt;b&gt;x&lt;/b&gt;"');
  });

  it('returns error=access_denied with the state when the person cancels', async () => {
    const browser = new Browser();
    const auth = authorizeUrl();
    const page = await browser.follow(auth.url, provider.issuer);
    const done = await browser.follow(`${page.url}/abort`, provider.issuer, { method: 'POST' });
    const callback = new URL(done.url);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe(auth.state);
    expect(callback.searchParams.get('code')).toBeNull();
  });

  it('gives the same sub to the same e-mail and a different one to another e-mail', async () => {
    const a1 = await scriptedLogin({ email: 'same@example.jp' });
    const a2 = await scriptedLogin({ email: 'SAME@example.jp', email_verified: false });
    const b = await scriptedLogin({ email: 'other@example.jp' });
    const subOf = async (flow: Awaited<ReturnType<typeof scriptedLogin>>) => {
      const res = await exchange(flow.callback.searchParams.get('code') ?? '', flow.verifier);
      return (await verifyIdToken(TokenSchema.parse(await res.json()).id_token, flow.nonce)).sub;
    };
    const [s1, s2, s3] = [await subOf(a1), await subOf(a2), await subOf(b)];
    expect(s1).toBe(s2);
    expect(s3).not.toBe(s1);
  });
});

describe('token endpoint', () => {
  it('rejects a wrong code_verifier', async () => {
    const flow = await scriptedLogin({ email: 'pkce@example.jp' });
    const res = await exchange(flow.callback.searchParams.get('code') ?? '', pkcePair().verifier);
    expect(res.status).toBe(400);
    expect(TokenErrorSchema.parse(await res.json()).error).toBe('invalid_grant');
  });

  it('rejects a code used a second time', async () => {
    const flow = await scriptedLogin({ email: 'reuse@example.jp' });
    const code = flow.callback.searchParams.get('code') ?? '';
    const first = await exchange(code, flow.verifier);
    expect(first.status).toBe(200);
    const { access_token } = TokenSchema.parse(await first.json());
    const userinfo = () => fetch(discovery.userinfo_endpoint, { headers: { authorization: `Bearer ${access_token}` } });
    expect((await userinfo()).status).toBe(200);
    const again = await exchange(code, flow.verifier);
    expect(again.status).toBe(400);
    expect(TokenErrorSchema.parse(await again.json()).error).toBe('invalid_grant');
    // A replayed code means it leaked: what was issued from it is revoked as well (RFC 6749 §4.1.2).
    expect((await userinfo()).status).toBe(401);
  });

  it('rejects a wrong client secret', async () => {
    const flow = await scriptedLogin({ email: 'secret@example.jp' });
    const res = await exchange(flow.callback.searchParams.get('code') ?? '', flow.verifier, 'basic', 'wrong-secret');
    expect(res.status).toBe(401);
    expect(TokenErrorSchema.parse(await res.json()).error).toBe('invalid_client');
  });

  it('returns the nonce of its own authorization request, so a swapped nonce fails verification', async () => {
    const flow = await scriptedLogin({ email: 'nonce@example.jp' });
    const res = await exchange(flow.callback.searchParams.get('code') ?? '', flow.verifier);
    const idToken = TokenSchema.parse(await res.json()).id_token;
    await expect(verifyIdToken(idToken, 'some-other-nonce')).rejects.toThrow();
  });
});

describe('authorization request checks', () => {
  it('refuses an authorization request without PKCE', async () => {
    const flow = await scriptedLogin({ email: 'nopkce@example.jp' }, { withPkce: false });
    expect(flow.callback.searchParams.get('error')).toBe('invalid_request');
    expect(flow.callback.searchParams.get('code')).toBeNull();
  });

  it('accepts a registered callback path on any loopback port', async () => {
    const redirectUri = 'http://127.0.0.1:51234/api/users/register-social/callback';
    const flow = await scriptedLogin({ email: 'port@example.jp' }, { redirectUri });
    expect(`${flow.callback.origin}${flow.callback.pathname}`).toBe(redirectUri);
    expect(flow.callback.searchParams.get('code')).toBeTruthy();
  });

  it('shows a Japanese error page, and does not redirect, for an unregistered redirect URI', async () => {
    for (const redirectUri of ['http://localhost:3000/evil', 'https://attacker.example/api/users/login-social/callback']) {
      const res = await new Browser().request(authorizeUrl({ redirectUri }).url);
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      const html = await res.text();
      expect(html).toContain('ログインを続けられませんでした');
      expect(html).toContain('redirect_uri');
    }
  });
});

describe('/__control/next-login', () => {
  it('completes the next authorization with the queued account, without showing the page', async () => {
    const flow = await scriptedLogin({ email: 'queued@example.jp', name: '予約 済子', email_verified: false });
    expect(flow.callback.searchParams.get('state')).toBe(flow.state);
    const res = await exchange(flow.callback.searchParams.get('code') ?? '', flow.verifier);
    const claims = await verifyIdToken(TokenSchema.parse(await res.json()).id_token, flow.nonce);
    expect(claims).toMatchObject({ email: 'queued@example.jp', name: '予約 済子', email_verified: false });
  });

  it('uses each queued choice once, in order', async () => {
    await queueNext({ email: 'first@example.jp' });
    await queueNext({ deny: true });
    const pending = z
      .object({ pending: z.array(z.unknown()) })
      .parse(await (await fetch(`${provider.issuer}/__control/next-login`)).json());
    expect(pending.pending).toHaveLength(2);
    const browser = new Browser();
    const one = await browser.follow(authorizeUrl().url, provider.issuer);
    expect(new URL(one.url).searchParams.get('code')).toBeTruthy();
    const two = await browser.follow(authorizeUrl().url, provider.issuer);
    expect(new URL(two.url).searchParams.get('error')).toBe('access_denied');
    const three = await browser.follow(authorizeUrl().url, provider.issuer);
    expect(three.res.status).toBe(200);
  });

  it('accepts only JSON, so another site cannot pick the next account with a form post', async () => {
    const res = await fetch(`${provider.issuer}/__control/next-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=attacker@example.jp',
    });
    expect(res.status).toBe(415);
  });

  it('rejects a malformed choice', async () => {
    expect((await queueNext({ email: 'nope' })).status).toBe(422);
    expect((await queueNext({ email: 'a@example.jp', extra: 1 })).status).toBe(422);
  });
});

describe('a web client without any-port loopback redirects', () => {
  let strict: OidcProvider;
  beforeAll(async () => {
    strict = await startOidcProvider({
      port: 0,
      clients: [{ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUris: [REDIRECT_URI], allowAnyLoopbackPort: false }],
    });
  });
  afterAll(async () => {
    await strict.close();
  });

  const url = (redirectUri: string) => {
    const { challenge } = pkcePair();
    const params = new URLSearchParams({
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: redirectUri,
      scope: 'openid profile email',
      state: 's',
      nonce: 'n',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    return `${strict.issuer}/authorize?${params}`;
  };

  it('refuses the registered callback on another port', async () => {
    const res = await new Browser().request(url('http://localhost:3999/api/users/login-social/callback'));
    expect(res.status).toBe(400);
  });

  it('still shows the chooser on every authorization although the browser has a session', async () => {
    const browser = new Browser();
    const page = await browser.follow(url(REDIRECT_URI), strict.issuer);
    expect(page.res.status).toBe(200);
    const done = await browser.follow(`${page.url}/login`, strict.issuer, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ account: 'taro', email_verified: 'true' }),
    });
    expect(new URL(done.url).searchParams.get('code')).toBeTruthy();
    const again = await browser.follow(url(REDIRECT_URI), strict.issuer);
    expect(again.res.status).toBe(200);
    expect(await again.res.text()).toContain('別のアカウントを使用');
  });
});
