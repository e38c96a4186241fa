import 'server-only';

import { and, eq, gt } from 'drizzle-orm';

import { staffSessions, staffUsers } from '@db/schema';
import { getDb } from '@/server/db/client';

import { idleWindow, issueSessionToken, liveSession, openedRow, type SessionTable } from './session-window';
import { sessionPolicy } from '@/config/server';

/**
 * Back-office staff sessions (security.md "Staff"; docs/decisions/0012-back-office-staff-auth.md).
 * Same pattern as member sessions — the cookie holds a random token, the table its SHA-256 — but
 * a separate table and cookie, a short sliding idle timeout (STAFF_SESSION_IDLE_MINUTES, 30 by
 * default) and an absolute lifetime (STAFF_SESSION_ABSOLUTE_HOURS, 12 by default).
 *
 * A login is two steps: the password makes a "pending" session (mfa_passed = false) that lives
 * at most PENDING_MINUTES and opens nothing but the TOTP step; the TOTP step deletes it and
 * issues a fresh token for the full session.
 */
export type StaffRole = 'staff' | 'manager';

export interface StaffIdentity {
  id: string;
  email: string;
  displayName: string;
  role: StaffRole;
  /** false until the first TOTP code from the enrolled authenticator was confirmed */
  totpConfirmed: boolean;
  /** the password was chosen by someone else (admin:create): only the password change is open */
  passwordChangeRequired: boolean;
}

export interface StaffSession {
  id: string;
  mfaPassed: boolean;
  /** the moment this session stops being valid if nothing else happens */
  expiresAt: Date;
  staff: StaffIdentity;
}

export const PENDING_MINUTES = 5;

const staffWindow = idleWindow(() => sessionPolicy().staffIdleMs);

export async function createStaffSession(
  staffId: string,
  mfaPassed: boolean,
  meta: { userAgent?: string | null; ip?: string | null } = {},
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const db = await getDb();
  const { token, id } = issueSessionToken();
  const lifetimeMs = mfaPassed ? sessionPolicy().staffAbsoluteMs : PENDING_MINUTES * 60_000;
  const absolute = new Date(now.getTime() + lifetimeMs);
  await db.insert(staffSessions).values({
    id,
    staffId,
    mfaPassed,
    ...openedRow(now, absolute, meta),
  });
  return { token, expiresAt: staffWindow.expiry(now, absolute) };
}

/** The staff sessions' table, as liveSession reads it. */
const staffSessionTable: SessionTable<StaffSessionRow> = {
  find: async (id, now) => {
    const db = await getDb();
    const [row] = await db
      .select({
        id: staffSessions.id,
        mfaPassed: staffSessions.mfaPassed,
        lastSeenAt: staffSessions.lastSeenAt,
        expiresAt: staffSessions.expiresAt,
        staffId: staffUsers.id,
        email: staffUsers.email,
        displayName: staffUsers.displayName,
        role: staffUsers.role,
        disabled: staffUsers.disabled,
        totpConfirmedAt: staffUsers.totpConfirmedAt,
        passwordChangeRequired: staffUsers.passwordChangeRequired,
      })
      .from(staffSessions)
      .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffId))
      .where(and(eq(staffSessions.id, id), gt(staffSessions.expiresAt, now)));
    return row;
  },
  remove: async (id) => {
    const db = await getDb();
    await db.delete(staffSessions).where(eq(staffSessions.id, id));
  },
  touch: async (id, now) => {
    const db = await getDb();
    await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, id));
  },
};
interface StaffSessionRow {
  id: string;
  mfaPassed: boolean;
  lastSeenAt: Date;
  expiresAt: Date;
  staffId: string;
  email: string;
  displayName: string;
  role: StaffRole;
  disabled: boolean;
  totpConfirmedAt: Date | null;
  passwordChangeRequired: boolean;
}

/**
 * Resolves a cookie token to a live staff session of an enabled account, sliding its idle
 * window. Pending (password-only) sessions are returned with `mfaPassed: false`; callers that
 * open the back office must require `mfaPassed`.
 */
export async function validateStaffSessionToken(token: string, now = new Date()): Promise<StaffSession | null> {
  const live = await liveSession(token, now, staffWindow, staffSessionTable, {
    // A disabled account's sessions end at once.
    ended: (row) => row.disabled,
    // A pending (password-only) session is not touched: it ends PENDING_MINUTES after the password anyway.
    slides: (row) => row.mfaPassed,
  });
  if (!live) return null;
  const { row } = live;
  return {
    id: row.id,
    mfaPassed: row.mfaPassed,
    expiresAt: live.expiresAt,
    staff: {
      id: row.staffId,
      email: row.email,
      displayName: row.displayName,
      role: row.role,
      totpConfirmed: row.totpConfirmedAt !== null,
      passwordChangeRequired: row.passwordChangeRequired,
    },
  };
}

export async function revokeStaffSession(sessionId: string): Promise<void> {
  await staffSessionTable.remove(sessionId);
}

/** Ends every session of a staff member (disabled account, TOTP reset). */
export async function revokeAllStaffSessions(staffId: string): Promise<void> {
  const db = await getDb();
  await db.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
}

/** True when `role` may do what `required` allows: a manager may do everything staff may. */
export function roleAllows(role: StaffRole, required: StaffRole): boolean {
  return required === 'staff' || role === 'manager';
}
