import { ConfigError } from '@/config/env';
import { serverConfig } from '@/config/server';

/**
 * The Node.js half of instrumentation.ts, kept in its own module so the Edge bundle of
 * instrumentation never sees Node-only APIs such as process.exit. The database client is
 * imported only after the configuration has been validated: its module reads the configuration
 * when it loads.
 */
export async function registerNode(): Promise<void> {
  let jobs;
  try {
    jobs = serverConfig().jobs;
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { getDb } = await import('@/server/db/client');
  await getDb();
  // A stall of the event loop (1 s or more) is a warning in the log: see it, not guess it.
  const { startEventLoopWatch } = await import('@/server/event-loop-watch');
  await startEventLoopWatch();
  // The postal-code table is read once per process; read it now rather than during the first
  // buyer's postal-code fill (1–5 s on a busy machine). In the background: the server does not wait.
  void warmPostalTable();
  // Every instance runs the payment reconciler (docs/decisions/0013): a charge made while an
  // instance died is settled by whichever instance is up. PAYMENT_RECONCILE_INTERVAL_SECONDS=0
  // turns it off (the test suites call it directly instead).
  if (jobs.reconcileIntervalMs > 0) {
    const { startServerReconciler } = await import('@/features/payments/server/reconciler');
    startServerReconciler();
  }
  // The registry's daily update (issue 14): a timer in every instance; a lease row in PostgreSQL
  // lets one instance at a time run it. REGISTRY_UPDATE_INTERVAL_MINUTES=0 turns it off.
  // The watch job (issue 15): matches what the updates changed against the watch lists and sends
  // the daily digests; right after each registry update, and on its own timer (mail retries).
  const watch = jobs.watchIntervalMs > 0 ? await import('@/features/watch/index.server') : null;
  // Registry snapshots (docs/decisions/0120): every instance follows the one published in the file
  // storage (at start too: an instance without a registry file takes it from there), and the
  // instance that runs the update publishes what it built. REGISTRY_SNAPSHOT_INTERVAL_SECONDS=0: off.
  const snapshots = jobs.registrySnapshotIntervalMs > 0 ? await import('@/features/registry/server/snapshot/sync') : null;
  if (snapshots) snapshots.startServerSnapshotSync(jobs.registrySnapshotIntervalMs);
  if (jobs.registryUpdateIntervalMs > 0) {
    const { startServerRegistryUpdater } = await import('@/features/registry/server/update/schedule');
    startServerRegistryUpdater({
      ...(watch ? { afterRun: watch.runWatchJobSafely } : {}),
      ...(snapshots
        ? {
            beforeRun: () => snapshots.followLatestSnapshot(snapshots.configuredSnapshotContext()),
            publish: () => snapshots.publishServedSnapshot(snapshots.configuredSnapshotContext()),
          }
        : {}),
    });
  }
  if (watch) watch.startServerWatchJob(jobs.watchIntervalMs);
  // The public API's lean path (issue 26 §5): its router is built here, inside Next's bundle, and
  // server.ts serves /v1, /mcp and the pages' search with it before Next's handler (src/server/http/lean-path.ts).
  const [{ createApiListener, servesPath, apiMeter, startServerWebhookJob }, { registerLeanPath }] = await Promise.all([
    import('@/features/api/index.server'),
    import('@/server/http/lean-path'),
  ]);
  registerLeanPath({ serves: servesPath, listener: createApiListener(), close: () => apiMeter().close() });
  // Webhooks (issue 27 §5): every instance tries the delivery job on its timer; a lease row lets
  // one at a time send. WEBHOOK_JOB_INTERVAL_SECONDS=0 turns it off (the tests call it directly).
  const webhookInterval = serverConfig().webhooks.jobIntervalMs;
  if (webhookInterval > 0) startServerWebhookJob(webhookInterval);
}

async function warmPostalTable(): Promise<void> {
  const { logger } = await import('@/server/logger');
  try {
    const { warmPostalIndex } = await import('@/features/address/server/postal-index');
    const { codes, ms } = await warmPostalIndex();
    logger.info({ event: 'postal.loaded', codes, ms }, 'postal-code table loaded');
  } catch (error) {
    // The first lookup tries again and answers as it does when the file cannot be read.
    logger.warn({ event: 'postal.load_failed', err: error }, 'postal-code table could not be loaded at start');
  }
}
