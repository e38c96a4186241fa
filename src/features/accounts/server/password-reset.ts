import 'server-only';

import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';

import { passwordResetTokens, users } from '@db/schema';
import { revokeAllSessions } from '@/server/auth/session';
import { randomToken, sha256Hex } from '@/server/auth/tokens';
import { getDb } from '@/server/db/client';
import { logger } from '@/server/logger';
import { sendMailInBackground } from '@/server/mail';
import { consumeOrThrow, consumeQuietly, limitKey, rateLimitedError, retryAfterSeconds, waitText } from '@/server/rate-limit';

import { accountErrors } from './errors';
import { limits, passesAccountBrake, subject } from './limits';
import { accountMails, maskEmail, siteUrl } from './mails';
import { assertAcceptablePassword, hashPassword } from './passwords';
import { findAccountByEmail } from './users';

/**
 * Password reset (security.md "Reset links"): a 256-bit token, only its SHA-256 stored, single
 * use, valid 1 hour, a new link invalidates older ones, the URL built from APP_BASE_URL. After
 * the reset every session ends, a notice is mailed, and nobody is logged in automatically.
 */
export const RESET_TTL_MS = 60 * 60_000;

/**
 * The limits of a reset mail (docs/decisions/0011): 3 an hour per address and client, 20 an hour
 * per client IP across addresses, and a brake per address across clients that, past 10 an hour,
 * leaves each client only its first request. The owner asking from their own connection therefore
 * always gets a link, however hard someone else hammers the same address.
 */
async function takeResetMailAllowance(email: string, ip: string): Promise<void> {
  const client = subject(ip);
  const [perIp, perClient, perAccount, perRecipient] = await Promise.all([
    limits.resetPerIp(),
    limits.resetPerClient(),
    limits.resetPerAccount(),
    limits.resetMailsPerRecipient(),
  ]);
  const tooMany = () => 'パスワード再設定のお申し込みが上限（1時間に3回）に達しました。1時間ほどたってからもう一度お試しください。';
  await consumeOrThrow(
    perIp,
    limitKey('reset', client),
    (s) => `メールの送信が集中しているため、一時的に受け付けを停止しています。${waitText(s)}たってからもう一度お試しください。`,
  );
  const mine = await consumeOrThrow(perClient, limitKey('reset', email, client), tooMany);
  const all = await consumeQuietly(perAccount, limitKey('reset', email));
  if (!passesAccountBrake(mine, all, perAccount.points)) {
    throw rateLimitedError(
      mine.msBeforeNext,
      `このメールアドレスへのお申し込みが集中しています。お送りしたメールをご確認いただくか、${waitText(retryAfterSeconds(mine.msBeforeNext))}たってからもう一度お試しください。`,
    );
  }
  // Last, so a request refused above takes nothing from the address's hourly mail.
  await consumeOrThrow(
    perRecipient,
    limitKey('reset', email),
    (s) =>
      `このメールアドレスへのパスワード再設定メールが上限に達しました。すでにお送りしたメールのうち、いちばん新しいメールのリンクをお使いください（1時間有効です）。新しいメールは${waitText(s)}たってからお申し込みいただけます。`,
  );
}

/**
 * Same answer, and nearly the same time, whether the address has an account or not: the mail is
 * handed to SMTP after the answer in both cases (there is simply no mail for an unknown
 * address). The price is that an SMTP failure cannot be reported here without telling who has
 * an account; it is logged, and the page tells the visitor what to do if no mail arrives.
 */
export async function requestPasswordReset(email: string, ip: string): Promise<void> {
  await takeResetMailAllowance(email, ip);
  const account = await findAccountByEmail(email);
  // The demo account's address receives no mail; it cannot change its password either.
  if (!account || account.isDemo || !account.email) {
    logger.info({ event: 'auth.reset.requested', known: false, ip }, 'password reset requested');
    return;
  }
  const token = randomToken(32);
  const now = new Date();
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, account.id));
    await tx
      .insert(passwordResetTokens)
      .values({ userId: account.id, tokenHash: sha256Hex(token), expiresAt: new Date(now.getTime() + RESET_TTL_MS), createdAt: now });
  });
  // The token travels in the fragment: browsers never send it to a server, not even in Referer.
  const url = `${siteUrl('/password-reset/new-password')}#token=${token}`;
  void sendMailInBackground(account.email, accountMails.passwordResetLink(url));
  logger.info({ event: 'auth.reset.requested', known: true, userId: account.id, ip }, 'password reset requested');
}

async function liveToken(token: string) {
  const db = await getDb();
  const [row] = await db
    .select({ id: passwordResetTokens.id, userId: users.id, email: users.email, isDemo: users.isDemo })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, sha256Hex(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
        isNull(users.deletedAt),
      ),
    );
  return row && row.email && !row.isDemo ? { ...row, email: row.email } : null;
}

/** Checks a link without using it up (the new-password page opens with this). */
export async function verifyResetToken(token: string): Promise<{ email: string }> {
  const row = await liveToken(token);
  if (!row) throw accountErrors.resetLinkInvalid();
  return { email: maskEmail(row.email) };
}

export async function resetPassword(token: string, password: string, ip: string): Promise<void> {
  const row = await liveToken(token);
  if (!row) throw accountErrors.resetLinkInvalid();
  assertAcceptablePassword(password, { email: row.email });
  const passwordHash = await hashPassword(password);
  const now = new Date();
  const db = await getDb();
  await db.transaction(async (tx) => {
    // Single use even under a double submit: only one UPDATE can flip used_at.
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.id, row.id), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
      .returning({ id: passwordResetTokens.id });
    if (!used) throw accountErrors.resetLinkInvalid();
    await tx
      .update(users)
      // the link proved the mailbox, so the address counts as verified from now on
      .set({ passwordHash, emailVerifiedAt: sql`COALESCE(${users.emailVerifiedAt}, ${now})`, updatedAt: now })
      .where(eq(users.id, row.userId));
    await tx.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userId, row.userId), ne(passwordResetTokens.id, row.id)));
    // every browser still logged in is told why on its next request (docs/decisions/0049)
    await revokeAllSessions(row.userId, 'password_changed', tx, now);
  });
  // The owner proved the mailbox: their own back-off on this connection starts over.
  const loginKey = limitKey('login', row.email, subject(ip));
  await Promise.all([limits.loginFailuresPerClient(), limits.loginBackoff()].map(async (l) => (await l).delete(loginKey))).catch(
    () => undefined,
  );
  logger.info({ event: 'auth.reset.completed', userId: row.userId, ip }, 'password reset; all sessions revoked');
  void sendMailInBackground(row.email, accountMails.passwordResetDone());
}
