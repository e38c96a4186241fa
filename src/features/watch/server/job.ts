import 'server-only';

import { getDb } from '@/server/db/client';
import { giveBackJobLease, takeJobLease } from '@/server/jobs/lease';
import { logger } from '@/server/logger';
import { jobFinished, jobStarted } from '@/server/metrics';

import { type DigestRunStats, sendDueDigests } from './digest';
import { matchNewChanges, type MatchStats } from './matcher';

/**
 * The watch job (issue 15): match what the daily updates changed, then send the digests that are
 * due. It runs after each registry update (the updater's afterRun) and on its own timer (retries
 * of failed mails, a digest held back to the next day), in one instance at a time: the
 * `watch-alerts` row of job_leases, taken as the registry update takes its own (decision 0017).
 */

export const WATCH_JOB = 'watch-alerts';
const LEASE_MS = 30 * 60 * 1000;

export type WatchJobOutcome =
  { ran: false; reason: 'leased' } | { ran: true; matched: { registry: MatchStats; invoice: MatchStats }; digests: DigestRunStats };

export async function runWatchJob(options: { holder?: string; now?: Date; signal?: AbortSignal } = {}): Promise<WatchJobOutcome> {
  const db = await getDb();
  const holder = options.holder ?? `watch:${process.pid}:${Math.random().toString(36).slice(2, 10)}`;
  if (!(await takeJobLease(db, WATCH_JOB, holder, LEASE_MS))) return { ran: false, reason: 'leased' };
  try {
    const matched = await matchNewChanges(undefined, options.signal);
    const digests = await sendDueDigests(options.now, options.signal);
    if (matched.registry.inserted + matched.invoice.inserted + digests.created + digests.sent + digests.failed > 0) {
      logger.info({ event: 'watch.job', matched, digests }, 'watch events matched and digests sent');
    }
    return { ran: true, matched, digests };
  } finally {
    await giveBackJobLease(db, WATCH_JOB, holder);
  }
}

/** Runs the job now and logs instead of throwing (the timer and the updater's hook). */
export async function runWatchJobSafely(signal?: AbortSignal): Promise<void> {
  jobStarted(WATCH_JOB);
  try {
    const outcome = await runWatchJob({ signal });
    jobFinished(WATCH_JOB, outcome.ran ? 'ok' : 'leased');
  } catch (error) {
    jobFinished(WATCH_JOB, 'failed');
    logger.error({ event: 'watch.job.failed', err: error }, 'watch job failed; retried on the next tick');
  }
}

export interface RunningWatchJob {
  /** Stops the timer, aborts a run in progress at its next step and waits for it. */
  stop: () => Promise<void>;
}

const globalKey = Symbol.for('hojin.watchJob');
type GlobalWithWatch = typeof globalThis & { [globalKey]?: RunningWatchJob };

/** Starts the watch job's timer once per process (instrumentation-node.ts). */
export function startServerWatchJob(intervalMs: number): RunningWatchJob {
  const g = globalThis as GlobalWithWatch;
  if (g[globalKey]) return g[globalKey];
  const abort = new AbortController();
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = runWatchJobSafely(abort.signal).finally(() => {
      running = null;
    });
  }, intervalMs);
  timer.unref();
  g[globalKey] = {
    stop: async () => {
      clearInterval(timer);
      abort.abort();
      await running;
    },
  };
  return g[globalKey];
}
