import 'server-only';

import { and, eq, isNull, type SQL } from 'drizzle-orm';

import { userIdentities, users } from '@db/schema';
import { getDb, type Db } from '@/server/db/client';

/** What the accounts feature needs to know about a member. */
export interface Account {
  id: string;
  email: string | null;
  passwordHash: string | null;
  isDemo: boolean;
  emailVerifiedAt: Date | null;
  createdAt: Date;
  isGoogleUser: boolean;
}

type Executor = Pick<Db, 'select'>;

const columns = {
  id: users.id,
  email: users.email,
  passwordHash: users.passwordHash,
  isDemo: users.isDemo,
  emailVerifiedAt: users.emailVerifiedAt,
  createdAt: users.createdAt,
  identityId: userIdentities.id,
};

/** A live (not unregistered) member by normalised e-mail. */
export async function findAccountByEmail(email: string, db?: Executor): Promise<Account | null> {
  return findLiveAccount(eq(users.email, email), db);
}

export async function getAccount(userId: string, db?: Executor): Promise<Account | null> {
  return findLiveAccount(eq(users.id, userId), db);
}

/** The one live (not unregistered) member that `match` selects, with its Google identity if any. */
async function findLiveAccount(match: SQL, db?: Executor): Promise<Account | null> {
  const exec = db ?? (await getDb());
  const [row] = await exec
    .select(columns)
    .from(users)
    .leftJoin(userIdentities, eq(userIdentities.userId, users.id))
    .where(and(match, isNull(users.deletedAt)))
    .limit(1);
  return row ? toAccount(row) : null;
}

function toAccount(row: Omit<Account, 'isGoogleUser'> & { identityId: string | null }): Account {
  const { identityId, ...rest } = row;
  return { ...rest, isGoogleUser: identityId !== null };
}

/** PostgreSQL unique_violation, from node-postgres or PGlite (possibly wrapped by Drizzle). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, i = 0; e && i < 4; e = (e as { cause?: unknown }).cause, i++) {
    if (typeof e === 'object' && (e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * The member's e-mail address for a mail about their order (the back office's shipped mail and
 * receipt resend), unregistered or not; null when there is none. Other features read `users` only
 * through the accounts feature (issue 25 §2).
 */
export async function memberEmailOf(userId: string): Promise<string | null> {
  const db = await getDb();
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return user?.email ?? null;
}

/** What other features may know of a member: whether it is the demo account, whether it unregistered. */
export interface MemberStanding {
  isDemo: boolean;
  deletedAt: Date | null;
}

/**
 * Locks the member's row in the caller's transaction (SELECT … FOR UPDATE) and answers its
 * standing, or null for no such member: a feature's per-member rule (a watch list's limit, the
 * saved addresses, an order created or paid while the member unregisters) holds under it.
 */
export async function lockMember(tx: Pick<Db, 'select'>, userId: string): Promise<MemberStanding | null> {
  const [member] = await tx
    .select({ isDemo: users.isDemo, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return member ?? null;
}

/** The member's standing without a lock; null for no such member. */
export async function memberStandingOf(userId: string): Promise<MemberStanding | null> {
  const db = await getDb();
  const [member] = await db.select({ isDemo: users.isDemo, deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId));
  return member ?? null;
}
