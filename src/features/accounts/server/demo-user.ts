import 'server-only';

import { eq } from 'drizzle-orm';

import { users } from '@db/schema';
import { getDb } from '@/server/db/client';

import { hashPassword, verifyPassword } from './passwords';
import { serverConfig } from '@/config/server';

/**
 * The demo account (issue 5 §8; rules in docs/decisions/0006-accounts.md). Its password is
 * public — it is shown on the login page — so the account may browse and order (with test cards),
 * but may not change its e-mail or password, reset its password or unregister.
 */
export const DEMO_EMAIL = 'demo@hojin.example';
export const DEMO_PASSWORD = 'try-the-demo-2026';

/** On by default except in production, where DEMO_USER_ENABLED=true turns it on. */
export function isDemoEnabled(): boolean {
  return serverConfig().demoUserEnabled;
}

/** What the login page shows under 「デモアカウントで試す」, or null when the demo is off. */
export function getDemoCredentials(): { email: string; password: string } | null {
  return isDemoEnabled() ? { email: DEMO_EMAIL, password: DEMO_PASSWORD } : null;
}

/**
 * Creates the demo account, or repairs it (flag, password). Idempotent; called by
 * scripts/db-setup.ts. When the demo is off, an existing demo account loses its password so
 * nobody can log in with the published one.
 */
export async function seedDemoUser(): Promise<'created' | 'updated' | 'unchanged' | 'disabled'> {
  const db = await getDb();
  const [existing] = await db.select().from(users).where(eq(users.email, DEMO_EMAIL));
  if (!isDemoEnabled()) {
    if (existing?.isDemo && existing.passwordHash) {
      await db.update(users).set({ passwordHash: null, updatedAt: new Date() }).where(eq(users.id, existing.id));
    }
    return 'disabled';
  }
  if (!existing) {
    // Instances starting at once each seed: the first insert wins, the others find it made.
    const made = await db
      .insert(users)
      .values({ email: DEMO_EMAIL, passwordHash: await hashPassword(DEMO_PASSWORD), isDemo: true })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (made.length === 0) return seedDemoUser();
    return 'created';
  }
  if (!existing.isDemo) {
    throw new Error(`${DEMO_EMAIL} は通常の会員として登録されているため、デモアカウントにできません。`);
  }
  if (!existing.passwordHash || !(await verifyPassword(existing.passwordHash, DEMO_PASSWORD))) {
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(DEMO_PASSWORD), updatedAt: new Date() })
      .where(eq(users.id, existing.id));
    return 'updated';
  }
  return 'unchanged';
}
