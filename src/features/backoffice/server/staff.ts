import 'server-only';

import { asc, eq, inArray } from 'drizzle-orm';

import { staffUsers } from '@db/schema';
import { normalizeEmail } from '@/features/accounts';
import { hashPassword } from '@/server/auth/password-hash';
import { revokeAllStaffSessions } from '@/server/auth/staff-session';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/http/app-error';

import { STAFF_UPDATE_MESSAGES, type StaffRole } from '../schemas';

import { recordAudit, recordStaffAction, type Actor } from './audit';
import { encryptSecret, newTotpSecret } from './totp';

/**
 * Staff accounts: created and reset only by the command line (`npm run admin:create`), never by
 * a page (security.md "Staff"). Each change writes its audit row in the same transaction; changes
 * made from the command line have no staff actor (staff_id null, `by: "cli"`).
 */
export interface StaffSummary {
  id: string;
  email: string;
  displayName: string;
  role: StaffRole;
  disabled: boolean;
  totpConfirmed: boolean;
  createdAt: Date;
}

const summaryColumns = {
  id: staffUsers.id,
  email: staffUsers.email,
  displayName: staffUsers.displayName,
  role: staffUsers.role,
  disabled: staffUsers.disabled,
  totpConfirmedAt: staffUsers.totpConfirmedAt,
  createdAt: staffUsers.createdAt,
};

function toSummary(row: { totpConfirmedAt: Date | null } & Omit<StaffSummary, 'totpConfirmed'>): StaffSummary {
  const { totpConfirmedAt, ...rest } = row;
  return { ...rest, totpConfirmed: totpConfirmedAt !== null };
}

/** Creates a staff account; returns the TOTP secret once, for the enrolment QR printed by the command. */
export async function createStaff(input: {
  email: string;
  displayName: string;
  role: StaffRole;
  password: string;
  /** true (the default) for a password chosen by whoever runs the command: the staff member must replace it */
  passwordChangeRequired?: boolean;
}): Promise<{ staff: StaffSummary; totpSecret: string }> {
  const email = normalizeEmail(input.email);
  const totpSecret = newTotpSecret();
  const passwordHash = await hashPassword(input.password);
  const db = await getDb();
  const staff = await db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, email));
    if (existing) throw new AppError('conflict', { message: `${email} のスタッフアカウントは既にあります。` });
    const [row] = await tx
      .insert(staffUsers)
      .values({
        email,
        displayName: input.displayName,
        role: input.role,
        passwordHash,
        totpSecretEnc: encryptSecret(totpSecret),
        passwordChangeRequired: input.passwordChangeRequired ?? true,
      })
      .returning(summaryColumns);
    if (!row) throw new Error('staff insert returned no row');
    await recordAudit(
      {
        staffId: null,
        action: 'staff.create',
        targetType: 'staff',
        targetId: row.id,
        after: { email, displayName: input.displayName, role: input.role, by: 'cli' },
        ip: null,
      },
      tx,
    );
    return row;
  });
  return { staff: toSummary(staff), totpSecret };
}

/**
 * A new TOTP secret for a staff member who lost the authenticator: unconfirmed until the next
 * login confirms a code, and every session of the account ends.
 */
export async function resetStaffTotp(emailInput: string): Promise<{ staff: StaffSummary; totpSecret: string }> {
  const email = normalizeEmail(emailInput);
  const totpSecret = newTotpSecret();
  const db = await getDb();
  const staff = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(staffUsers)
      .set({ totpSecretEnc: encryptSecret(totpSecret), totpConfirmedAt: null, totpLastStep: null, updatedAt: new Date() })
      .where(eq(staffUsers.email, email))
      .returning(summaryColumns);
    if (!row) throw new AppError('not_found', { message: `${email} のスタッフアカウントはありません。` });
    await recordAudit(
      { staffId: null, action: 'staff.reset_totp', targetType: 'staff', targetId: row.id, after: { by: 'cli' }, ip: null },
      tx,
    );
    return row;
  });
  await revokeAllStaffSessions(staff.id);
  return { staff: toSummary(staff), totpSecret };
}

export async function listStaff(): Promise<StaffSummary[]> {
  const db = await getDb();
  const rows = await db.select(summaryColumns).from(staffUsers).orderBy(asc(staffUsers.createdAt));
  return rows.map(toSummary);
}

/**
 * A manager enables or disables an account or changes its role. A manager cannot change their
 * own account (no locking oneself out, no self-promotion by a compromised session), so an enabled
 * manager — the actor — always remains: the last manager can never be demoted or disabled. The
 * actor's row is locked and read again in the transaction, so two managers demoting each other at
 * once cannot both succeed (the second finds it is no longer a manager).
 */
export async function updateStaff(actor: Actor, staffId: string, change: { disabled?: boolean; role?: StaffRole }): Promise<StaffSummary> {
  if (actor.id === staffId) throw new AppError('forbidden', { message: '自分自身のアカウントは変更できません。' });
  const db = await getDb();
  const staff = await db.transaction(async (tx) => {
    // Both rows locked in one order (by id), so two such changes cannot deadlock.
    const locked = await tx
      .select(summaryColumns)
      .from(staffUsers)
      .where(inArray(staffUsers.id, [actor.id, staffId]))
      .orderBy(asc(staffUsers.id))
      .for('update');
    const self = locked.find((r) => r.id === actor.id);
    if (!self || self.disabled || self.role !== 'manager') throw new AppError('forbidden', { message: STAFF_UPDATE_MESSAGES.notManager });
    const before = locked.find((r) => r.id === staffId);
    if (!before) throw new AppError('not_found', { message: 'スタッフが見つかりません。' });
    const [after] = await tx
      .update(staffUsers)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(staffUsers.id, staffId))
      .returning(summaryColumns);
    if (!after) throw new Error('staff update returned no row');
    await recordStaffAction(
      actor,
      'staff.update',
      ['staff', staffId],
      { before: { disabled: before.disabled, role: before.role }, after: { disabled: after.disabled, role: after.role } },
      tx,
    );
    return after;
  });
  if (staff.disabled) await revokeAllStaffSessions(staff.id);
  return toSummary(staff);
}
