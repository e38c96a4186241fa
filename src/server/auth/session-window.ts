import 'server-only';

import { randomToken, sha256Hex } from './tokens';

/**
 * What member sessions (session.ts) and staff sessions (staff-session.ts) share: the cookie holds
 * a random token and the table its SHA-256; a session ends at the earlier of its absolute expiry
 * and its idle expiry, and a request slides the idle window (security.md "Sessions and CSRF",
 * "Staff"). Each kind keeps its own table, cookie and lifetimes.
 */

/** Sliding the idle window costs a write; at most once a minute per session. */
const TOUCH_INTERVAL_MS = 60_000;

/** A new session's token (for the cookie) and id (its hash, the table's key). */
export function issueSessionToken(): { token: string; id: string } {
  const token = randomToken();
  return { token, id: sha256Hex(token) };
}

/** The id of the session a cookie token names, or null when the value cannot be one of our tokens. */
export function sessionIdOf(token: string): string | null {
  return token.length < 20 || token.length > 100 ? null : sha256Hex(token);
}

/**
 * The columns a new session row sets apart from its id and owner: opened and last seen `now`,
 * ending at `absolute`, and the client that opened it.
 */
export function openedRow(
  now: Date,
  absolute: Date,
  meta: { userAgent?: string | null; ip?: string | null },
): { createdAt: Date; lastSeenAt: Date; expiresAt: Date; userAgent: string | null; ip: string | null } {
  return { createdAt: now, lastSeenAt: now, expiresAt: absolute, userAgent: meta.userAgent?.slice(0, 400) ?? null, ip: meta.ip ?? null };
}

/**
 * The idle window of one kind of session, its length read from the configuration at each call
 * (tests change it): when a session stops being valid if nothing else happens — the earlier of
 * the idle and the absolute expiry — and what a request does to the window: the session has
 * ended, its last-seen time is due a write (at most once a minute), or neither.
 */
export function idleWindow(idleMs: () => number) {
  return {
    expiry: (lastSeenAt: Date, absolute: Date): Date => new Date(Math.min(lastSeenAt.getTime() + idleMs(), absolute.getTime())),
    slide: (lastSeenAt: Date, now: Date): 'ended' | 'touch' | 'keep' => {
      if (lastSeenAt.getTime() + idleMs() <= now.getTime()) return 'ended';
      return now.getTime() - lastSeenAt.getTime() >= TOUCH_INTERVAL_MS ? 'touch' : 'keep';
    },
  };
}

/** What resolving a cookie token needs of one kind of session's table. */
export interface SessionTable<R extends { lastSeenAt: Date; expiresAt: Date }> {
  /** The row of this id with its owner's facts, unless it is past its absolute expiry at `now`. */
  find(id: string, now: Date): Promise<R | undefined>;
  remove(id: string): Promise<void>;
  touch(id: string, now: Date): Promise<void>;
}

/**
 * The live session a cookie token names, its idle window slid: null for a value that cannot be one
 * of our tokens, an unknown or expired session, or one idle too long or that `ended` says is over
 * (its row is deleted then). `slides` false: the window is read, not moved.
 */
export async function liveSession<R extends { lastSeenAt: Date; expiresAt: Date }>(
  token: string,
  now: Date,
  window: ReturnType<typeof idleWindow>,
  table: SessionTable<R>,
  rules: { ended?: (row: R) => boolean; slides?: (row: R) => boolean } = {},
): Promise<{ row: R; expiresAt: Date } | null> {
  const id = sessionIdOf(token);
  if (id === null) return null;
  const row = await table.find(id, now);
  if (!row) return null;
  const idle = window.slide(row.lastSeenAt, now);
  if (idle === 'ended' || rules.ended?.(row) === true) {
    await table.remove(id);
    return null;
  }
  let lastSeenAt = row.lastSeenAt;
  if (idle === 'touch' && (rules.slides?.(row) ?? true)) {
    lastSeenAt = now;
    await table.touch(id, now);
  }
  return { row, expiresAt: window.expiry(lastSeenAt, row.expiresAt) };
}
