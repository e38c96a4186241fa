import 'server-only';

import { createHash } from 'node:crypto';

import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';

import { getEnv } from '@/config/env';
import { hmacBase64Url, randomToken, safeEqual } from '@/server/auth/tokens';

/**
 * The OpenID Connect client for Google sign-in (domain.md §4): authorization code flow with PKCE
 * (S256), `state` and `nonce`; the ID token is verified with jose against the provider's JWKS
 * (signature RS256, iss, aud, exp) and its nonce compared with ours. The provider is whatever
 * OIDC_ISSUER names: Google in production, dev/oidc locally and in tests — no other difference.
 *
 * Third-party responses are parsed with zod but not strictly: providers add fields over time,
 * and refusing a sign-in because Google added a harmless key would be an outage.
 */
export type SocialMode = 'login' | 'register';

export class OidcError extends Error {
  constructor(
    readonly reason: 'unavailable' | 'state' | 'nonce' | 'token' | 'cancelled',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OidcError';
  }
}

const DiscoverySchema = z.object({
  issuer: z.string().min(1),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
});
type Discovery = z.infer<typeof DiscoverySchema>;

const TokenResponseSchema = z.object({ id_token: z.string().min(10), token_type: z.string().optional() });

export const IdTokenClaimsSchema = z.object({
  sub: z.string().min(1).max(255),
  email: z.string().max(254).optional(),
  // Google sends a boolean; some providers a string.
  email_verified: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional(),
  name: z.string().max(500).optional(),
});
export type IdTokenClaims = z.infer<typeof IdTokenClaimsSchema>;

const TIMEOUT_MS = 10_000;
const DISCOVERY_TTL_MS = 60 * 60_000;
/** How long the browser has to finish the provider's screens. */
export const STATE_TTL_SECONDS = 10 * 60;

export function configuredIssuer(): string {
  return getEnv().OIDC_ISSUER.replace(/\/+$/, '');
}

let discoveryCache: { issuer: string; at: number; value: Discovery } | undefined;
const jwksCache = new Map<string, JWTVerifyGetKey>();

async function discover(): Promise<Discovery> {
  const issuer = configuredIssuer();
  if (discoveryCache && discoveryCache.issuer === issuer && Date.now() - discoveryCache.at < DISCOVERY_TTL_MS) return discoveryCache.value;
  let value: Discovery;
  try {
    const res = await fetch(`${issuer}/.well-known/openid-configuration`, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`discovery answered ${res.status}`);
    value = DiscoverySchema.parse(await res.json());
  } catch (error) {
    throw new OidcError('unavailable', 'OpenID discovery failed', { cause: error });
  }
  // The document must speak for the issuer we trust (OpenID Connect Discovery §4.3).
  if (value.issuer.replace(/\/+$/, '') !== issuer) throw new OidcError('unavailable', `discovery issuer ${value.issuer} is not ${issuer}`);
  discoveryCache = { issuer, at: Date.now(), value };
  return value;
}

function jwks(uri: string): JWTVerifyGetKey {
  let set = jwksCache.get(uri);
  if (!set) {
    // jose refetches on an unknown kid (key rotation), at most once every 30 s.
    set = createRemoteJWKSet(new URL(uri), { timeoutDuration: TIMEOUT_MS });
    jwksCache.set(uri, set);
  }
  return set;
}

export function redirectUri(mode: SocialMode): string {
  return new URL(`/api/users/${mode === 'login' ? 'login-social' : 'register-social'}/callback`, getEnv().APP_BASE_URL).toString();
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
  return `${payload}.${hmacBase64Url(getEnv().SESSION_SECRET, `oidc-state:v1:${payload}`)}`;
}

export function openFlowState(value: string | undefined, now = Date.now()): FlowState | null {
  if (!value || value.length > 2048) return null;
  const [payload = '', signature = ''] = value.split('.');
  if (!safeEqual(hmacBase64Url(getEnv().SESSION_SECRET, `oidc-state:v1:${payload}`), signature)) return null;
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
  const discovery = await discover();
  const flow: FlowState = {
    mode,
    state: randomToken(32),
    nonce: randomToken(32),
    verifier: randomToken(32),
    nextPage,
    createdAt: Date.now(),
  };
  const url = new URL(discovery.authorization_endpoint);
  url.search = new URLSearchParams({
    client_id: getEnv().OIDC_CLIENT_ID,
    response_type: 'code',
    scope: 'openid profile email',
    redirect_uri: redirectUri(mode),
    state: flow.state,
    nonce: flow.nonce,
    code_challenge: createHash('sha256').update(flow.verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  return { url: url.toString(), flow };
}

/**
 * The callback's checks, in order: the provider's error, `state` against the cookie, the code
 * exchange (with the PKCE verifier and the client secret), the ID token's signature and claims,
 * and `nonce` against the cookie.
 */
export async function finishFlow(
  flow: FlowState | null,
  query: { code?: string | undefined; state?: string | undefined; error?: string | undefined; iss?: string | undefined },
): Promise<{ issuer: string; claims: IdTokenClaims }> {
  if (query.error) throw new OidcError('cancelled', `provider answered ${query.error}`);
  if (!flow || !query.state || !safeEqual(flow.state, query.state)) throw new OidcError('state', 'state mismatch or missing flow cookie');
  if (query.iss !== undefined && query.iss.replace(/\/+$/, '') !== configuredIssuer())
    throw new OidcError('state', `authorization response from ${query.iss}`);
  if (!query.code) throw new OidcError('token', 'no code in the callback');
  const discovery = await discover();
  const env = getEnv();

  let idToken: string;
  try {
    const res = await fetch(discovery.token_endpoint, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${encodeURIComponent(env.OIDC_CLIENT_ID)}:${encodeURIComponent(env.OIDC_CLIENT_SECRET)}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: query.code,
        redirect_uri: redirectUri(flow.mode),
        code_verifier: flow.verifier,
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`token endpoint answered ${res.status}`);
    idToken = TokenResponseSchema.parse(await res.json()).id_token;
  } catch (error) {
    throw new OidcError('token', 'code exchange failed', { cause: error });
  }

  const issuer = configuredIssuer();
  // Google's tokens may name the issuer without the scheme (Google Identity docs).
  const issuers = issuer === 'https://accounts.google.com' ? [issuer, 'accounts.google.com'] : [discovery.issuer, issuer];
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(idToken, jwks(discovery.jwks_uri), {
      issuer: issuers,
      audience: env.OIDC_CLIENT_ID,
      algorithms: ['RS256'],
      requiredClaims: ['sub', 'exp', 'iat'],
      clockTolerance: 60,
    }));
  } catch (error) {
    throw new OidcError('token', 'ID token verification failed', { cause: error });
  }
  if (typeof payload.nonce !== 'string' || !safeEqual(payload.nonce, flow.nonce)) throw new OidcError('nonce', 'nonce mismatch');
  const claims = IdTokenClaimsSchema.safeParse(payload);
  if (!claims.success) throw new OidcError('token', 'unexpected ID token claims');
  return { issuer, claims: claims.data };
}
