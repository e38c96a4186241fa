import 'server-only';

import { and, eq, isNull } from 'drizzle-orm';

import { passwordResetTokens, users } from '@db/schema';
import { revokeAllSessions, type Session } from '@/server/auth/session';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/http/app-error';
import { logger } from '@/server/logger';
import { sendMailInBackground } from '@/server/mail';

import type { CodeRequestResponse, LoginResponse, MeResponse } from '../schemas';

import { beginSession, loginResponse, type SessionIo } from './auth-session';
import { createCodeRequest, findOpenRequest, takeCodeSendAllowance, verifyCode } from './email-codes';
import { accountErrors } from './errors';
import { accountMails } from './mails';
import { assertAcceptablePassword, hashPassword } from './passwords';
import { requireReauthentication } from './reauth';
import { codeRequestResponse, mailOrUndo } from './registration';
import { findAccountByEmail, getAccount, isUniqueViolation, type Account } from './users';

async function accountOf(session: Session): Promise<Account> {
  const account = await getAccount(session.userId);
  // The session outlived its account (unregistered in another tab): treat as logged out.
  if (!account) throw new AppError('unauthorized');
  return account;
}

/** GET /api/users/me: the basic info of my page, plus what the client keeps after a Google sign-in. */
export async function getMe(session: Session, csrfToken: string): Promise<MeResponse> {
  const account = await accountOf(session);
  const base = await loginResponse(session, csrfToken);
  const signInMethods: MeResponse['signInMethods'] = [];
  if (account.passwordHash) signInMethods.push('password');
  if (account.isGoogleUser) signInMethods.push('google');
  return { ...base, createdAt: account.createdAt.toISOString(), hasPassword: Boolean(account.passwordHash), signInMethods };
}

/**
 * Change of password from my page: the current password again, the policy for the new one; then
 * every session of the member ends (security.md), this browser gets a new one, and a notice goes out.
 */
export async function changePassword(
  session: Session,
  body: { currentPassword: string; newPassword: string },
  io: SessionIo,
): Promise<LoginResponse> {
  const account = await accountOf(session);
  if (account.isDemo) throw accountErrors.demoForbidden();
  if (!account.passwordHash) throw accountErrors.noPassword();
  await requireReauthentication(account, session, body.currentPassword);
  assertAcceptablePassword(body.newPassword, { email: account.email, field: 'newPassword' });
  const passwordHash = await hashPassword(body.newPassword);
  const db = await getDb();
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, account.id));
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, account.id));
  await revokeAllSessions(account.id, 'password_changed');
  logger.info({ event: 'auth.password.changed', userId: account.id, ip: io.ip }, 'password changed; all sessions revoked');
  const response = await beginSession(io, account.id, 'password_change');
  if (account.email) void sendMailInBackground(account.email, accountMails.passwordChanged());
  return response;
}

/** Change of e-mail, step 1: a code to the new address (or, if it is taken, a notice and a decoy request). */
export async function startEmailChange(
  session: Session,
  body: { newEmail: string; currentPassword?: string | undefined },
  ip: string,
): Promise<CodeRequestResponse> {
  const account = await accountOf(session);
  if (account.isDemo) throw accountErrors.demoForbidden();
  await requireReauthentication(account, session, body.currentPassword);
  if (body.newEmail === account.email) {
    throw new AppError('validation_failed', {
      fields: { newEmail: '現在と同じメールアドレスです。新しいメールアドレスを入力してください。' },
    });
  }
  await takeCodeSendAllowance('change_email', body.newEmail, ip);
  const taken = await findAccountByEmail(body.newEmail);
  const { row, code } = await createCodeRequest({ purpose: 'change_email', email: body.newEmail, userId: account.id, sendsCode: !taken });
  await mailOrUndo(row, taken ? accountMails.emailChangeInUse() : accountMails.emailChangeCode(code), true, ip);
  logger.info({ event: 'auth.email_change.requested', userId: account.id, requestId: row.id, ip }, 'e-mail change requested');
  return codeRequestResponse(row);
}

/** Change of e-mail, step 2: the code; the old address is told. */
export async function completeEmailChange(
  session: Session,
  body: { requestId: string; code: string },
  ip: string,
): Promise<{ user_email: string }> {
  const account = await accountOf(session);
  if (account.isDemo) throw accountErrors.demoForbidden();
  const row = await findOpenRequest(body.requestId, 'change_email', account.id);
  if (!row) throw accountErrors.requestExpired();
  await verifyCode(row, body.code, ip, async (tx, consumed) => {
    try {
      await tx
        .update(users)
        .set({ email: consumed.email, emailVerifiedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(users.id, account.id), isNull(users.deletedAt)));
    } catch (error) {
      if (isUniqueViolation(error)) throw accountErrors.emailUnavailable();
      throw error;
    }
  });
  logger.info({ event: 'auth.email_change.completed', userId: account.id }, 'e-mail changed');
  if (account.email) void sendMailInBackground(account.email, accountMails.emailChangedNotice(row.email));
  return { user_email: row.email };
}
