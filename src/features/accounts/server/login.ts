import 'server-only';

import { eq } from 'drizzle-orm';

import { users } from '@db/schema';
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

import { beginSession, type SessionIo } from './auth-session';
import { accountErrors } from './errors';
import { LOGIN_ACCOUNT_ALERT, limits, loginDelaySeconds, subject } from './limits';
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
  const [perIp, gate, perClient, perAccount] = await Promise.all([
    limits.loginFailuresPerIp(),
    limits.loginBackoff(),
    limits.loginFailuresPerClient(),
    limits.loginFailuresPerAccount(),
  ]);
  const locked = (s: number) => accountErrors.loginLocked(waitText(s)).message;

  await consumeOrThrow(perIp, ipKey, locked);
  const attempt = (await perClient.consume(clientKey)).consumedPoints;
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
      await Promise.all([perClient.reward(clientKey), perIp.reward(ipKey)]);
      throw rateLimitedError(error.msBeforeNext, locked(retryAfterSeconds(error.msBeforeNext)));
    }
  }

  const account = await findAccountByEmail(body.email);
  const ok = await verifyPassword(account?.passwordHash, body.password);
  if (!ok || !account?.passwordHash) {
    const accountNow = await consumeQuietly(perAccount, accountKey);
    const delay = loginDelaySeconds(attempt, accountNow.consumedPoints > LOGIN_ACCOUNT_ALERT);
    if (delay > 0) await gate.block(clientKey, delay);
    logger.info({ event: 'auth.login.failed', userId: account?.id ?? null, ip: io.ip }, 'login failed');
    throw accountErrors.invalidCredentials();
  }

  await Promise.all([perClient.delete(clientKey), gate.delete(clientKey), perIp.reward(ipKey)]);
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
