import 'server-only';

import { eq } from 'drizzle-orm';

import { sessions } from '@db/schema';
import type { Session } from '@/server/auth/session';
import { getDb } from '@/server/db/client';
import { logger } from '@/server/logger';
import { assertNotLimited, consumeQuietly, limitKey, waitText } from '@/server/rate-limit';

import { accountErrors } from './errors';
import { limits } from './limits';
import { verifyPassword } from './passwords';
import type { Account } from './users';

/** A Google-only member counts as recently authenticated this long after signing in. */
export const REAUTH_WINDOW_MS = 10 * 60_000;

/**
 * Re-authentication for sensitive changes (security.md "Unregister: requires recent
 * re-authentication"; the same rule guards the e-mail change). A member with a password types
 * it again; a member who signs in only with Google must have signed in within the last 10
 * minutes (every login makes a new session, so the session's creation time is the moment of
 * authentication).
 */
export async function requireReauthentication(account: Account, session: Session, currentPassword: string | undefined): Promise<void> {
  if (account.passwordHash) {
    if (!currentPassword) throw accountErrors.currentPasswordRequired();
    // Only a holder of the member's session gets here, so the count is per member.
    const key = limitKey('reauth', account.id);
    const failures = await limits.reauthFailuresPerMember();
    await assertNotLimited(
      failures,
      key,
      (s) => `パスワードの誤りが続いたため、一時的に操作を制限しています。${waitText(s)}たってからもう一度お試しください。`,
    );
    if (!(await verifyPassword(account.passwordHash, currentPassword))) {
      await consumeQuietly(failures, key);
      logger.info({ event: 'auth.reauth.failed', userId: account.id }, 're-authentication failed');
      throw accountErrors.wrongCurrentPassword();
    }
    return;
  }
  if (!(await isRecentlyAuthenticated(session))) throw accountErrors.reauthRequired();
}

export async function isRecentlyAuthenticated(session: Session): Promise<boolean> {
  const db = await getDb();
  const [row] = await db.select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.id, session.id));
  return Boolean(row && Date.now() - row.createdAt.getTime() <= REAUTH_WINDOW_MS);
}
