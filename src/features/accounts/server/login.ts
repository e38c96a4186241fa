import 'server-only';

import { eq } from 'drizzle-orm';

import { users } from '@db/schema';
import { isKnownDevice } from '@/server/auth/known-device';
import { getDb } from '@/server/db/client';
import { logger } from '@/server/logger';
import {
  consumeOrThrow,
  consumeQuietly,
  isRateLimited,
  limitKey,
  rateLimitedError,
  retryAfterSeconds,
  waitText,
} from '@/server/rate-limit';

import type { LoginBody, LoginResponse } from '../schemas';

import { sendMailInBackground } from '@/server/mail';

import { beginSession, type SessionIo } from './auth-session';
import { accountErrors } from './errors';
import { LOGIN_ACCOUNT_ALERT, limits, loginDelaySeconds, subject } from './limits';
import { accountMails } from './mails';
import { hashPassword, needsRehash, verifyPassword } from './passwords';
import { findAccountByEmail } from './users';

/**
 * Login with e-mail and password. One generic answer for every wrong combination; an unknown
 * address costs the same argon2 work as a known one (verifyPassword against a dummy hash).
 *
 * Failures slow down the client that makes them (docs/decisions/0011): per account+client a
 * back-off of seconds up to 10 minutes after a few free tries, fewer free tries while the account
 * is under attack from many clients, and a cap per client IP across accounts. Nothing another
 * client does can refuse this client's login. Every attempt takes its points before the password
 * is checked (one atomic upsert each) and a success gives them back, so parallel requests cannot
 * all slip through a check made before the first of them failed.
 */
export async function loginWithPassword(body: LoginBody, io: SessionIo): Promise<LoginResponse> {
  const client = subject(io.ip);
  const clientKey = limitKey('login', body.email, client);
  const accountKey = limitKey('login', body.email);
  const ipKey = limitKey('login', client);
  const [perIp, gate, perClient, perAccount, ceiling] = await Promise.all([
    limits.loginFailuresPerIp(),
    limits.loginBackoff(),
    limits.loginFailuresPerClient(),
    limits.loginFailuresPerAccount(),
    limits.loginChecksPerAccount(),
  ]);
  const locked = (s: number) => accountErrors.loginLocked(waitText(s)).message;

  await consumeOrThrow(perIp, ipKey, locked);
  const attempt = (await perClient.consume(clientKey)).consumedPoints;
  const account = await findAccountByEmail(body.email);
  // The account-wide ceiling (issue 24 §5): only browsers the account has logged in from before
  // pass it once it is used up. Counted per address typed, whether or not it has an account. The
  // demo account's password is on the login page: nothing to guess, so no ceiling to exhaust.
  const known = account !== null && (account.isDemo || isKnownDevice('member', io.request, account.id));
  let tookCeiling = false;
  if (!known) {
    try {
      await ceiling.consume(accountKey);
      tookCeiling = true;
    } catch (error) {
      if (!isRateLimited(error)) throw error;
      await Promise.all([perClient.reward(clientKey), perIp.reward(ipKey)]);
      await warnOwner(account);
      throw rateLimitedError(error.msBeforeNext, accountErrors.loginCeiling(waitText(retryAfterSeconds(error.msBeforeNext))).message);
    }
  }
  const accountFailures = (await perAccount.get(accountKey))?.consumedPoints ?? 0;
  const underAttack = accountFailures > LOGIN_ACCOUNT_ALERT;
  if (loginDelaySeconds(attempt - 1, underAttack) > 0) {
    // Past the free tries, an attempt must pass the gate that the last failure closed for its
    // delay; the gate admits one request at a time even once open.
    try {
      await gate.consume(clientKey);
    } catch (error) {
      if (!isRateLimited(error)) throw error;
      // a refused request is no guess: it does not count
      await Promise.all([perClient.reward(clientKey), perIp.reward(ipKey), ...(tookCeiling ? [ceiling.reward(accountKey)] : [])]);
      throw rateLimitedError(error.msBeforeNext, locked(retryAfterSeconds(error.msBeforeNext)));
    }
  }

  const ok = await verifyPassword(account?.passwordHash, body.password);
  if (!ok || !account?.passwordHash) {
    const accountNow = await consumeQuietly(perAccount, accountKey);
    const attacked = accountNow.consumedPoints > LOGIN_ACCOUNT_ALERT;
    const delay = loginDelaySeconds(attempt, attacked);
    if (delay > 0) await gate.block(clientKey, delay);
    if (attacked) await warnOwner(account);
    logger.info({ event: 'auth.login.failed', userId: account?.id ?? null, ip: io.ip }, 'login failed');
    throw accountErrors.invalidCredentials();
  }

  await Promise.all([
    perClient.delete(clientKey),
    gate.delete(clientKey),
    perIp.reward(ipKey),
    ...(tookCeiling ? [ceiling.reward(accountKey)] : []),
  ]);
  if (needsRehash(account.passwordHash)) {
    const db = await getDb();
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(body.password), updatedAt: new Date() })
      .where(eq(users.id, account.id));
    logger.info({ event: 'auth.password.rehashed', userId: account.id }, 'password rehashed with current parameters');
  }
  return beginSession(io, account.id, 'password');
}

/**
 * Tells the owner by mail that their account is under attack: when its failures pass
 * LOGIN_ACCOUNT_ALERT within the hour, or the ceiling refuses someone — once a day per account,
 * not per attempt. Not for an unknown address (nobody to tell) or the demo account.
 */
async function warnOwner(account: Awaited<ReturnType<typeof findAccountByEmail>>): Promise<void> {
  if (!account?.email || account.isDemo) return;
  try {
    await (await limits.loginAttackMail()).consume(limitKey('login_attack', account.id));
  } catch (error) {
    if (isRateLimited(error)) return; // already told today
    throw error;
  }
  logger.warn({ event: 'auth.login.under_attack', userId: account.id }, 'many failed logins on one account: owner notified');
  void sendMailInBackground(account.email, accountMails.loginUnderAttack());
}
