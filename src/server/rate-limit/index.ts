import 'server-only';

import { sha256Hex } from '@/server/auth/tokens';
import { AppError } from '@/server/http/app-error';

import { type DbRateLimiter, isRateLimited } from './db-rate-limiter';

export { DbRateLimiter, isRateLimited, type DbRateLimiterOptions } from './db-rate-limiter';

/**
 * Keys carry no personal data in clear: an e-mail address becomes a short hash before it is
 * stored in `rate_limits`.
 */
export function limitKey(...parts: string[]): string {
  return sha256Hex(parts.join('\u0000')).slice(0, 40);
}

/** 429 with `Retry-After` and a Japanese message saying how long to wait. */
export function rateLimitedError(msBeforeNext: number, message?: string): AppError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new AppError('rate_limited', {
    message:
      message ?? `短時間に操作が集中したため、一時的に受け付けを停止しています。${waitText(seconds)}たってからもう一度お試しください。`,
    headers: { 'Retry-After': String(seconds) },
  });
}

/** 「約3分」「約1時間」 */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds}秒`;
  if (seconds < 3600) return `約${Math.ceil(seconds / 60)}分`;
  return `約${Math.ceil(seconds / 3600)}時間`;
}

/** Takes one point (or more) or throws the 429 AppError. */
export async function consumeOrThrow(
  limiter: DbRateLimiter,
  key: string,
  message?: (seconds: number) => string,
  points = 1,
): Promise<void> {
  try {
    await limiter.consume(key, points);
  } catch (error) {
    if (!isRateLimited(error)) throw error;
    const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
    throw rateLimitedError(error.msBeforeNext, message?.(seconds));
  }
}

/** Throws the 429 AppError when the key has already used up its points (without taking one). */
export async function assertNotLimited(limiter: DbRateLimiter, key: string, message?: (seconds: number) => string): Promise<void> {
  const res = await limiter.get(key);
  if (res && res.consumedPoints >= limiter.points) {
    const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    throw rateLimitedError(res.msBeforeNext, message?.(seconds));
  }
}
