import 'server-only';

import fs from 'node:fs';
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { getDb } from '@/server/db/client';
import { giveBackJobLease, takeJobLease } from '@/server/jobs/lease';
import { logger } from '@/server/logger';
import { jobFinished, jobStarted } from '@/server/metrics';
import type { InvoiceUpdateResult } from './invoice-update';
import { runConfiguredInvoiceUpdate, runConfiguredUpdate } from './run';
import type { RegistryUpdateResult } from './update';
import { dataPaths, serverConfig } from '@/config/server';

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
  return takeJobLease(await getDb(), REGISTRY_UPDATE_JOB, holder, leaseMs);
}

async function giveBack(holder: string): Promise<void> {
  await giveBackJobLease(await getDb(), REGISTRY_UPDATE_JOB, holder);
}

type InvoiceOutcome = InvoiceUpdateResult | { error: string };
export type ScheduledUpdateOutcome =
  | { ran: false; reason: 'leased' }
  | { ran: true; result: RegistryUpdateResult; invoice?: InvoiceOutcome }
  | { ran: true; error: string; invoice?: InvoiceOutcome };

/**
 * One tick: take the lease or leave the job to the instance holding it; run; give the lease back.
 * A failed update is logged with its reason (the served registry is untouched) and retried next tick.
 */
export async function runScheduledUpdate(
  options: {
    holder?: string;
    leaseMs?: number;
    run?: () => Promise<RegistryUpdateResult>;
    /** The invoice file's update, after the registry's (default: the configured one; null: none). */
    runInvoice?: (() => Promise<InvoiceUpdateResult>) | null;
  } & SnapshotHooks = {},
): Promise<ScheduledUpdateOutcome> {
  const holder = options.holder ?? INSTANCE_ID;
  if (!(await takeLease(holder, options.leaseMs ?? DEFAULT_LEASE_MS))) return { ran: false, reason: 'leased' };
  try {
    // Another instance may have published an update since this one last looked: take it first,
    // so the day is not built (and the NTA asked) twice.
    if (options.beforeRun) await hookSafely('registry.snapshot.follow_failed', options.beforeRun);
    const outcome = await updateBoth(options);
    if (options.publish && appliedSomething(outcome)) await hookSafely('registry.snapshot.publish_failed', options.publish);
    return outcome;
  } finally {
    await giveBack(holder);
  }
}

/** The snapshot steps around an update (docs/decisions/0120), both run under the update's lease. */
interface SnapshotHooks {
  /** Before the update: bring the files to the latest published snapshot. */
  beforeRun?: () => Promise<unknown>;
  /** After an update that applied something: publish the files. */
  publish?: () => Promise<unknown>;
}

/** A snapshot step's failure is logged; the update's own outcome stands. */
async function hookSafely(event: string, hook: () => Promise<unknown>): Promise<void> {
  try {
    await hook();
  } catch (error) {
    logger.error({ event, err: error }, `${event}: ${(error as Error).message}`);
  }
}

/** The registry's update, then the invoice file's. */
async function updateBoth(options: {
  run?: () => Promise<RegistryUpdateResult>;
  runInvoice?: (() => Promise<InvoiceUpdateResult>) | null;
}): Promise<ScheduledUpdateOutcome> {
  const registry = await updateOne('registry', options.run ?? (() => runConfiguredUpdate(serverConfig().registryUpdate)));
  // The invoice file is optional (record pages then say 「不明」): no file, nothing to update.
  const runInvoice =
    options.runInvoice !== undefined
      ? options.runInvoice
      : fs.existsSync(dataPaths().invoice)
        ? () => runConfiguredInvoiceUpdate(serverConfig().registryUpdate)
        : null;
  if (runInvoice === null) return { ran: true, ...registry };
  // The invoice file is updated even when the registry's update failed: they are independent.
  const invoice = await updateOne('invoice', runInvoice);
  return { ran: true, ...registry, invoice: 'error' in invoice ? { error: invoice.error } : invoice.result };
}

/** Runs one update, logging what it applied or why it failed (the served file is then unchanged). */
async function updateOne<T extends { status: string }>(what: string, run: () => Promise<T>): Promise<{ result: T } | { error: string }> {
  try {
    const result = await run();
    if (result.status === 'updated')
      logger.info({ event: `registry.update.applied`, file: what, result: summary(result) }, `${what} updated`);
    return { result };
  } catch (error) {
    const message = (error as Error).message;
    logger.error(
      { event: 'registry.update.failed', file: what, err: error },
      `${what} update failed; the served file is unchanged: ${message}`,
    );
    return { error: message };
  }
}

/** What a log line says of an update: the days applied and the dates, not the whole import summary. */
function summary(result: { status: string }): Record<string, unknown> {
  const { summary: _omit, ...rest } = result as { status: string; summary?: unknown };
  return rest;
}

export interface RunningRegistryUpdater {
  stop: () => Promise<void>;
}

export interface RegistryUpdaterHooks extends SnapshotHooks {
  /** Runs after a tick that applied something (the watch feature matches the changes). */
  afterRun?: () => Promise<void>;
}

const appliedSomething = (outcome: ScheduledUpdateOutcome): boolean =>
  outcome.ran &&
  (('result' in outcome && outcome.result.status === 'updated') ||
    (outcome.invoice !== undefined && 'status' in outcome.invoice && outcome.invoice.status === 'updated'));

/** Ticks every `intervalMs`, the first one shortly after start; ticks never overlap within an instance. */
export function startRegistryUpdater(intervalMs: number, firstDelayMs = 30_000, hooks: RegistryUpdaterHooks = {}): RunningRegistryUpdater {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      jobStarted(REGISTRY_UPDATE_JOB);
      running = runScheduledUpdate({
        ...(hooks.beforeRun ? { beforeRun: hooks.beforeRun } : {}),
        ...(hooks.publish ? { publish: hooks.publish } : {}),
      })
        .then(async (outcome) => {
          jobFinished(REGISTRY_UPDATE_JOB, !outcome.ran ? 'leased' : 'error' in outcome ? 'failed' : 'ok');
          if (hooks.afterRun && appliedSomething(outcome)) await hooks.afterRun();
        })
        .catch((error: unknown) => {
          jobFinished(REGISTRY_UPDATE_JOB, 'failed');
          logger.error({ event: 'registry.update.error', err: error }, 'registry update tick failed');
        })
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
export function startServerRegistryUpdater(hooks: RegistryUpdaterHooks = {}): RunningRegistryUpdater {
  const g = globalThis as GlobalWithUpdater;
  g[globalKey] ??= startRegistryUpdater(serverConfig().jobs.registryUpdateIntervalMs, 30_000, hooks);
  return g[globalKey];
}
