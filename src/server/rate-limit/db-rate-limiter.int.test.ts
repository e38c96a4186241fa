import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { rateLimits } from '@db/schema';
import { getDb } from '@/server/db/client';

import { DbRateLimiter, isRateLimited } from './db-rate-limiter';
import { consumeOrThrow, limitKey } from './index';

let n = 0;
const limiter = (points: number, duration: number, blockDuration = 0) =>
  new DbRateLimiter({ keyPrefix: `t${++n}`, points, duration, blockDuration });

async function outcome(p: Promise<unknown>): Promise<'ok' | 'limited'> {
  try {
    await p;
    return 'ok';
  } catch (error) {
    if (isRateLimited(error)) return 'limited';
    throw error;
  }
}

describe('DbRateLimiter (rate-limiter-flexible store in the application database)', () => {
  afterEach(() => vi.useRealTimers());

  it('allows the configured points and then refuses with the time to wait', async () => {
    const rl = limiter(3, 60);
    for (let i = 0; i < 3; i++) expect((await rl.consume('a')).remainingPoints).toBe(2 - i);
    const refused = await rl.consume('a').catch((e: unknown) => e);
    expect(isRateLimited(refused)).toBe(true);
    if (isRateLimited(refused)) {
      expect(refused.msBeforeNext).toBeGreaterThan(55_000);
      expect(refused.msBeforeNext).toBeLessThanOrEqual(60_000);
    }
    // other keys are independent
    expect((await rl.consume('b')).consumedPoints).toBe(1);
  });

  it('never lets concurrent requests share the last points (atomic upsert)', async () => {
    const rl = limiter(5, 60);
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
    const rl = limiter(2, 60);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    await rl.consume('k');
    await rl.consume('k');
    expect(await outcome(rl.consume('k'))).toBe('limited');
    vi.setSystemTime(new Date('2030-01-01T00:01:01Z'));
    expect(await outcome(rl.consume('k'))).toBe('ok');
    expect((await rl.get('k'))?.consumedPoints).toBe(1);
  });

  it('blocks for blockDuration once the points are used up', async () => {
    const rl = limiter(1, 10, 3600);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    await rl.consume('x');
    expect(await outcome(rl.consume('x'))).toBe('limited');
    vi.setSystemTime(new Date('2030-01-01T00:30:00Z'));
    expect(await outcome(rl.consume('x'))).toBe('limited');
    vi.setSystemTime(new Date('2030-01-01T01:00:01Z'));
    expect(await outcome(rl.consume('x'))).toBe('ok');
  });

  it('forgets a key on delete and reports nothing for an unknown key', async () => {
    const rl = limiter(1, 60);
    await rl.consume('gone');
    expect(await rl.delete('gone')).toBe(true);
    expect(await rl.get('gone')).toBeNull();
    expect(await outcome(rl.consume('gone'))).toBe('ok');
  });

  it('maps an exhausted key to a 429 AppError with Retry-After', async () => {
    const rl = limiter(1, 120);
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
