import 'server-only';

import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';

import { staffUsers } from '@db/schema';
import { cookieName, cookieOptions, type CookieOptions } from '@/server/auth/cookies';
import { isKnownDevice, markKnownDevice, type CookieSource } from '@/server/auth/known-device';
import { hashPassword, needsRehash, verifyPassword } from '@/server/auth/password-hash';
import { createStaffSession, revokeStaffSession, type StaffSession } from '@/server/auth/staff-session';
import { getDb } from '@/server/db/client';
import { staffCsrfTokenForCookie } from '@/server/http/route';
import { AppError } from '@/server/http/app-error';
import { logger } from '@/server/logger';
import {
  assertNotLimited,
  consumeQuietly,
  isRateLimited,
  limitKey,
  rateLimitedError,
  retryAfterSeconds,
  waitText,
} from '@/server/rate-limit';

import type { EnrolmentResponse, StaffLoginBody, StaffLoginResponse } from '../schemas';

import { recordAudit } from './audit';
import { staffLimits } from './limits';
import { acceptedTotpStep, decryptSecret, groupedKey, totpQrDataUrl, totpUri } from './totp';

/**
 * The staff login (docs/decisions/0012-back-office-staff-auth.md): e-mail + password, then the
 * TOTP code. Every outcome of an attempt writes exactly one audit row: a wrong password, a wrong
 * or replayed code, or the success (the password step alone is not a login and writes nothing).
 * Wrong e-mail, wrong password and disabled account answer the same (no enumeration).
 */
export interface LoginIo {
  request: CookieSource;
  ip: string;
  userAgent: string | null;
  setCookie: (name: string, value: string, options: CookieOptions) => void;
  deleteCookie: (name: string) => void;
}

const INVALID_CREDENTIALS = 'メールアドレスまたはパスワードが正しくありません。';
const INVALID_CODE = '確認コードが正しくありません。認証アプリに表示されている最新の6桁を入力してください。';
const BRAKED = (wait: string) =>
  `このアカウントへのログインの試行が集中しているため、これまでにログインしたことのない端末からのログインを一時的に停止しています。いつもお使いの端末からログインしてください。${wait}たつと解除されます。`;
const locked = (s: number) =>
  `ログインの失敗が続いたため、一時的にログインを停止しています。${waitText(s)}たってからもう一度お試しください。`;

async function countFailure(email: string, ip: string) {
  await Promise.all([
    consumeQuietly(await staffLimits.loginFailuresPerAccountIp(), limitKey(email, ip)),
    consumeQuietly(await staffLimits.loginFailuresPerIpDay(), limitKey(ip)),
  ]);
}

async function assertLoginAllowed(email: string, ip: string) {
  await assertNotLimited(await staffLimits.loginFailuresPerIpDay(), limitKey(ip), locked);
  await assertNotLimited(await staffLimits.loginFailuresPerAccountIp(), limitKey(email, ip), locked);
}

/** Step 1: the password. Opens a pending session (5 minutes) that only reaches the TOTP step. */
export async function staffPasswordStep(body: StaffLoginBody, io: LoginIo): Promise<StaffLoginResponse & { csrf_token: string }> {
  await assertLoginAllowed(body.email, io.ip);
  const db = await getDb();
  const [staff] = await db.select().from(staffUsers).where(eq(staffUsers.email, body.email));
  // The account-wide brake (issue 24 §5): counted per address typed, known or not; a browser
  // that completed a login of this account before passes it.
  const ceiling = await staffLimits.loginChecksPerAccount();
  const ceilingKey = limitKey('staff_ceiling', body.email);
  const known = staff !== undefined && isKnownDevice('staff', io.request, staff.id);
  if (!known) {
    try {
      await ceiling.consume(ceilingKey);
    } catch (error) {
      if (!isRateLimited(error)) throw error;
      logger.warn({ event: 'staff.login.braked', staffId: staff?.id ?? null, ip: io.ip }, 'staff login refused by the account-wide brake');
      throw rateLimitedError(error.msBeforeNext, BRAKED(waitText(retryAfterSeconds(error.msBeforeNext))));
    }
  }
  const ok = await verifyPassword(staff?.passwordHash, body.password);
  if (ok && staff && !staff.disabled && !known) await ceiling.reward(ceilingKey);
  if (!ok || !staff || staff.disabled) {
    await countFailure(body.email, io.ip);
    await recordAudit({
      staffId: staff?.id ?? null,
      action: 'auth.login.password_failed',
      targetType: 'staff',
      targetId: staff?.id ?? null,
      // the address tried is kept only when it names no account (the row has no other subject)
      after: {
        reason: !staff ? 'unknown_email' : staff.disabled && ok ? 'disabled' : 'wrong_password',
        ...(!staff ? { email: body.email } : {}),
      },
      ip: io.ip,
    });
    logger.info({ event: 'staff.login.failed', staffId: staff?.id ?? null, ip: io.ip }, 'staff login failed (password)');
    throw new AppError('invalid_credentials', { status: 401, message: INVALID_CREDENTIALS });
  }
  if (needsRehash(staff.passwordHash)) {
    await db
      .update(staffUsers)
      .set({ passwordHash: await hashPassword(body.password), updatedAt: new Date() })
      .where(eq(staffUsers.id, staff.id));
  }
  const pending = await createStaffSession(staff.id, false, io);
  io.setCookie(cookieName('admin'), pending.token, cookieOptions());
  return { next: staff.totpConfirmedAt ? 'totp' : 'enrol', csrf_token: staffCsrfTokenForCookie(pending.token) };
}

