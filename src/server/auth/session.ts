import 'server-only';

import { and, eq, gt, lte } from 'drizzle-orm';

import { endedSessions, sessions, users } from '@db/schema';
import { getDb, type Db } from '@/server/db/client';

import { idleWindow, issueSessionToken, liveSession, openedRow, sessionIdOf, type SessionTable } from './session-window';
import { sessionPolicy } from '@/config/server';

/**
 * Server-side sessions (security.md "Sessions and CSRF"; the Lucia/Copenhagen Book pattern):
 * the cookie holds a random token, the database its SHA-256. A session ends at the earlier of
 * its absolute expiry (SESSION_ABSOLUTE_HOURS after login) and its idle expiry
 * (SESSION_IDLE_MINUTES after the last request). The server is the authority; the client's
 * `auth_expire_time` mirrors `expiresAt` below and is refreshed from a response header.
 */
export interface SessionUser {
  id: string;
  email: string | null;
  isDemo: boolean;
}

export interface Session {
  id: string;
  userId: string;
  /** the moment this session stops being valid if nothing else happens */
  expiresAt: Date;
  user: SessionUser;
}

const memberWindow = idleWindow(() => sessionPolicy().idleMs);

export async function createSession(
  userId: string,
  meta: { userAgent?: string | null; ip?: string | null } = {},
  now = new Date(),
): Promise<{ token: string; session: Session }> {
  const db = await getDb();
  const { token, id } = issueSessionToken();
  const absolute = new Date(now.getTime() + sessionPolicy().absoluteMs);
  await db.insert(sessions).values({
    id,
    userId,
    ...openedRow(now, absolute, meta),
  });
  const [user] = await db.select({ id: users.id, email: users.email, isDemo: users.isDemo }).from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`createSession: user ${userId} does not exist`);
  return { token, session: { id, userId, expiresAt: memberWindow.expiry(now, absolute), user } };
}

/** The member sessions' table, as liveSession reads it. */
const memberSessions: SessionTable<MemberSessionRow> = {
  find: async (id, now) => {
    const db = await getDb();
    const [row] = await db
      .select({
        id: sessions.id,
        userId: sessions.userId,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        email: users.email,
        isDemo: users.isDemo,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now)));
    return row;
  },
  remove: async (id) => {
    const db = await getDb();
    await db.delete(sessions).where(eq(sessions.id, id));
  },
  touch: async (id, now) => {
    const db = await getDb();
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  },
};
interface MemberSessionRow {
  id: string;
  userId: string;
  lastSeenAt: Date;
  expiresAt: Date;
  email: string | null;
  isDemo: boolean;
}

/** Resolves a cookie token to a live session, sliding its idle window. */
export async function validateSessionToken(token: string, now = new Date()): Promise<Session | null> {
  const live = await liveSession(token, now, memberWindow, memberSessions);
  if (!live) return null;
  const { row } = live;
  return { id: row.id, userId: row.userId, expiresAt: live.expiresAt, user: { id: row.userId, email: row.email, isDemo: row.isDemo } };
}

export async function revokeSession(sessionId: string): Promise<void> {
  await memberSessions.remove(sessionId);
}

/**
 * Why a session was ended by the service rather than by expiring or logging out: its browser is
 * told so on its next request (401 `password_changed`, docs/decisions/0049).
 */
export type SessionEndReason = 'password_changed';

/**
 * Ends every session of a user (password change or reset, unregister). With a `reason`, the sessions
 * still live are remembered (their token's hash, until they would have ended anyway) so that their
 * browsers learn why; `db`: the caller's transaction.
 */
export async function revokeAllSessions(userId: string, reason?: SessionEndReason, db?: Db, now = new Date()): Promise<void> {
  const executor = db ?? (await getDb());
  if (reason) {
    const rows = await executor
      .select({ id: sessions.id, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.userId, userId));
    const live = rows
      .map((r) => ({ id: r.id, reason, endedAt: now, expiresAt: memberWindow.expiry(r.lastSeenAt, r.expiresAt) }))
      .filter((r) => r.expiresAt.getTime() > now.getTime());
    if (live.length > 0) await executor.insert(endedSessions).values(live).onConflictDoNothing();
    // the ones that would have ended by now go (few: each lives at most SESSION_ABSOLUTE_HOURS)
    await executor.delete(endedSessions).where(lte(endedSessions.expiresAt, now));
  }
  await executor.delete(sessions).where(eq(sessions.userId, userId));
}

/** Why the session of a cookie token no longer exists, when the service ended it (else null). */
export async function sessionEndReason(token: string, now = new Date()): Promise<SessionEndReason | null> {
  const id = sessionIdOf(token);
  if (id === null) return null;
  const db = await getDb();
  const [row] = await db
    .select({ reason: endedSessions.reason })
    .from(endedSessions)
    .where(and(eq(endedSessions.id, id), gt(endedSessions.expiresAt, now)));
  return row?.reason === 'password_changed' ? row.reason : null;
}
