import 'server-only';

import { eq } from 'drizzle-orm';

import { emailCodes, users } from '@db/schema';
import { getDb } from '@/server/db/client';
import { logger } from '@/server/logger';
import { sendMail, sendMailInBackground } from '@/server/mail';

import { nextPageOrNull } from '../rules';
import type { CodeRequestResponse, LoginResponse, RegisterBody, TempAuthBody } from '../schemas';

import { beginSession, type SessionIo } from './auth-session';
import {
  CODE_TTL_MS,
  codeCooldownKey,
  RESEND_COOLDOWN_SECONDS,
  createCodeRequest,
  findOpenRequest,
  refreshCode,
  takeCodeSendAllowance,
  verifyCode,
  type CodePurpose,
  type EmailCodeRow,
} from './email-codes';
import { accountErrors } from './errors';
import { limits } from './limits';
import { accountMails } from './mails';
import { assertAcceptablePassword, hashPassword } from './passwords';
import { findAccountByEmail, isUniqueViolation } from './users';

/**
 * Registration with an e-mail code (issue 5 §1, security.md). The account row is created only
 * when the code verifies; until then the chosen password waits, hashed, on the code request.
 * An address that already has an account gets the same answer and screens, and a notice mail
 * instead of a code (no enumeration).
 */
export async function startRegistration(body: RegisterBody, ip: string): Promise<CodeRequestResponse> {
  assertAcceptablePassword(body.password, { email: body.email });
  await takeCodeSendAllowance('register', body.email, ip);
  // Hashed in both cases so that an existing address does not answer faster.
  const passwordHash = await hashPassword(body.password);
  const existing = await findAccountByEmail(body.email);
  const { row, code } = await createCodeRequest({
    purpose: 'register',
    email: body.email,
    passwordHash: existing ? null : passwordHash,
    sendsCode: !existing,
  });
  const mail = existing ? accountMails.registrationExisting(nextPageOrNull(body.nextPage)) : accountMails.registrationCode(code);
  await mailOrUndo(row, mail, true, ip);
  logger.info({ event: 'auth.register.requested', requestId: row.id, ip }, 'registration code requested');
  return codeRequestResponse(row);
}

export async function resendRegistrationCode(requestId: string, ip: string, nextPage?: string): Promise<CodeRequestResponse> {
  const row = await findOpenRequest(requestId, 'register');
  if (!row) throw accountErrors.requestExpired();
  await takeCodeSendAllowance('register', row.email, ip);
  const code = await refreshCode(row);
  const mail = row.sendsCode ? accountMails.registrationCode(code) : accountMails.registrationExisting(nextPageOrNull(nextPage));
  await mailOrUndo(row, mail, false, ip);
  logger.info({ event: 'auth.register.resent', requestId: row.id, ip }, 'registration code resent');
  return codeRequestResponse(row);
}

export async function completeRegistration(body: TempAuthBody, io: SessionIo): Promise<LoginResponse> {
  const row = await findOpenRequest(body.requestId, 'register');
  if (!row) throw accountErrors.requestExpired();
  const user = await verifyCode(row, body.code, io.ip, async (tx, consumed) => {
    if (!consumed.passwordHash) throw accountErrors.requestExpired();
    try {
      const [created] = await tx
        .insert(users)
        .values({ email: consumed.email, passwordHash: consumed.passwordHash, emailVerifiedAt: new Date() })
        .returning({ id: users.id, email: users.email });
      if (!created) throw new Error('user insert returned nothing');
      return created;
    } catch (error) {
      // The address was registered by another request in the meantime (e.g. Google sign-in).
      if (isUniqueViolation(error)) throw accountErrors.emailUnavailable();
      throw error;
    }
  });
  logger.info({ event: 'auth.register.completed', userId: user.id, ip: io.ip }, 'account created');
  const response = await beginSession(io, user.id, 'code');
  // The account exists now; a failed welcome mail must not undo it (the failure is logged).
  void sendMailInBackground(row.email, accountMails.registrationComplete());
  return response;
}

/** Sends the mail of a code request; when SMTP fails the request is withdrawn and the cool-down refunded. */
export async function mailOrUndo(
  row: EmailCodeRow,
  mail: Parameters<typeof sendMail>[1],
  deleteOnFailure: boolean,
  ip: string,
): Promise<void> {
  try {
    await sendMail(row.email, mail);
  } catch {
    if (deleteOnFailure) {
      const db = await getDb();
      await db.delete(emailCodes).where(eq(emailCodes.id, row.id));
    }
    await (await limits.codeCooldown()).delete(codeCooldownKey(row.purpose as CodePurpose, row.email, ip)).catch(() => undefined);
    throw deleteOnFailure && row.purpose === 'register' ? accountErrors.codeMailFailed() : accountErrors.mailFailed();
  }
}

export function codeRequestResponse(row: EmailCodeRow): CodeRequestResponse {
  return { requestId: row.id, email: row.email, resendAfterSeconds: RESEND_COOLDOWN_SECONDS, expiresInSeconds: CODE_TTL_MS / 1000 };
}
