import 'server-only';

import { BurstyRateLimiter, RateLimiterDrizzle, RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

import { rateLimits } from '@db/schema';
import { sha256Hex } from '@/server/auth/tokens';
import { getDb, type Db } from '@/server/db/client';
import { AppError } from '@/server/http/app-error';

/**
 * Every rate limit of the app goes through rate-limiter-flexible's public classes
 * (docs/decisions/0011-client-ip-and-rate-limits.md):
 * - `sharedLimit`: RateLimiterDrizzle over the `rate_limits` table of the application database
 *   (PGlite or PostgreSQL, the same Drizzle client the app uses), so a limit holds across
 *   restarts and across every app process — login, reset and registration limits need that;
 * - `instanceLimit`: RateLimiterMemory (optionally bursty), per process, for hot read-only
 *   routes where a database round trip per request would cost more than the work it guards.
 */

export interface LimitOptions {
  keyPrefix: string;
  /** points allowed per duration (a function: read from the configuration when the limiter is made) */
  points: number | (() => number);
  /** seconds; the window starts with the first point */
  duration: number;
  /** seconds a key stays refused once its points are used up (0: until the window ends) */
  blockDuration?: number;
}

/** A limiter whose state lives in the application database (resolved per database handle). */
export type SharedLimit = () => Promise<RateLimiterDrizzle>;

/**
 * The limiter is made on first use and per database handle: the database opens lazily, and
 * tests may close and reopen it. The table comes from our migrations (0005), so the library is
 * never asked to create one.
 */
export function sharedLimit(options: LimitOptions): SharedLimit {
  const perDb = new WeakMap<Db, RateLimiterDrizzle>();
  return async () => {
    const db = await getDb();
    let limiter = perDb.get(db);
    if (!limiter) {
      limiter = new RateLimiterDrizzle({
        storeClient: db,
        schema: rateLimits,
        tableCreated: true,
        keyPrefix: options.keyPrefix,
        points: typeof options.points === 'function' ? options.points() : options.points,
        duration: options.duration,
        blockDuration: options.blockDuration ?? 0,
      });
      perDb.set(db, limiter);
    }
    return limiter;
  };
}

/**
 * A per-process limit in memory: `perSecond` sustained with room for a `burst` over ten
 * seconds (BurstyRateLimiter takes from the burst allowance once the steady one is spent).
 * Keys expire with their window, so memory stays bounded by the clients of the last seconds.
 */
export function instanceLimit(options: { keyPrefix: string; perSecond: number; burst: number }): BurstyRateLimiter {
  return new BurstyRateLimiter(
    new RateLimiterMemory({ keyPrefix: options.keyPrefix, points: options.perSecond, duration: 1 }),
    new RateLimiterMemory({ keyPrefix: `${options.keyPrefix}_burst`, points: options.burst, duration: 10 }),
  );
}

/** Thrown (rejected with) by the library when a key is out of points. */
export function isRateLimited(error: unknown): error is RateLimiterRes {
  return error instanceof RateLimiterRes;
}

/**
 * Keys carry no personal data in clear: an e-mail address or IP becomes a short hash before it
 * is stored in `rate_limits`. The parts are joined with NUL so ('ab','c') ≠ ('a','bc').
 */
export function limitKey(...parts: string[]): string {
  return sha256Hex(parts.join('\u0000')).slice(0, 40);
}

/** Whole seconds to announce in Retry-After (at least 1). */
export function retryAfterSeconds(msBeforeNext: number): number {
  return Math.max(1, Math.ceil(msBeforeNext / 1000));
}

/** 429 with `Retry-After` and a Japanese message saying how long to wait. */
export function rateLimitedError(msBeforeNext: number, message?: string): AppError {
  const seconds = retryAfterSeconds(msBeforeNext);
  return new AppError('rate_limited', {
    message:
      message ?? `短時間に操作が集中したため、一時的に受け付けを停止しています。${waitText(seconds)}たってからもう一度お試しください。`,
    headers: { 'Retry-After': String(seconds) },
  });
}

/** 「3秒」「約3分」「約1時間」 */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds}秒`;
  if (seconds < 3600) return `約${Math.ceil(seconds / 60)}分`;
  return `約${Math.ceil(seconds / 3600)}時間`;
}

type Consumable = Pick<RateLimiterAbstract, 'consume'> | BurstyRateLimiter;

/** Takes one point (or more) and returns the state, or throws the 429 AppError. */
export async function consumeOrThrow(
  limiter: Consumable,
  key: string,
  message?: (seconds: number) => string,
  points = 1,
): Promise<RateLimiterRes> {
  try {
    return await limiter.consume(key, points);
  } catch (error) {
    if (!isRateLimited(error)) throw error;
    throw rateLimitedError(error.msBeforeNext, message?.(retryAfterSeconds(error.msBeforeNext)));
  }
}

/** Takes points for bookkeeping where running out must not fail the request (a failure is being counted). */
export async function consumeQuietly(limiter: Pick<RateLimiterAbstract, 'consume'>, key: string): Promise<RateLimiterRes> {
  try {
    return await limiter.consume(key);
  } catch (error) {
    if (isRateLimited(error)) return error;
    throw error;
  }
}

/** Throws the 429 AppError when the key has already used up its points (without taking one). */
export async function assertNotLimited(
  limiter: Pick<RateLimiterAbstract, 'get' | 'points'>,
  key: string,
  message?: (seconds: number) => string,
): Promise<void> {
  const res = await limiter.get(key);
  if (res && res.consumedPoints >= limiter.points) {
    throw rateLimitedError(res.msBeforeNext, message?.(retryAfterSeconds(res.msBeforeNext)));
  }
}
