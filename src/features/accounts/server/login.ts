import 'server-only';

import { eq } from 'drizzle-orm';

import { users } from '@db/schema';
import { getDb } from '@/server/db/client';
import { logger } from '@/server/logger';
import { assertNotLimited, isRateLimited, limitKey, waitText } from '@/server/rate-limit';

import type { LoginBody, LoginResponse } from '../schemas';

import { beginSession, type SessionIo } from './auth-session';
import { accountErrors } from './errors';
import { limits } from './limits';
import { hashPassword, needsRehash, verifyPassword } from './passwords';
import { findAccountByEmail } from './users';

/**
 * Login with e-mail and password. One generic answer for every wrong combination; an unknown
 * address costs the same argon2 work as a known one (verifyPassword against a dummy hash).
 * Failures are counted per account+IP (10 per 15 minutes) and per IP (100 a day).
 */
export async function loginWithPassword(body: LoginBody, io: SessionIo): Promise<LoginResponse> {
  const accountIpKey = limitKey(body.email, io.ip);
  const ipKey = limitKey(io.ip);
  const locked = (s: number) => accountErrors.loginLocked(waitText(s)).message;
  await assertNotLimited(limits.loginFailuresPerIpDay(), ipKey, locked);
  await assertNotLimited(limits.loginFailuresPerAccountIp(), accountIpKey, locked);

  const account = await findAccountByEmail(body.email);
  const ok = await verifyPassword(account?.passwordHash, body.password);
  if (!ok || !account?.passwordHash) {
    await Promise.all(
      [limits.loginFailuresPerAccountIp().consume(accountIpKey), limits.loginFailuresPerIpDay().consume(ipKey)].map((p) =>
        p.catch((error: unknown) => (isRateLimited(error) ? undefined : Promise.reject(error))),
      ),
    );
    logger.info({ event: 'auth.login.failed', userId: account?.id ?? null, ip: io.ip }, 'login failed');
    throw accountErrors.invalidCredentials();
  }

  await limits.loginFailuresPerAccountIp().delete(accountIpKey);
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
