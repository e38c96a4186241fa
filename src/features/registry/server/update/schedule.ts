import 'server-only';

import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { jobLeases } from '@db/schema';
import { getEnv } from '@/config/env';
import { getDb } from '@/server/db/client';
import { logger } from '@/server/logger';
import { runConfiguredUpdate } from './run';
import type { RegistryUpdateResult } from './update';

/**
 * The registry's daily update inside the service: every instance has a timer, and each tick runs
 * the update only when it takes the `registry-update` lease in PostgreSQL (job_leases), so two
 * instances sharing the registry file never build it at the same time. The lease is given back
 * after the run; one held by an instance that died expires after `leaseMs`.
 */

export const REGISTRY_UPDATE_JOB = 'registry-update';
/** Long enough for a catch-up that rebuilds the index of the whole registry. */
const DEFAULT_LEASE_MS = 2 * 60 * 60 * 1000;

/** This process, as named in the lease row. */
export const INSTANCE_ID = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

async function takeLease(holder: string, leaseMs: number): Promise<boolean> {
  const db = await getDb();
  const until = new Date(Date.now() + leaseMs);
  const rows = await db
    .insert(jobLeases)
    .values({ name: REGISTRY_UPDATE_JOB, holder, leasedUntil: until })
    .onConflictDoUpdate({ target: jobLeases.name, set: { holder, leasedUntil: until }, setWhere: lt(jobLeases.leasedUntil, sql`now()`) })
    .returning({ holder: jobLeases.holder });
  return rows.length === 1;
}

async function giveBack(holder: string): Promise<void> {
  const db = await getDb();
  await db
    .update(jobLeases)
    .set({ leasedUntil: sql`now()` })
    .where(and(eq(jobLeases.name, REGISTRY_UPDATE_JOB), eq(jobLeases.holder, holder)));
}

export type ScheduledUpdateOutcome =
  { ran: false; reason: 'leased' } | { ran: true; result: RegistryUpdateResult } | { ran: true; error: string };

/**
 * One tick: take the lease or leave the job to the instance holding it; run; give the lease back.
 * A failed update is logged with its reason (the served registry is untouched) and retried next tick.
 */
export async function runScheduledUpdate(
  options: { holder?: string; leaseMs?: number; run?: () => Promise<RegistryUpdateResult> } = {},
): Promise<ScheduledUpdateOutcome> {
  const holder = options.holder ?? INSTANCE_ID;
  if (!(await takeLease(holder, options.leaseMs ?? DEFAULT_LEASE_MS))) return { ran: false, reason: 'leased' };
  try {
    const result = await (options.run ?? (() => runConfiguredUpdate(getEnv())))();
    if (result.status === 'updated') {
      logger.info(
        { event: 'registry.update.applied', days: result.days, dataDate: result.dataDate, previousDataDate: result.previousDataDate },
        'registry updated',
      );
    }
    return { ran: true, result };
  } catch (error) {
    const message = (error as Error).message;
    logger.error({ event: 'registry.update.failed', err: error }, `registry update failed; the served registry is unchanged: ${message}`);
    return { ran: true, error: message };
  } finally {
    await giveBack(holder);
  }
}

export interface RunningRegistryUpdater {
  stop: () => Promise<void>;
}

/** Ticks every `intervalMs`, the first one shortly after start; ticks never overlap within an instance. */
export function startRegistryUpdater(intervalMs: number, firstDelayMs = 30_000): RunningRegistryUpdater {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runScheduledUpdate()
        .catch((error: unknown) => logger.error({ event: 'registry.update.error', err: error }, 'registry update tick failed'))
        .finally(() => schedule(intervalMs));
    }, delay);
    timer.unref();
  };
  logger.info({ event: 'registry.update.started', intervalMs }, 'registry updater started');
  schedule(Math.min(firstDelayMs, intervalMs));
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

const globalKey = Symbol.for('hojin.registryUpdater');
type GlobalWithUpdater = typeof globalThis & { [globalKey]?: RunningRegistryUpdater };

/** Starts the server's updater once per process (instrumentation-node.ts). */
export function startServerRegistryUpdater(): RunningRegistryUpdater {
  const g = globalThis as GlobalWithUpdater;
  g[globalKey] ??= startRegistryUpdater(getEnv().REGISTRY_UPDATE_INTERVAL_MINUTES * 60_000);
  return g[globalKey];
}
