import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { rateLimits } from '@db/schema';
import { getDb } from '@/server/db/client';

import { consumeOrThrow, instanceLimit, isRateLimited, limitKey, sharedLimit } from './index';

/** rate-limiter-flexible's RateLimiterDrizzle on the app's own database (PGlite here; PostgreSQL in the postgres tier). */
let n = 0;
const limiter = (points: number, duration: number, blockDuration = 0) =>
  sharedLimit({ keyPrefix: `t${++n}`, points, duration, blockDuration })();

async function outcome(p: Promise<unknown>): Promise<'ok' | 'limited'> {
  try {
    await p;
    return 'ok';
  } catch (error) {
    if (isRateLimited(error)) return 'limited';
    throw error;
  }
}

describe('sharedLimit (RateLimiterDrizzle over rate_limits)', () => {
  afterEach(() => vi.useRealTimers());

  it('allows the configured points and then refuses with the time to wait', async () => {
    const rl = await limiter(3, 60);
    for (let i = 0; i < 3; i++) expect((await rl.consume('a')).remainingPoints).toBe(2 - i);
    const refused = await rl.consume('a').catch((e: unknown) => e);
    expect(isRateLimited(refused)).toBe(true);
    if (isRateLimited(refused)) {
      expect(refused.msBeforeNext).toBeGreaterThan(55_000);
      expect(refused.msBeforeNext).toBeLessThanOrEqual(60_000);
    }
    expect((await rl.consume('b')).consumedPoints).toBe(1);
  });

  it('never lets concurrent requests share the last points (one atomic upsert)', async () => {
    const rl = await limiter(5, 60);
    const results = await Promise.all(Array.from({ length: 20 }, () => outcome(rl.consume('same'))));
    expect(results.filter((r) => r === 'ok')).toHaveLength(5);
    const db = await getDb();
    const [row] = await db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `t${n}:same`));
    expect(row?.points).toBe(20);
  });

  it('starts over when the window has passed (fake clock)', async () => {
    const rl = await limiter(2, 60);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    await rl.consume('k');
    await rl.consume('k');
    expect(await outcome(rl.consume('k'))).toBe('limited');
    vi.setSystemTime(new Date('2030-01-01T00:01:01Z'));
    expect(await outcome(rl.consume('k'))).toBe('ok');
    expect((await rl.get('k'))?.consumedPoints).toBe(1);
  });

  it('blocks a key for a given time and forgets it on delete', async () => {
    const rl = await limiter(1, 1);
    await rl.block('x', 120);
    const res = await rl.get('x');
    expect(res?.consumedPoints).toBeGreaterThan(1);
    expect(res?.msBeforeNext).toBeGreaterThan(115_000);
    expect(await outcome(rl.consume('x'))).toBe('limited');
    expect(await rl.delete('x')).toBe(true);
    expect(await rl.get('x')).toBeNull();
    expect(await outcome(rl.consume('x'))).toBe('ok');
  });

  it('maps an exhausted key to a 429 AppError with Retry-After', async () => {
    const rl = await limiter(1, 120);
    await consumeOrThrow(rl, 'm');
    const error = await consumeOrThrow(rl, 'm', (s) => `あと${s}秒`).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited' });
    expect((error as { headers: Record<string, string> }).headers['Retry-After']).toMatch(/^(1[01]\d|120)$/);
    expect((error as Error).message).toMatch(/^あと(1[01]\d|120)秒$/);
  });

  it('stores hashed keys, not e-mail addresses', () => {
    expect(limitKey('user@example.jp', '203.0.113.1')).toMatch(/^[0-9a-f]{40}$/);
    expect(limitKey('a', 'bc')).not.toBe(limitKey('ab', 'c'));
  });
});

describe('instanceLimit (RateLimiterMemory with a burst allowance)', () => {
  it('allows the steady rate plus the burst, then refuses; clients are independent', async () => {
    const rl = instanceLimit({ keyPrefix: `mem${++n}`, perSecond: 2, burst: 3 });
    const results = await Promise.all(Array.from({ length: 7 }, () => outcome(rl.consume('c'))));
    expect(results.filter((r) => r === 'ok')).toHaveLength(5);
    expect(await outcome(rl.consume('other'))).toBe('ok');
  });
});
