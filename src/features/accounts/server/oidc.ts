import 'server-only';

import * as client from 'openid-client';
import { z } from 'zod';

import { logger } from '@/server/logger';
import { safeEqual, signWithServerSecret } from '@/server/auth/tokens';
import { appUrl, serverConfig } from '@/config/server';

/**
 * The OpenID Connect client for Google sign-in (domain.md §4), on `openid-client` (panva, OpenID
 * Certified; decision 0006): discovery, the authorization code flow with PKCE (S256), `state`,
 * `nonce`, the RFC 9207 `iss` check and the ID token's signature and claims (iss, aud, exp, iat,
 * nonce) are the library's. Ours: where the flow state is kept (a signed cookie), how long the
 * discovery result is trusted, when plain http is allowed, and how a failure is told to the person.
 * The provider is whatever OIDC_ISSUER names: Google in production, dev/oidc locally and in tests.
 */
export type SocialMode = 'login' | 'register';

export class OidcError extends Error {
  constructor(
    readonly reason: 'unavailable' | 'state' | 'token' | 'cancelled',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OidcError';
  }
}

/**
 * The ID token claims we use. Parsed leniently (no strictObject): providers add claims over time,
 * and refusing a sign-in because Google added a harmless key would be an outage.
 */
export const IdTokenClaimsSchema = z.object({
  sub: z.string().min(1).max(255),
  email: z.string().max(254).optional(),
  // Google sends a boolean; some providers a string.
  email_verified: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional(),
  name: z.string().max(500).optional(),
});
export type IdTokenClaims = z.infer<typeof IdTokenClaimsSchema>;

/** Each request to the provider (discovery, token, JWKS), in seconds. */
const REQUEST_TIMEOUT_SECONDS = 10;
/**
 * How long a discovery document is trusted. Endpoints change rarely; signing keys rotate through
 * the JWKS, which the library refetches on its own (every 5 min, and on an unknown `kid`).
 */
export const DISCOVERY_TTL_MS = 60 * 60_000;
/**
 * After a failed discovery, how long to answer 「ただいま利用できません」 at once rather than make
 * every visitor wait for the provider's timeout again; the next request after it tries again.
 */
export const DISCOVERY_RETRY_MS = 30_000;
/** How long the browser has to finish the provider's screens. */
export const STATE_TTL_SECONDS = 10 * 60;
/** Clock tolerance for the ID token's exp/iat, in seconds (the library's default is 30). */
const CLOCK_TOLERANCE_SECONDS = 60;

/** The issuer as stored with each Google link (`user_identities.issuer`): no trailing slash. */
export function configuredIssuer(): string {
  return serverConfig().oidc.issuer.replace(/\/+$/, '');
}

/**
 * The one place that lets the client speak plain http: a loopback issuer outside production (the
 * dev/oidc stand-in on 127.0.0.1). Any other issuer is https-only, as the library insists by
 * default; production already refuses an http OIDC_ISSUER in env.ts, and this does not rely on it.
 */
