import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { interactionPolicy, type Account, type ClientMetadata, type FindAccount, type Interaction } from 'oidc-provider';
import { z } from 'zod';
import { LoginFormSchema, NextLoginSchema, normaliseEmail, profileFor, readLoginForm, type NextLogin, type Profile } from './accounts';
import { renderErrorPage, renderIndexPage, renderLoginPage, type LoginPageModel } from './pages';

export type OidcClientConfig = {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /**
   * Accept a registered loopback redirect URI (localhost, 127.0.0.1, [::1]) on any port, as RFC
   * 8252 §7.3 allows — tests start the app on a free port. Default true.
   */
  allowAnyLoopbackPort?: boolean;
};

export type OidcProviderOptions = {
  /** Default 4020; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default `http://<host>:<actual port>`. Must be the URL clients reach this server at. */
  issuer?: string;
  /** Default: one client, hojin-local / hojin-local-oidc-secret, with the app's callbacks. */
  clients?: OidcClientConfig[];
};

export type OidcProvider = { issuer: string; close: () => Promise<void> };

export const DEFAULT_CLIENT: OidcClientConfig = {
  clientId: 'hojin-local',
  clientSecret: 'hojin-local-oidc-secret',
  redirectUris: [
    'http://localhost:3000/api/users/login-social/callback',
    'http://localhost:3000/api/users/register-social/callback',
    'http://127.0.0.1:3000/api/users/login-social/callback',
    'http://127.0.0.1:3000/api/users/register-social/callback',
  ],
  allowAnyLoopbackPort: true,
};

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);
const MAX_BODY_BYTES = 64 * 1024;
/** Profiles kept per grant; older grants fall back to the latest profile of their subject. */
const MAX_REMEMBERED_GRANTS = 5000;

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new HttpError(413, 'too_large', '送信された内容が大きすぎます。'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const pageHeaders = (nonce: string) => ({
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  // No form-action: after the chooser posts, the redirect chain ends at the client's callback on
  // another origin, and browsers apply form-action to redirects too.
  'Content-Security-Policy': `default-src 'none'; style-src 'nonce-${nonce}'; base-uri 'none'; frame-ancestors 'none'`,
});

function sendPage(res: ServerResponse, status: number, render: (nonce: string) => string): void {
  const nonce = randomBytes(16).toString('base64');
  res.writeHead(status, pageHeaders(nonce));
  res.end(render(nonce));
}

function sendJson(res: ServerResponse, status: number, body: Record<string, unknown>): void {
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  res.end(JSON.stringify(body));
}

function hostName(header: string | undefined): string {
  if (!header) return '';
  if (header.startsWith('[')) return header.slice(1, header.indexOf(']'));
  return header.replace(/:\d+$/, '').toLowerCase();
}

function toClientMetadata(client: OidcClientConfig): ClientMetadata {
  return {
    client_id: client.clientId,
    client_secret: client.clientSecret,
    redirect_uris: client.redirectUris,
    // oidc-provider implements RFC 8252's any-port loopback redirects for native clients only;
    // nothing else in this configuration differs between the two application types.
    application_type: client.allowAnyLoopbackPort === false ? 'web' : 'native',
    grant_types: ['authorization_code'],
    response_types: ['code'],
    // client_secret_post is accepted too: oidc-provider treats the two secret methods alike.
    token_endpoint_auth_method: 'client_secret_basic',
    id_token_signed_response_alg: 'RS256',
  };
}

/**
 * Starts a real OpenID Connect provider (oidc-provider) that plays Google for development and
 * tests: authorization code flow with PKCE (S256), state and nonce; RS256 ID tokens carrying
 * email, email_verified and name. A separate process in development (`npm run dev:oidc`), an
 * in-process server in tests; never imported by src/.
 */
export async function startOidcProvider(options: OidcProviderOptions = {}): Promise<OidcProvider> {
  const host = options.host ?? '127.0.0.1';
  const clients = options.clients ?? [DEFAULT_CLIENT];

  // Bound before the provider exists: with port 0 the issuer's port is known only after listen().
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.writeHead(503).end();
  };
  const server: Server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4020, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const actualPort = (server.address() as AddressInfo).port;
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const issuer = (options.issuer ?? `http://${urlHost}:${actualPort}`).replace(/\/+$/, '');
  if (new URL(issuer).pathname !== '/') {
    server.close();
    throw new Error(`The issuer must not have a path (got ${issuer}): the provider is served at the root.`);
  }

  // A fresh signing key per start, as a key rotation would look to the app: it must fetch the
  // JWKS by kid rather than pin a key.
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = {
    ...(await exportJWK(privateKey)),
    kid: randomBytes(8).toString('hex'),
    alg: 'RS256',
    use: 'sig',
  };

  const profilesByGrant = new Map<string, Profile>();
  const latestBySub = new Map<string, Profile>();
  const nextLogins: NextLogin[] = [];

  const findAccount: FindAccount = (_ctx, sub, token) => {
    // The profile chosen for this very authorization, so two flows for one e-mail with different
    // email_verified choices do not see each other's answer.
    const profile = (token?.grantId ? profilesByGrant.get(token.grantId) : undefined) ?? latestBySub.get(sub);
    if (!profile) return undefined;
    const account: Account = {
      accountId: sub,
      claims: () => ({
        sub,
        email: profile.email,
        email_verified: profile.email_verified,
        name: profile.name,
      }),
    };
    return account;
  };

  // Like Google's account chooser: every authorization request shows it (or consumes a queued
  // choice), even when the browser already has a session here.
  const policy = interactionPolicy.base();
  policy
    .get('login')
    ?.checks.add(
      new interactionPolicy.Check('account_choice', 'the account chooser is shown on every authorization request', (ctx) =>
        ctx.oidc.result?.login ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT,
      ),
      0,
    );

  const provider = new Provider(issuer, {
    clients: clients.map(toClientMetadata),
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name'],
    },
    scopes: ['openid', 'profile', 'email'],
    responseTypes: ['code'],
    pkce: { required: () => true },
    // Google puts email, email_verified and name in the ID token itself; the app reads them there.
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      userinfo: { enabled: true },
      // Not offered by Google; left out so the discovery document does not invite them.
      pushedAuthorizationRequests: { enabled: false },
      dPoP: { enabled: false },
    },
    clientAuthMethods: ['client_secret_basic', 'client_secret_post'],
    routes: {
      authorization: '/authorize',
      token: '/token',
      jwks: '/jwks',
      userinfo: '/userinfo',
    },
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    ttl: {
      AuthorizationCode: 300,
      AccessToken: 3600,
      IdToken: 3600,
      Interaction: 1800,
      Session: 24 * 3600,
      Grant: 24 * 3600,
    },
    interactions: {
      policy,
      url: (_ctx, interaction) => `/interaction/${interaction.uid}`,
    },
    clientBasedCORS: () => false,
    findAccount,
    renderError: (ctx, out) => {
      const nonce = randomBytes(16).toString('base64');
      for (const [name, value] of Object.entries(pageHeaders(nonce))) ctx.set(name, value);
      ctx.body = renderErrorPage({ error: out.error, description: out.error_description }, nonce);
    },
  });
  provider.on('server_error', (_ctx: unknown, error: Error) => {
    process.stderr.write(`[oidc] server error: ${error.stack ?? error.message}\n`);
  });
  const oidcCallback = provider.callback();

  async function finishWith(req: IncomingMessage, res: ServerResponse, details: Interaction, choice: NextLogin | Profile) {
    if ('deny' in choice) {
      await provider.interactionFinished(
        req,
        res,
        {
          error: 'access_denied',
          error_description: 'End-User aborted interaction',
        },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const profile: Profile =
      'sub' in choice
        ? choice
        : profileFor({
            email: choice.email,
            name: choice.name,
            emailVerified: choice.email_verified,
          });
    const clientId = String(details.params.client_id);
    // Login and consent in one step: Google does not ask a first-party-looking app for consent
    // in development, and the app's tests are about its own checks, not a consent screen.
    const grant = new provider.Grant({ accountId: profile.sub, clientId });
    grant.addOIDCScope(typeof details.params.scope === 'string' ? details.params.scope : 'openid');
    const grantId = await grant.save();
    profilesByGrant.set(grantId, profile);
    if (profilesByGrant.size > MAX_REMEMBERED_GRANTS) {
      const oldest = profilesByGrant.keys().next().value;
      if (oldest !== undefined) profilesByGrant.delete(oldest);
    }
    latestBySub.set(profile.sub, profile);
    await provider.interactionFinished(
      req,
      res,
      {
        login: { accountId: profile.sub, remember: false, amr: ['pwd'] },
        consent: { grantId },
      },
      { mergeWithLastSubmission: false },
    );
  }

  function loginPageModel(details: Interaction, overrides: Partial<LoginPageModel> = {}): LoginPageModel {
    const redirectUri = typeof details.params.redirect_uri === 'string' ? details.params.redirect_uri : '';
    const loginHint = typeof details.params.login_hint === 'string' ? normaliseEmail(details.params.login_hint) : '';
    return {
      uid: details.uid,
      clientId: String(details.params.client_id),
      returnHost: URL.parse(redirectUri)?.host ?? redirectUri,
      email: loginHint,
      name: '',
      emailVerified: true,
      errors: {},
      ...overrides,
    };
  }

  async function interaction(req: IncomingMessage, res: ServerResponse, segments: string[]): Promise<void> {
    const [, uid, action] = segments;
    let details: Interaction;
    try {
      details = await provider.interactionDetails(req, res);
    } catch {
      throw new HttpError(400, 'interaction_expired', 'ログイン画面の有効期限が切れました。ログインを始めたページからやり直してください。');
    }
    if (details.uid !== uid) {
      throw new HttpError(400, 'interaction_mismatch', 'ログイン画面の情報が一致しません。ログインを始めたページからやり直してください。');
    }

    if (req.method === 'GET' && action === undefined) {
      const queued = nextLogins.shift();
      if (queued) return finishWith(req, res, details, queued);
      return sendPage(res, 200, (nonce) => renderLoginPage(loginPageModel(details), nonce));
    }
    if (req.method === 'POST' && action === 'abort') return finishWith(req, res, details, { deny: true });
    if (req.method === 'POST' && action === 'login') {
      const form = LoginFormSchema.safeParse(Object.fromEntries(new URLSearchParams(await readBody(req))));
      if (!form.success) {
        return sendPage(res, 400, (nonce) =>
          renderLoginPage(
            loginPageModel(details, {
              errors: { account: 'アカウントを選んでください' },
            }),
            nonce,
          ),
        );
      }
      const result = readLoginForm(form.data);
      if (!result.ok) {
        const model = loginPageModel(details, {
          email: form.data.email ?? '',
          name: form.data.name ?? '',
          emailVerified: form.data.email_verified === 'true',
          errors: result.errors,
        });
        return sendPage(res, 400, (nonce) => renderLoginPage(model, nonce));
      }
      return finishWith(req, res, details, result.profile);
    }
    throw new HttpError(405, 'method_not_allowed', 'この操作には対応していません。');
  }

  async function control(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const allowed = new Set([...LOOPBACK_HOSTS, new URL(issuer).hostname]);
    if (!allowed.has(hostName(req.headers.host))) {
      return sendJson(res, 421, {
        error: {
          code: 'misdirected',
          message: 'このホスト名では受け付けていません。',
        },
      });
    }
    if (path !== '/__control/next-login') {
      return sendJson(res, 404, {
        error: { code: 'not_found', message: '見つかりません。' },
      });
    }
    if (req.method === 'GET') return sendJson(res, 200, { pending: nextLogins });
    if (req.method === 'DELETE') return sendJson(res, 200, { cleared: nextLogins.splice(0).length });
    if (req.method !== 'POST')
      return sendJson(res, 405, {
        error: {
          code: 'method_not_allowed',
          message: 'この操作には対応していません。',
        },
      });
    // JSON only: a cross-site page cannot send it without a CORS preflight this server never
    // approves, so no other site can pick the developer's next account (login CSRF).
    if (!(req.headers['content-type'] ?? '').toLowerCase().startsWith('application/json')) {
      return sendJson(res, 415, {
        error: {
          code: 'unsupported_media_type',
          message: 'Content-Type: application/json で送ってください。',
        },
      });
    }
    let json: unknown;
    try {
      json = JSON.parse(await readBody(req));
    } catch {
      return sendJson(res, 400, {
        error: {
          code: 'invalid_json',
          message: 'JSON の形式が正しくありません。',
        },
      });
    }
    const parsed = NextLoginSchema.safeParse(json);
    if (!parsed.success) {
      return sendJson(res, 422, {
        error: { code: 'invalid_body', message: z.prettifyError(parsed.error) },
      });
    }
    nextLogins.push(parsed.data);
    const next = parsed.data;
    const preview =
      'deny' in next
        ? { deny: true }
        : profileFor({
            email: next.email,
            name: next.name,
            emailVerified: next.email_verified,
          });
    return sendJson(res, 200, { queued: nextLogins.length, next: preview });
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', issuer);
    const segments = url.pathname.split('/').filter(Boolean);
    if (segments[0] === 'interaction' && segments.length >= 2 && segments.length <= 3) return interaction(req, res, segments);
    if (segments[0] === '__control') return control(req, res, url.pathname);
    if (url.pathname === '/' && req.method === 'GET') return sendPage(res, 200, (nonce) => renderIndexPage(issuer, nonce));
    oidcCallback(req, res);
  }

  handler = (req, res) => {
    route(req, res).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (error instanceof HttpError) {
        sendPage(res, error.status, (nonce) => renderErrorPage({ error: error.code, description: error.message }, nonce));
        return;
      }
      process.stderr.write(`[oidc] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      sendPage(res, 500, (nonce) =>
        renderErrorPage(
          {
            error: 'server_error',
            description: '予期しないエラーが発生しました。',
          },
          nonce,
        ),
      );
    });
  };

  let closing: Promise<void> | undefined;
  return {
    issuer,
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
