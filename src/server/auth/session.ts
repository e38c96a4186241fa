import 'server-only';

import { and, eq, gt } from 'drizzle-orm';

import { sessions, users } from '@db/schema';
import { getEnv } from '@/config/env';
import { getDb } from '@/server/db/client';

import { randomToken, sha256Hex } from './tokens';

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

/** Sliding the idle window costs a write; do it at most once a minute per session. */
const TOUCH_INTERVAL_MS = 60_000;

function idleMs() {
  return getEnv().SESSION_IDLE_MINUTES * 60_000;
}

function effectiveExpiry(lastSeenAt: Date, absolute: Date): Date {
  return new Date(Math.min(lastSeenAt.getTime() + idleMs(), absolute.getTime()));
}

export async function createSession(
  userId: string,
  meta: { userAgent?: string | null; ip?: string | null } = {},
  now = new Date(),
): Promise<{ token: string; session: Session }> {
  const db = await getDb();
  const token = randomToken();
  const id = sha256Hex(token);
  const absolute = new Date(now.getTime() + getEnv().SESSION_ABSOLUTE_HOURS * 3_600_000);
  await db.insert(sessions).values({
    id,
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: absolute,
    userAgent: meta.userAgent?.slice(0, 400) ?? null,
    ip: meta.ip ?? null,
  });
  const [user] = await db.select({ id: users.id, email: users.email, isDemo: users.isDemo }).from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`createSession: user ${userId} does not exist`);
  return { token, session: { id, userId, expiresAt: effectiveExpiry(now, absolute), user } };
}

/** Resolves a cookie token to a live session, sliding its idle window. */
export async function validateSessionToken(token: string, now = new Date()): Promise<Session | null> {
  if (token.length < 20 || token.length > 100) return null;
  const db = await getDb();
  const id = sha256Hex(token);
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
  if (!row) return null;
  if (row.lastSeenAt.getTime() + idleMs() <= now.getTime()) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  let lastSeenAt = row.lastSeenAt;
  if (now.getTime() - row.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    lastSeenAt = now;
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  }
  return {
    id: row.id,
    userId: row.userId,
    expiresAt: effectiveExpiry(lastSeenAt, row.expiresAt),
    user: { id: row.userId, email: row.email, isDemo: row.isDemo },
  };
}

export async function revokeSession(sessionId: string): Promise<void> {
  const db = await getDb();
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user (password change or reset, unregister). */
export async function revokeAllSessions(userId: string): Promise<void> {
  const db = await getDb();
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