export function allowsInsecureRequests(issuer: URL, isProduction: boolean): boolean {
  if (isProduction || issuer.protocol !== 'http:') return false;
  const host = issuer.hostname;
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

// ---- discovery, cached ----

type Cached = { key: string; config: client.Configuration; at: number };
let cached: Cached | undefined;
let lastFailure: { key: string; at: number } | undefined;
let pending: { key: string; promise: Promise<client.Configuration> } | undefined;

async function discover(key: string): Promise<client.Configuration> {
  const oidc = serverConfig().oidc;
  const issuer = new URL(oidc.issuer);
  return client
    .discovery(
      issuer,
      oidc.clientId,
      {
        client_secret: oidc.clientSecret,
        id_token_signed_response_alg: 'RS256',
        [client.clockTolerance]: CLOCK_TOLERANCE_SECONDS,
      },
      client.ClientSecretBasic(oidc.clientSecret),
      {
        timeout: REQUEST_TIMEOUT_SECONDS,
        execute: [
          // By default the library trusts an ID token from the token endpoint on the strength of
          // TLS alone (OpenID Connect Core §3.1.3.7 allows it). We verify its signature against
          // the provider's JWKS as well: the local provider speaks plain http, and an edited or
          // forged token must fail here rather than depend on the transport.
          client.enableNonRepudiationChecks,
          // Applies to the discovery request itself and to every later request of this configuration.
          ...(allowsInsecureRequests(issuer, oidc.production) ? [client.allowInsecureRequests] : []),
        ],
      },
    )
    .then(
      (config) => {
        cached = { key, config, at: Date.now() };
        lastFailure = undefined;
        return config;
      },
      (error: unknown) => {
        lastFailure = { key, at: Date.now() };
        throw error;
      },
    );
}

/**
 * The provider's configuration: discovered once an hour (one request at a time). When a refresh
 * fails, the previous document keeps serving until the next attempt; with none, sign-in is
 * 「ただいま利用できません」 (OidcError 'unavailable') until DISCOVERY_RETRY_MS has passed.
 */
async function configuration(): Promise<client.Configuration> {
  const { issuer, clientId } = serverConfig().oidc;
  const key = `${issuer}\n${clientId}`;
  const now = Date.now();
  const previous = cached?.key === key ? cached : undefined;
  if (previous && now - previous.at < DISCOVERY_TTL_MS) return previous.config;
  const failedRecently = lastFailure?.key === key && now - lastFailure.at < DISCOVERY_RETRY_MS;
  if (failedRecently) {
    if (previous) return previous.config;
    throw new OidcError('unavailable', 'OpenID discovery failed a moment ago; not retrying yet');
  }
  let inflight = pending?.key === key ? pending.promise : undefined;
  if (!inflight) {
    const promise = discover(key).finally(() => {
      if (pending?.promise === promise) pending = undefined;
    });
    pending = { key, promise };
    inflight = promise;
  }
  try {
    return await inflight;
  } catch (error) {
    if (previous) {
      logger.warn({ event: 'auth.social.discovery_stale', err: error }, 'OpenID discovery failed; using the previous document');
      return previous.config;
    }
    throw new OidcError('unavailable', 'OpenID discovery failed', { cause: error });
  }
}

export function redirectUri(mode: SocialMode): string {
  return appUrl(`/api/users/${mode === 'login' ? 'login-social' : 'register-social'}/callback`).toString();
}

// ---- the short-lived state cookie ----

export interface FlowState {
  mode: SocialMode;
  state: string;
  nonce: string;
  verifier: string;
  nextPage: string;
  /** epoch ms */
  createdAt: number;
}

const FlowStateSchema = z.strictObject({
  mode: z.enum(['login', 'register']),
  state: z.string().min(32).max(64),
  nonce: z.string().min(32).max(64),
  verifier: z.string().min(43).max(128),
  nextPage: z.string().max(512),
  createdAt: z.number().int(),
});

/** HMAC-signed so that nobody can plant a state of their choosing (login CSRF) even where cookies can be injected. */
export function sealFlowState(flow: FlowState): string {
  const payload = Buffer.from(JSON.stringify(flow)).toString('base64url');
  return `${payload}.${signWithServerSecret(`oidc-state:v1:${payload}`)}`;
}

export function openFlowState(value: string | undefined, now = Date.now()): FlowState | null {
  if (!value || value.length > 2048) return null;
  const [payload = '', signature = ''] = value.split('.');
  if (!safeEqual(signWithServerSecret(`oidc-state:v1:${payload}`), signature)) return null;
  try {
    const parsed = FlowStateSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    if (!parsed.success) return null;
    if (now - parsed.data.createdAt > STATE_TTL_SECONDS * 1000 || parsed.data.createdAt > now + 60_000) return null;
    return parsed.data;
  } catch {
    return null;
  }
}

/** A new flow: where to send the browser, and the state to keep in the cookie. */
export async function beginFlow(mode: SocialMode, nextPage: string): Promise<{ url: string; flow: FlowState }> {
  const config = await configuration();
  const flow: FlowState = {
    mode,
    state: client.randomState(),
    nonce: client.randomNonce(),
    verifier: client.randomPKCECodeVerifier(),
    nextPage,
    createdAt: Date.now(),
  };
  const url = client.buildAuthorizationUrl(config, {
    response_type: 'code',
    scope: 'openid profile email',
    redirect_uri: redirectUri(mode),
    state: flow.state,
    nonce: flow.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
    code_challenge_method: 'S256',
  });
  return { url: url.toString(), flow };
}

export type CallbackQuery = {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
  error_description?: string | undefined;
  iss?: string | undefined;
};

/**
 * Errors of the library's authorization-response check (`state`, RFC 9207 `iss`) carry the
 * response parameters; those of the token exchange and the ID token do not. That is how a forged
 * or stale callback (「手続きの有効期限が切れたか…」) is told from a failed exchange.
 */
function isAuthorizationResponseRejection(error: unknown): boolean {
  if (!(error instanceof client.ClientError) || error.code !== 'OAUTH_INVALID_RESPONSE') return false;
  const inner: unknown = error.cause;
  if (!(inner instanceof Error) || typeof inner.cause !== 'object' || inner.cause === null) return false;
  return 'parameters' in inner.cause && inner.cause.parameters instanceof URLSearchParams;
}

/**
 * The callback: the library checks `state` and `iss` of the authorization response, the provider's
 * error, exchanges the code (PKCE verifier, client secret) and verifies the ID token (signature
 * against the JWKS, iss, aud, exp, iat, nonce). Without our signed flow cookie there is nothing
 * to check against, so that is refused before anything is sent.
 */
export async function finishFlow(flow: FlowState | null, query: CallbackQuery): Promise<{ issuer: string; claims: IdTokenClaims }> {
  if (!flow) throw new OidcError('state', 'missing or invalid flow cookie');
  const config = await configuration();
  // The URL the provider redirected to, rebuilt from our own redirect URI (never the Host header):
  // the library sends it as `redirect_uri` in the code exchange, where it must match exactly.
  const currentUrl = new URL(redirectUri(flow.mode));
  for (const [name, value] of Object.entries(query)) if (typeof value === 'string') currentUrl.searchParams.set(name, value);

  let claims: unknown;
  try {
    const tokens = await client.authorizationCodeGrant(config, currentUrl, {
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      pkceCodeVerifier: flow.verifier,
    });
    claims = tokens.claims();
  } catch (error) {
    if (error instanceof client.AuthorizationResponseError)
      throw new OidcError('cancelled', `provider answered ${error.error}`, { cause: error });
    if (isAuthorizationResponseRejection(error)) throw new OidcError('state', 'authorization response refused', { cause: error });
    throw new OidcError('token', 'code exchange or ID token refused', { cause: error });
  }
  const parsed = IdTokenClaimsSchema.safeParse(claims);
  if (!parsed.success) throw new OidcError('token', 'unexpected ID token claims');
  return { issuer: configuredIssuer(), claims: parsed.data };
}
