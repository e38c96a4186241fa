import { randomUUID } from 'node:crypto';

import { users } from '@db/schema';
import { getDb } from '@/server/db/client';

/** A member row with a unique e-mail; each test makes what it needs. */
export async function createUser(overrides: Partial<typeof users.$inferInsert> = {}) {
  const db = await getDb();
  const [user] = await db
    .insert(users)
    .values({ email: `user-${randomUUID()}@example.jp`, ...overrides })
    .returning();
  if (!user) throw new Error('user insert returned nothing');
  return user;
}
