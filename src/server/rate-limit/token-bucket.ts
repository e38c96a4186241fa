import 'server-only';

/**
 * An in-memory token bucket per key (one per server instance), for hot read-only endpoints that
 * must not touch the application database on every request (docs/decisions/0007-search-rate-limit.md).
 * Each key holds up to `burst` tokens and regains `perSecond` tokens a second; a request takes
 * one. Memory is bounded: beyond `maxKeys` the least recently used keys are forgotten (a
 * forgotten key starts again with a full bucket, which errs on the side of the visitor).
 */

export interface TokenBucketOptions {
  /** Tokens regained per second (the sustained rate). */
  perSecond: number;
  /** Bucket size (the burst a client may spend at once). */
  burst: number;
  /** Keys kept at most (default 50,000, a few MB). */
  maxKeys?: number;
  /** Clock in milliseconds (tests). */
  now?: () => number;
}

export type TakeResult = { ok: true; remaining: number } | { ok: false; retryAfterMs: number };

interface Bucket {
  tokens: number;
  at: number;
}

export class TokenBucketLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;
  private readonly burst: number;
  private readonly maxKeys: number;
  private readonly now: () => number;

  constructor(options: TokenBucketOptions) {
    if (!(options.perSecond > 0) || !(options.burst >= 1)) throw new Error('TokenBucketLimiter: perSecond > 0 and burst ≥ 1 are required');
    this.perMs = options.perSecond / 1000;
    this.burst = options.burst;
    this.maxKeys = options.maxKeys ?? 50_000;
    this.now = options.now ?? (() => performance.now());
  }

  /** Takes one token for `key`, or says how long until one is available. */
  take(key: string): TakeResult {
    const now = this.now();
    const bucket = this.buckets.get(key);
    let tokens = this.burst;
    if (bucket !== undefined) {
      tokens = Math.min(this.burst, bucket.tokens + Math.max(0, now - bucket.at) * this.perMs);
      // Re-inserting moves the key to the end of the Map's order: the first keys are the least recently used.
      this.buckets.delete(key);
    }
    if (tokens < 1) {
      this.buckets.set(key, { tokens, at: now });
      return { ok: false, retryAfterMs: Math.ceil((1 - tokens) / this.perMs) };
    }
    this.buckets.set(key, { tokens: tokens - 1, at: now });
    if (this.buckets.size > this.maxKeys) {
      const oldest = this.buckets.keys().next();
      if (!oldest.done) this.buckets.delete(oldest.value);
    }
    return { ok: true, remaining: Math.floor(tokens - 1) };
  }

  /** Keys currently remembered. */
  get size(): number {
    return this.buckets.size;
  }

  clear(): void {
    this.buckets.clear();
  }
}
