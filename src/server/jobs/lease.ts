import 'server-only';

import { and, eq, lt, sql } from 'drizzle-orm';

import { jobLeases } from '@db/schema';
import type { Db } from '@/server/db/client';

/**
 * The one-instance-at-a-time guard of the scheduled jobs (registry update, watch alerts;
 * decision 0017): a row of job_leases per job, taken when it is free or its lease has run out.
 * `db` may be a transaction.
 */
export async function takeJobLease(db: Pick<Db, 'insert'>, name: string, holder: string, leaseMs: number): Promise<boolean> {
  const until = new Date(Date.now() + leaseMs);
  const rows = await db
    .insert(jobLeases)
    .values({ name, holder, leasedUntil: until })
    .onConflictDoUpdate({ target: jobLeases.name, set: { holder, leasedUntil: until }, setWhere: lt(jobLeases.leasedUntil, sql`now()`) })
    .returning({ holder: jobLeases.holder });
  if (rows.length === 1) held.set(name, holder);
  return rows.length === 1;
}

/**
 * Gives the lease back (only the holder's own). It is set to end strictly before any later `now()`:
 * a lease ended "at now()" could not be taken again in the same transaction or, on PGlite, whose
 * clock steps by milliseconds, within the same millisecond — a run right after another was refused.
 */
export async function giveBackJobLease(db: Pick<Db, 'update'>, name: string, holder: string): Promise<void> {
  await db
    .update(jobLeases)
    .set({ leasedUntil: sql`now() - interval '1 second'` })
    .where(and(eq(jobLeases.name, name), eq(jobLeases.holder, holder)));
  if (held.get(name) === holder) held.delete(name);
}

/**
 * The leases this process holds (job name → holder), so a stopping instance gives them back instead
 * of leaving them to expire (issue 28 §2: the next instance runs the job at its next tick, not after
 * the two hours of the registry update's lease).
 */
const held = new Map<string, string>();

/** Gives back every lease this process holds (the drain's `close` stage, after the jobs stopped). */
export async function giveBackHeldJobLeases(db: Pick<Db, 'update'>): Promise<string[]> {
  const names = [...held.keys()];
  for (const [name, holder] of [...held]) await giveBackJobLease(db, name, holder);
  return names;
}
