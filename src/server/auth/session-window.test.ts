import { describe, expect, it } from 'vitest';

import { idleWindow, issueSessionToken, liveSession, openedRow, sessionIdOf, type SessionTable } from './session-window';

describe('session window', () => {
  const t0 = new Date('2026-12-07T00:00:00Z');
  const at = (ms: number) => new Date(t0.getTime() + ms);

  let idleMs = 1_800_000;
  const member = idleWindow(() => idleMs);

  it('ends a session at the earlier of its idle and absolute expiry', () => {
    expect(member.expiry(t0, at(3_600_000))).toEqual(at(1_800_000));
    expect(member.expiry(t0, at(600_000))).toEqual(at(600_000));
  });

  it('slides the idle window at most once a minute, and ends it when idle too long', () => {
    expect(member.slide(t0, at(59_999))).toBe('keep');
    expect(member.slide(t0, at(60_000))).toBe('touch');
    expect(member.slide(t0, at(1_800_000))).toBe('ended');
  });

  it('reads the idle time at each call', () => {
    idleMs = 600_000;
    expect(member.slide(t0, at(600_000))).toBe('ended');
    idleMs = 1_800_000;
  });

  it('looks up only values shaped like its tokens, by their hash', () => {
    const { token, id } = issueSessionToken();
    expect(sessionIdOf(token)).toBe(id);
    expect(id).not.toContain(token);
    expect(sessionIdOf('short')).toBeNull();
    expect(sessionIdOf('x'.repeat(101))).toBeNull();
  });

  it('opens a row now, until its absolute end, keeping at most 400 characters of the user agent', () => {
    expect(openedRow(t0, at(600_000), { userAgent: 'a'.repeat(500) })).toEqual({
      createdAt: t0,
      lastSeenAt: t0,
      expiresAt: at(600_000),
      userAgent: 'a'.repeat(400),
      ip: null,
    });
  });

  describe('liveSession', () => {
    interface Row {
      lastSeenAt: Date;
      expiresAt: Date;
      on: boolean;
    }
    const table = (row: Row | undefined) => {
      const calls: string[] = [];
      const t: SessionTable<Row> = {
        find: async () => row,
        remove: async () => void calls.push('remove'),
        touch: async () => void calls.push('touch'),
      };
      return { t, calls };
    };
    const { token } = issueSessionToken();
    const row = (lastSeenMs: number, on = true): Row => ({ lastSeenAt: at(lastSeenMs), expiresAt: at(3_600_000), on });

    it('slides a live session once a minute and returns its expiry', async () => {
      const { t, calls } = table(row(0));
      expect(await liveSession(token, at(90_000), member, t)).toEqual({ row: row(0), expiresAt: at(90_000 + 1_800_000) });
      expect(calls).toEqual(['touch']);
    });

    it('deletes a session idle too long, or one the rules end; unknown values and rows are null', async () => {
      const idle = table(row(0));
      expect(await liveSession(token, at(1_800_000), member, idle.t)).toBeNull();
      expect(idle.calls).toEqual(['remove']);
      const off = table(row(0, false));
      expect(await liveSession(token, at(1000), member, off.t, { ended: (r) => !r.on })).toBeNull();
      expect(off.calls).toEqual(['remove']);
      expect(await liveSession('short', at(0), member, table(row(0)).t)).toBeNull();
      expect(await liveSession(token, at(0), member, table(undefined).t)).toBeNull();
    });

    it('leaves the window where it is when the rules say it does not slide', async () => {
      const { t, calls } = table(row(0));
      expect(await liveSession(token, at(90_000), member, t, { slides: () => false })).toEqual({ row: row(0), expiresAt: at(1_800_000) });
      expect(calls).toEqual([]);
    });
  });
});
