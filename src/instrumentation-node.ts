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
  const { onShutdown, markStarted } = await import('@/server/http/lifecycle');
  if (jobs.reconcileIntervalMs > 0) {
    const { startServerReconciler } = await import('@/features/payments/server/reconciler');
    const reconciler = startServerReconciler();
    onShutdown('stop', 'payment reconciler', reconciler.stop);
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
  if (snapshots) onShutdown('stop', 'registry snapshots', snapshots.startServerSnapshotSync(jobs.registrySnapshotIntervalMs).stop);
  if (jobs.registryUpdateIntervalMs > 0) {
    const { startServerRegistryUpdater } = await import('@/features/registry/server/update/schedule');
    const updater = startServerRegistryUpdater({
      ...(watch ? { afterRun: () => watch.runWatchJobSafely() } : {}),
      ...(snapshots
        ? {
            beforeRun: () => snapshots.followLatestSnapshot(snapshots.configuredSnapshotContext()),
            publish: () => snapshots.publishServedSnapshot(snapshots.configuredSnapshotContext()),
          }
        : {}),
    });
    onShutdown('stop', 'registry updater', updater.stop);
  }
  if (watch) onShutdown('stop', 'watch job', watch.startServerWatchJob(jobs.watchIntervalMs).stop);
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
  if (webhookInterval > 0) onShutdown('stop', 'webhook deliveries', startServerWebhookJob(webhookInterval).stop);
  const api = await import('@/features/api/index.server');
  // The PAY.JP plans of the API's paid plans (issue 27 §1): created by id if missing, in the background.
  if (serverConfig().api.paidPlans.length > 0) void api.ensurePayjpPlans();
  // Their subscriptions are read back periodically too (a lost webhook; the end of a grace), one instance at a time.
  if (jobs.reconcileIntervalMs > 0) onShutdown('stop', 'API subscription check', api.startSubscriptionCheck(jobs.reconcileIntervalMs).stop);
  await registerMetrics();
  await registerShutdown();
  // /api/health/ready may answer 200 from now on (docs/operations.md).
  markStarted({ drainMs: jobs.drainTimeoutMs, delayMs: jobs.drainDelayMs });
}

/**
 * What a stopping instance gives back once its last request is answered (docs/decisions/0125):
 * mails still being retried, the job leases (the next instance runs the jobs at its next tick, not
 * when the lease would have run out), the database pool, the registry files.
 */
async function registerShutdown(): Promise<void> {
  const [{ onShutdown }, { settleBackgroundMails }, { giveBackHeldJobLeases }, { closeDb, getDb }, registry] = await Promise.all([
    import('@/server/http/lifecycle'),
    import('@/server/mail'),
    import('@/server/jobs/lease'),
    import('@/server/db/client'),
    import('@/features/registry/index.server'),
  ]);
  onShutdown('flush', 'background mail', settleBackgroundMails);
  onShutdown('close', 'job leases', async () => {
    await giveBackHeldJobLeases(await getDb());
  });
  onShutdown('close', 'database', closeDb);
  onShutdown('close', 'registry files', async () => {
    registry.getRegistryStore().close();
    registry.getInvoiceStore().close();
  });
}

/** The metrics (docs/decisions/0126): what is read when Prometheus scrapes, and the door server.ts serves them through. */
export async function registerMetrics(): Promise<void> {
  const [metrics, { registerMetricsDoor }, { dbPoolStats }, { backgroundMailsInFlight }, { paymentStateCounts }, { getRegistryStore }] =
    await Promise.all([
      import('@/server/metrics'),
      import('@/server/http/metrics-door'),
      import('@/server/db/client'),
      import('@/server/mail'),
      import('@/features/payments/index.server'),
      import('@/features/registry/index.server'),
    ]);
  const registryDataDate = () => {
    const state = getRegistryStore().acquire();
    const date = state.ok ? state.registry.meta.dataDate : null;
    return date === null ? null : Date.parse(`${date}T00:00:00+09:00`);
  };
  metrics.scrapeGauge(
    'hojin_registry_data_date_seconds',
    'The served registry’s データ更新日 (midnight in Japan, Unix time)',
    ['file'],
    () => {
      const at = registryDataDate();
      // No registry or no date: no sample (labelled, so prom-client prints none; an unlabelled gauge would say 0).
      return at === null ? [] : [{ labels: { file: 'registry' }, value: at / 1000 }];
    },
  );
  metrics.scrapeGauge('hojin_registry_data_age_seconds', 'Seconds since the served registry’s データ更新日 began', ['file'], () => {
    const at = registryDataDate();
    return at === null ? [] : [{ labels: { file: 'registry' }, value: (Date.now() - at) / 1000 }];
  });
  metrics.scrapeGauge('hojin_registry_ready', '1 when the registry file is open and of this schema version', [], () => [
    { labels: {}, value: getRegistryStore().acquire().ok ? 1 : 0 },
  ]);
  // Both gauges from one pair of queries per scrape.
  let counted: { at: number; value: ReturnType<typeof paymentStateCounts> } | null = null;
  const states = () => {
    if (counted === null || Date.now() - counted.at > 1000) counted = { at: Date.now(), value: paymentStateCounts() };
    return counted.value;
  };
  metrics.scrapeGauge('hojin_orders', 'Orders by status (all time)', ['status'], async () =>
    Object.entries((await states()).orders).map(([status, value]) => ({ labels: { status }, value })),
  );
  metrics.scrapeGauge('hojin_refunds', 'Refunds by status (all time)', ['status'], async () =>
    Object.entries((await states()).refunds).map(([status, value]) => ({ labels: { status }, value })),
  );
  metrics.scrapeGauge('hojin_mail_background_queue', 'Mails being sent or waiting to be retried in the background', [], () => [
    { labels: {}, value: backgroundMailsInFlight() },
  ]);
  metrics.scrapeGauge(
    'hojin_db_pool_connections',
    'PostgreSQL pool connections by state (total, idle, waiting, max)',
    ['state'],
    async () => {
      const pool = await dbPoolStats();
      return pool === null ? [] : Object.entries(pool).map(([state, value]) => ({ labels: { state }, value }));
    },
  );
  const { metrics: access } = serverConfig();
  registerMetricsDoor({ port: access.port, token: access.token, observe: metrics.observeRequest, render: metrics.renderMetrics });
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
