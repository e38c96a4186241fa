import { ConfigError, getEnv } from '@/config/env';

/**
 * The Node.js half of instrumentation.ts, kept in its own module so the Edge bundle of
 * instrumentation never sees Node-only APIs such as process.exit. The database client is
 * imported only after the configuration has been validated: its module reads the configuration
 * when it loads.
 */
export async function registerNode(): Promise<void> {
  let env;
  try {
    env = getEnv();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { getDb } = await import('@/server/db/client');
  await getDb();
  // Every instance runs the payment reconciler (docs/decisions/0013): a charge made while an
  // instance died is settled by whichever instance is up. PAYMENT_RECONCILE_INTERVAL_SECONDS=0
  // turns it off (the test suites call it directly instead).
  if (env.PAYMENT_RECONCILE_INTERVAL_SECONDS > 0) {
    const { startServerReconciler } = await import('@/features/payments/server/reconciler');
    startServerReconciler();
  }
  // The registry's daily update (issue 14): a timer in every instance; a lease row in PostgreSQL
  // lets one instance at a time run it. REGISTRY_UPDATE_INTERVAL_MINUTES=0 turns it off.
  // The watch job (issue 15): matches what the updates changed against the watch lists and sends
  // the daily digests; right after each registry update, and on its own timer (mail retries).
  const watch = env.WATCH_JOB_INTERVAL_SECONDS > 0 ? await import('@/features/watch/index.server') : null;
  if (env.REGISTRY_UPDATE_INTERVAL_MINUTES > 0) {
    const { startServerRegistryUpdater } = await import('@/features/registry/server/update/schedule');
    startServerRegistryUpdater(watch ? { afterRun: watch.runWatchJobSafely } : {});
  }
  if (watch) watch.startServerWatchJob(env.WATCH_JOB_INTERVAL_SECONDS * 1000);
}
