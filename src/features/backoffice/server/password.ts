import 'server-only';

import { eq, and, ne } from 'drizzle-orm';

import { staffSessions, staffUsers } from '@db/schema';
import { hashPassword, verifyPassword } from '@/server/auth/password-hash';
import type { StaffSession } from '@/server/auth/staff-session';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/http/app-error';
import { assertNotLimited, consumeQuietly, limitKey, waitText } from '@/server/rate-limit';

import type { StaffPasswordChangeBody } from '../schemas';

import { recordAudit } from './audit';
import { staffLimits } from './limits';

const WRONG_CURRENT = '今のパスワードが正しくありません。';
const TOO_MANY = (s: number) =>
  `今のパスワードの誤りが続いたため、パスワードの変更を一時的に停止しています。${waitText(s)}たってからもう一度お試しください。`;

/**
 * A staff member replaces their password (required once after admin:create, whose password the
 * person running the command knows). The new password must already have passed the accounts
 * feature's policy (the route runs it). Every other session of the account ends; the audit row is
 * written in the same transaction. Wrong current passwords count as failed logins, and against the
 * account's own allowance for this form (5 an hour, then 429 whatever the address).
 */
export async function changeStaffPassword(session: StaffSession, body: StaffPasswordChangeBody, ip: string): Promise<{ ok: true }> {
  const db = await getDb();
  const [staff] = await db.select().from(staffUsers).where(eq(staffUsers.id, session.staff.id));
  if (!staff) throw new AppError('unauthorized');
  // checked before the password is: once the account's allowance is spent, even the right one waits
  const perAccount = await staffLimits.passwordChangeFailuresPerAccount();
  await assertNotLimited(perAccount, limitKey(staff.id), TOO_MANY);
  if (!(await verifyPassword(staff.passwordHash, body.currentPassword))) {
    await Promise.all([
      consumeQuietly(await staffLimits.loginFailuresPerAccountIp(), limitKey(staff.email, ip)),
      consumeQuietly(perAccount, limitKey(staff.id)),
    ]);
    throw new AppError('validation_failed', { fields: { currentPassword: WRONG_CURRENT } });
  }
  const passwordHash = await hashPassword(body.newPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(staffUsers)
      .set({ passwordHash, passwordChangeRequired: false, updatedAt: new Date() })
      .where(eq(staffUsers.id, staff.id));
    await tx.delete(staffSessions).where(and(eq(staffSessions.staffId, staff.id), ne(staffSessions.id, session.id)));
    await recordAudit(
      {
        staffId: staff.id,
        action: 'staff.password_change',
        targetType: 'staff',
        targetId: staff.id,
        before: { passwordChangeRequired: staff.passwordChangeRequired },
        after: { passwordChangeRequired: false },
        ip,
      },
      tx,
    );
  });
  return { ok: true };
}