/** The enrolment QR for an account whose authenticator is not confirmed yet (first login, or after a reset). */
export async function staffEnrolment(session: StaffSession): Promise<EnrolmentResponse> {
  const db = await getDb();
  const [staff] = await db.select().from(staffUsers).where(eq(staffUsers.id, session.staff.id));
  if (!staff || staff.totpConfirmedAt)
    throw new AppError('not_found', { message: '認証アプリは登録済みです。確認コードを入力してください。' });
  const secret = decryptSecret(staff.totpSecretEnc);
  return { qrDataUrl: await totpQrDataUrl(totpUri(secret, staff.email)), manualKey: groupedKey(secret) };
}

/**
 * Step 2: the TOTP code. The accepted step is stored with a conditional update (only if it is
 * later than the stored one), so the same code — even sent twice at once — logs in only once.
 * The first accepted code also confirms the enrolment. The pending session is replaced by a new
 * token (no fixation).
 */
export async function staffTotpStep(
  code: string,
  session: StaffSession,
  io: LoginIo,
  now = new Date(),
): Promise<{ csrf_token: string; expiresAt: string }> {
  const email = session.staff.email;
  await assertLoginAllowed(email, io.ip);
  const db = await getDb();
  const [staff] = await db.select().from(staffUsers).where(eq(staffUsers.id, session.staff.id));
  if (!staff || staff.disabled) {
    // disabled between the two steps: still one row for this attempt
    if (staff) {
      await recordAudit({
        staffId: staff.id,
        action: 'auth.login.totp_failed',
        targetType: 'staff',
        targetId: staff.id,
        after: { reason: 'disabled' },
        ip: io.ip,
      });
    }
    throw new AppError('unauthorized', { message: INVALID_CREDENTIALS });
  }

  const step = acceptedTotpStep(decryptSecret(staff.totpSecretEnc), code, staff.totpLastStep, now);
  const enrolling = staff.totpConfirmedAt === null;
  const accepted =
    step !== null &&
    (await db.transaction(async (tx) => {
      const [row] = await tx
        .update(staffUsers)
        .set({ totpLastStep: step, totpConfirmedAt: sql`coalesce(${staffUsers.totpConfirmedAt}, ${now.toISOString()}::timestamptz)` })
        .where(and(eq(staffUsers.id, staff.id), or(isNull(staffUsers.totpLastStep), lt(staffUsers.totpLastStep, step))))
        .returning({ id: staffUsers.id });
      if (!row) return false;
      await recordAudit(
        {
          staffId: staff.id,
          action: 'auth.login.succeeded',
          targetType: 'staff',
          targetId: staff.id,
          after: enrolling ? { enrolled: true } : null,
          ip: io.ip,
        },
        tx,
      );
      return true;
    }));
  if (!accepted) {
    await countFailure(email, io.ip);
    await recordAudit({ staffId: staff.id, action: 'auth.login.totp_failed', targetType: 'staff', targetId: staff.id, ip: io.ip });
    logger.info({ event: 'staff.login.failed', staffId: staff.id, ip: io.ip }, 'staff login failed (TOTP)');
    throw new AppError('invalid_code', { status: 401, message: INVALID_CODE, fields: { code: INVALID_CODE } });
  }

  await (await staffLimits.loginFailuresPerAccountIp()).delete(limitKey(email, io.ip));
  await revokeStaffSession(session.id);
  const full = await createStaffSession(staff.id, true, io, now);
  io.setCookie(cookieName('admin'), full.token, cookieOptions());
  markKnownDevice('staff', io, staff.id);
  logger.info({ event: 'staff.login.succeeded', staffId: staff.id, ip: io.ip }, 'staff logged in');
  return { csrf_token: staffCsrfTokenForCookie(full.token), expiresAt: full.expiresAt.toISOString() };
}

export async function staffLogout(session: StaffSession, io: LoginIo): Promise<{ ok: true }> {
  await revokeStaffSession(session.id);
  if (session.mfaPassed) {
    await recordAudit({ staffId: session.staff.id, action: 'auth.logout', targetType: 'staff', targetId: session.staff.id, ip: io.ip });
  }
  io.deleteCookie(cookieName('admin'));
  return { ok: true };
}
