import 'server-only';

import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { z } from 'zod';

import { serverConfig } from '@/config/server';
import { clientIp } from '@/server/http/client-ip';
import { modeMethod, type AuthMode, type RouteContext } from '@/server/http/route';
import type { RouteRequest } from '@/server/http/route-request';

import { nextMonthStartInJapan } from '../rules';
import { lookupApiKey, type ApiPrincipal } from './keys';
import { apiMeter } from './metering';
import { apiProblem, corsHeaders, problemResponse } from './problem';

/**
 * The public API's auth mode for the one route wrapper (src/server/http/route.ts, decision 0074):
 * `Authorization: Bearer hj_live_…` found by hash (keys.ts); no cookie is read and no CSRF token
 * asked (a bearer key is no ambient credential). Then, in this order: the per-address and per-key
 * rates (429 + Retry-After, IETF RateLimit headers on every answer), the owner's monthly quota
 * (429 until the 1st), and the request is counted (metering.ts). Errors are problem details.
 */

type AnySchema = z.ZodType;
type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The per-address limiter, and one per-key limiter for each plan's rate (issue 27 §1: the rate is the owner's plan's). */
interface Limits {
  ip: RateLimiterMemory;
  ipPoints: number;
  keyByRate: Map<number, RateLimiterMemory>;
}
const limitsKey = Symbol.for('hojin.api.limits');
type WithLimits = typeof globalThis & { [limitsKey]?: Limits };

function limits(): Limits {
  const g = globalThis as WithLimits;
  const config = serverConfig().api;
  if (!g[limitsKey] || g[limitsKey].ipPoints !== config.ipPerSecond) {
    g[limitsKey] = {
      ip: new RateLimiterMemory({ keyPrefix: 'api_ip', points: config.ipPerSecond, duration: 1 }),
      ipPoints: config.ipPerSecond,
      keyByRate: new Map(),
    };
  }
  return g[limitsKey];
}

function keyLimiter(l: Limits, points: number): RateLimiterMemory {
  let limiter = l.keyByRate.get(points);
  if (!limiter) {
    limiter = new RateLimiterMemory({ keyPrefix: `api_key_${points}`, points, duration: 1 });
    l.keyByRate.set(points, limiter);
  }
  return limiter;
}

/** What an API method's handler gets as its session. */
export interface ApiSession extends ApiPrincipal {
  /** the RateLimit header of this request (the tighter of the key's and the address's window) */
  rateLimit: string;
  /** the RateLimit-Policy header (the owner's plan's rate per key, the address's) */
  ratePolicy: string;
}

function bearerOf(request: RouteRequest): string | null {
  const header = request.headers.get('authorization');
  if (!header) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m?.[1] ?? null;
}

async function consume(limiter: RateLimiterMemory, key: string): Promise<RateLimiterRes | { refused: RateLimiterRes }> {
  try {
    return await limiter.consume(key);
  } catch (error) {
    if (error instanceof RateLimiterRes) return { refused: error };
    throw error;
  }
}

function policyHeader(keyPoints: number, ipPoints: number): string {
  return `"key";q=${keyPoints};w=1, "address";q=${ipPoints};w=1`;
}

function rateHeader(name: string, remaining: number, msBeforeNext: number): string {
  return `"${name}";r=${Math.max(0, remaining)};t=${Math.max(1, Math.ceil(msBeforeNext / 1000))}`;
}

export const API_KEY_MODE: AuthMode = {
  async load(request: RouteRequest) {
    const presented = bearerOf(request);
    if (!presented) throw apiProblem('unauthorized', { 'WWW-Authenticate': 'Bearer realm="hojin"' });
    const found = await lookupApiKey(presented);
    if (found === null) throw apiProblem('unauthorized', { 'WWW-Authenticate': 'Bearer realm="hojin", error="invalid_token"' });
    if (found === 'revoked') throw apiProblem('key_revoked', { 'WWW-Authenticate': 'Bearer realm="hojin", error="invalid_token"' });
    const l = limits();
    const meter = apiMeter();
    const now = new Date();
    const { used, plan } = await meter.owner(found.userId, now);
    const keyPoints = plan.ratePerSecond;
    const policy = policyHeader(keyPoints, l.ipPoints);
    const byIp = await consume(l.ip, clientIp(request.headers));
    if ('refused' in byIp) throw refused(policy, 'address', byIp.refused);
    const byKey = await consume(keyLimiter(l, keyPoints), found.keyId);
    if ('refused' in byKey) throw refused(policy, 'key', byKey.refused);
    if (used >= plan.monthlyQuota) {
      const seconds = Math.max(1, Math.ceil((nextMonthStartInJapan(now).getTime() - now.getTime()) / 1000));
      throw apiProblem('quota_exceeded', { 'Retry-After': String(seconds), 'RateLimit-Policy': policy });
    }
    meter.count(found, now);
    const tighter =
      byKey.remainingPoints / keyPoints <= byIp.remainingPoints / l.ipPoints
        ? rateHeader('key', byKey.remainingPoints, byKey.msBeforeNext)
        : rateHeader('address', byIp.remainingPoints, byIp.msBeforeNext);
    const session: ApiSession = { ...found, rateLimit: tighter, ratePolicy: policy };
    return { id: found.keyId, value: session };
  },
  csrfBinding: () => undefined,
  async authorize() {},
  finishResponse(response, _spec, session) {
    const s = session as ApiSession;
    for (const [k, v] of Object.entries(corsHeaders())) response.headers.set(k, v);
    response.headers.set('RateLimit-Policy', s.ratePolicy);
    response.headers.set('RateLimit', s.rateLimit);
    if (!response.headers.has('Cache-Control')) response.headers.set('Cache-Control', 'private, no-cache');
  },
  logKey: 'apiKeyId',
  unexpected: 'unexpected error in public API route',
  renderError: (error) => problemResponse(error),
};

function refused(policy: string, name: string, res: RateLimiterRes) {
  const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  return apiProblem('rate_limited', {
    'Retry-After': String(seconds),
    'RateLimit-Policy': policy,
    RateLimit: rateHeader(name, 0, res.msBeforeNext),
  });
}

/** Declares one /v1 method (Bearer key, problem details), with full type inference. */
export function apiMethod<
  QS extends AnySchema | undefined = undefined,
  BS extends AnySchema | undefined = undefined,
  PS extends AnySchema | undefined = undefined,
>(spec: {
  query?: QS;
  body?: BS;
  params?: PS;
  maxBodyBytes?: number;
  handler: (ctx: RouteContext<Infer<QS>, Infer<BS>, Infer<PS>, ApiSession, RouteRequest>) => Promise<Response | object>;
}) {
  return modeMethod<QS, BS, PS, ApiSession>(API_KEY_MODE, spec);
}
