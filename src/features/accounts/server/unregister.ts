import 'server-only';

import { eq } from 'drizzle-orm';

import { emailCodes, passwordResetTokens, sessions, userIdentities, users } from '@db/schema';
import type { Session } from '@/server/auth/session';
import { getDb, type Db } from '@/server/db/client';
import { AppError } from '@/server/http/app-error';
import { logger } from '@/server/logger';
import { sendMailInBackground } from '@/server/mail';

import { endSession, type SessionIo } from './auth-session';
import { isUnregisterBlocked, type UnregisterBlock } from '../rules';

import { accountErrors } from './errors';
import { accountMails } from './mails';
import { requireReauthentication } from './reauth';
import { getAccount } from './users';

/**
 * Work other features do when a member leaves, before the account itself is closed — for example
 * deleting the stored cards at PAY.JP. Each must be idempotent: when one fails, nothing of the
 * account has been deleted yet and the member can simply try again.
 */
export type UnregisterCleanup = (userId: string) => Promise<void>;

/**
 * Orders that keep a member from leaving yet — the orders feature's paid-but-not-shipped orders and
 * unsettled refunds, whose mails need the address (decision 0050), and payments still under way
 * (0049). Read with `db`: the closing transaction passes itself, holding the member's row lock that
 * a charge's claim also takes, so no payment starts between the check and the closing.
 */
export type UnregisterBlockers = (userId: string, db?: Db) => Promise<UnregisterBlock>;

/**
 * Unregister (security.md, domain.md §5): re-authentication, then the credentials, e-mail,
 * Google link, codes, reset links and every session go; the user row stays as a tombstone so
 * orders and receipts (kept 7 years) keep their owner. A completion mail goes to the old address.
 */
export async function unregister(
  session: Session,
  body: { currentPassword?: string | undefined },
  io: SessionIo,
  cleanups: UnregisterCleanup[] = [],
  blockers?: UnregisterBlockers,
): Promise<{ csrf_token: string }> {
  const account = await getAccount(session.userId);
  if (!account) throw new AppError('unauthorized');
  if (account.isDemo) throw accountErrors.demoForbidden();
  // Checked first, so a member who cannot leave yet is not asked for the password for nothing…
  const early = await blockers?.(account.id);
  if (early && isUnregisterBlocked(early)) throw accountErrors.unregisterBlocked(early);
  await requireReauthentication(account, session, body.currentPassword);

  for (const cleanup of cleanups) {
    try {
      await cleanup(account.id);
    } catch (error) {
      logger.error({ err: error, userId: account.id }, 'unregister clean-up failed');
      throw new AppError('service_unavailable', {
        message: '退会の手続き中にエラーが発生したため、退会は完了していません。お手数ですが、時間をおいてもう一度お試しください。',
      });
    }
  }

  const now = new Date();
  const db = await getDb();
  await db.transaction(async (tx) => {
    // …and again under the member's row lock, which a charge's claim (claimForCharge) takes too: a
    // payment started from another tab either is seen here or, once this commits, finds the
    // account closed and charges nothing (docs/decisions/0049).
    const [locked] = await tx.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, account.id)).for('update');
    if (!locked || locked.deletedAt) throw new AppError('unauthorized');
    const block = await blockers?.(account.id, tx);
    if (block && isUnregisterBlocked(block)) throw accountErrors.unregisterBlocked(block);
    await tx.delete(userIdentities).where(eq(userIdentities.userId, account.id));
    await tx.delete(emailCodes).where(eq(emailCodes.userId, account.id));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, account.id));
    await tx.delete(sessions).where(eq(sessions.userId, account.id));
    await tx
      .update(users)
      .set({ email: null, passwordHash: null, emailVerifiedAt: null, deletedAt: now, updatedAt: now })
      .where(eq(users.id, account.id));
  });
  logger.info({ event: 'auth.unregistered', userId: account.id, ip: io.ip }, 'account closed; sessions revoked');
  const result = await endSession(io, null);
  if (account.email) void sendMailInBackground(account.email, accountMails.unregistered());
  return result;
}
