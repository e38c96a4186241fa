import { describe, expect, it } from 'vitest';

import { TokenBucketLimiter } from './token-bucket';

function clock() {
  let t = 0;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('TokenBucketLimiter', () => {
  it('allows a burst, then refuses with the time until the next token', () => {
    const c = clock();
    const limiter = new TokenBucketLimiter({ perSecond: 2, burst: 3, now: c.now });
    expect([1, 2, 3].map(() => limiter.take('a').ok)).toEqual([true, true, true]);
    expect(limiter.take('a')).toEqual({ ok: false, retryAfterMs: 500 });
    c.advance(500);
    expect(limiter.take('a').ok).toBe(true);
    expect(limiter.take('a').ok).toBe(false);
  });

  it('keeps one bucket per key', () => {
    const c = clock();
    const limiter = new TokenBucketLimiter({ perSecond: 1, burst: 1, now: c.now });
    expect(limiter.take('a').ok).toBe(true);
    expect(limiter.take('a').ok).toBe(false);
    expect(limiter.take('b').ok).toBe(true);
  });

  it('refills up to the burst size only', () => {
    const c = clock();
    const limiter = new TokenBucketLimiter({ perSecond: 10, burst: 2, now: c.now });
    limiter.take('a');
    c.advance(60_000);
    expect(limiter.take('a')).toEqual({ ok: true, remaining: 1 });
    expect(limiter.take('a')).toEqual({ ok: true, remaining: 0 });
    expect(limiter.take('a').ok).toBe(false);
  });

  it('forgets the least recently used keys beyond maxKeys', () => {
    const c = clock();
    const limiter = new TokenBucketLimiter({ perSecond: 1, burst: 1, maxKeys: 2, now: c.now });
    limiter.take('a');
    limiter.take('b');
    limiter.take('a'); // refused, but a is now the most recently used
    limiter.take('c'); // evicts b
    expect(limiter.size).toBe(2);
    expect(limiter.take('a').ok).toBe(false);
    expect(limiter.take('b').ok).toBe(true);
  });

  it('rejects a configuration without a rate', () => {
    expect(() => new TokenBucketLimiter({ perSecond: 0, burst: 1 })).toThrow();
  });
});
