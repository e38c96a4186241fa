import 'server-only';

import { deleteStaleDrafts } from '@/features/orders/index.server';
import { logger } from '@/server/logger';
import { jobFinished, jobStarted } from '@/server/metrics';

import { claimOrdersToReconcile, sendMissingConfirmation, settleOrder, type OrderRow } from './order-payment';
import type { PayjpClient } from './payjp/client';
import { reconcileRefunds, type RefundReconcileReport } from './refunds';
import { serverConfig } from '@/config/server';

/**
 * The payment reconciler (docs/decisions/0013): a timer in every server instance that brings the
 * orders nobody is looking at any more up to date with PAY.JP — a charge made while the app was
 * killed, a tds_finish whose answer never came, a lost webhook. It adds no rule of its own: every
 * order goes through `settleOrder`, the same idempotent code as the 3-D Secure return, the
 * completion page and the webhook, so the confirmation mail is still sent by whoever moves the
 * order to `paid`, once.
 */

export interface ReconcileOptions {
  now?: Date;
  client?: PayjpClient;
  /** Orders younger than this are left to the request handling them (default: configuration). */
  graceMs?: number;
  /** How long a claimed order is this instance's (default: the interval, at least a minute). */
  leaseMs?: number;
  /** Orders per tick; the rest are left for the next tick. */
  limit?: number;
  /** Aborted when the instance stops: the pass ends after the order in hand (the rest keep their claim until it runs out). */
  signal?: AbortSignal;
}

export interface ReconcileReport {
  /** Orders this instance claimed (others running at the same time claim different ones). */
  claimed: number;
  /** Orders whose status changed, and paid orders whose missing mail was sent. */
  settled: { orderId: string; from: string; to: string }[];
  /** Refunds in doubt settled in this pass (null when the refund pass failed as a whole). */
  refunds: RefundReconcileReport | null;
  /** Drafts never sent to PAY.JP deleted in this pass for their age (0023 amendment); null when that step failed. */
  draftsDeleted: number | null;
}

function configured(): { intervalMs: number; graceMs: number } {
  const { jobs } = serverConfig();
  return { intervalMs: jobs.reconcileIntervalMs, graceMs: jobs.reconcileGraceMs };
}

/** One pass: claim, settle each claimed order, log one line per order that changed. */
export async function reconcilePayments(options: ReconcileOptions = {}): Promise<ReconcileReport> {
  const now = options.now ?? new Date();
  const config = configured();
  // The lease outlives a tick (several PAY.JP calls per order, each up to PAYJP_TIMEOUT_MS) and
  // spaces out the re-reads of an order that cannot be settled yet (a buyer still on the 3-D
  // Secure page) to one per period across all instances.
  const leaseMs = options.leaseMs ?? Math.max(config.intervalMs, 60_000);
  const claimed = await claimOrdersToReconcile({
    now,
    graceMs: options.graceMs ?? config.graceMs,
    leaseUntil: new Date(now.getTime() + leaseMs),
    limit: options.limit ?? 100,
  });
  const settled: ReconcileReport['settled'] = [];
  for (const order of claimed) {
    if (options.signal?.aborted) break;
    const outcome = await reconcileOne(order, options);
    if (outcome) settled.push(outcome);
  }
  // Refunds whose answer never came (0018): same grace and lease as the orders.
  let refunds: RefundReconcileReport | null = null;
  if (options.signal?.aborted) return { claimed: claimed.length, settled, refunds, draftsDeleted: null };
  try {
    refunds = await reconcileRefunds({
      now,
      client: options.client,
      graceMs: options.graceMs ?? config.graceMs,
      leaseMs,
      limit: options.limit ?? 100,
    });
    for (const r of refunds.settled) {
      logger.info({ event: 'payment.reconciler.refund_settled', ...r }, 'reconciler settled a refund');
    }
  } catch (error) {
    logger.error({ err: error, event: 'payment.reconciler.error' }, 'reconciler could not settle refunds');
  }
  // Drafts never sent to PAY.JP (0023, amendment): nothing to ask PAY.JP, only their age.
  let draftsDeleted: number | null = null;
  try {
    // Every stale draft in one pass, a batch at a time (0058): a flood of drafts is gone when it ages out.
    const batch = options.limit ?? 100;
    draftsDeleted = 0;
    for (let round = 0; round < MAX_DRAFT_BATCHES && !options.signal?.aborted; round++) {
      const deleted = await deleteStaleDrafts({ now, limit: batch });
      draftsDeleted += deleted.length;
      if (deleted.length < batch) break;
    }
    if (draftsDeleted > 0)
      logger.info({ event: 'payment.reconciler.drafts_deleted', count: draftsDeleted }, 'reconciler deleted abandoned drafts');
  } catch (error) {
    logger.error({ err: error, event: 'payment.reconciler.error' }, 'reconciler could not delete abandoned drafts');
  }
  return { claimed: claimed.length, settled, refunds, draftsDeleted };
}

/** At most this many batches of stale drafts per pass (with DRAFT_ORDERS_PER_MEMBER, far above what members can create in a day between passes). */
const MAX_DRAFT_BATCHES = 1000;

async function reconcileOne(order: OrderRow, options: ReconcileOptions): Promise<ReconcileReport['settled'][number] | null> {
  try {
    if (order.status === 'paid') {
      if (!(await sendMissingConfirmation(order))) return null;
      logger.info(
        { event: 'payment.reconciler.mail_sent', orderId: order.id, status: order.status },
        'reconciler sent the missing confirmation mail',
      );
      return { orderId: order.id, from: 'paid', to: 'paid' };
    }
    const after = await settleOrder(order, { client: options.client, now: options.now });
    if (after.status === order.status) {
      logger.debug({ event: 'payment.reconciler.unchanged', orderId: order.id, status: order.status }, 'order not settled yet');
      return null;
    }
    logger.info(
      {
        event: 'payment.reconciler.settled',
        orderId: order.id,
        from: order.status,
        to: after.status,
        chargeId: after.payjpChargeId,
        amount: after.amountYen,
        failureCode: after.failureCode,
      },
      'reconciler settled an order',
    );
    return { orderId: order.id, from: order.status, to: after.status };
  } catch (error) {
    // One order's trouble (a database hiccup) never stops the others; its lease makes it wait a period.
    logger.error({ err: error, event: 'payment.reconciler.error', orderId: order.id }, 'reconciler could not settle an order');
    return null;
  }
}

/** The job's name in the metrics. */
const RECONCILER_JOB = 'payment-reconciler';

export interface RunningReconciler {
  /** Stops the timer and waits for a tick in progress. */
  stop: () => Promise<void>;
}

/**
 * Runs `reconcilePayments` every `intervalMs` (default PAYMENT_RECONCILE_INTERVAL_SECONDS), the
 * first time one interval after start. Ticks never overlap within an instance; the timer does not
 * keep the process alive.
 */
export function startPaymentReconciler(options: Omit<ReconcileOptions, 'now'> & { intervalMs?: number } = {}): RunningReconciler {
  const intervalMs = options.intervalMs ?? configured().intervalMs;
  if (intervalMs <= 0) throw new RangeError('the reconciler interval must be positive');
  return startTimer(options, intervalMs);
}

// The one timer of the server process, kept on globalThis so a second register() (Next's module
// re-evaluation in development) does not start a second one.
const globalKey = Symbol.for('hojin.paymentReconciler');
type GlobalWithReconciler = typeof globalThis & { [globalKey]?: RunningReconciler };

/** Starts the server's reconciler once per process (instrumentation-node.ts). */
export function startServerReconciler(): RunningReconciler {
  const g = globalThis as GlobalWithReconciler;
  g[globalKey] ??= startPaymentReconciler();
  return g[globalKey];
}

function startTimer(options: Omit<ReconcileOptions, 'now'>, intervalMs: number): RunningReconciler {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const abort = new AbortController();

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().finally(schedule);
    }, intervalMs);
    timer.unref();
  };
  const tick = async () => {
    jobStarted(RECONCILER_JOB);
    try {
      await reconcilePayments({ ...options, leaseMs: options.leaseMs ?? Math.max(intervalMs, 60_000), signal: abort.signal });
      jobFinished(RECONCILER_JOB, 'ok');
    } catch (error) {
      // The database is down or similar: try again next period.
      jobFinished(RECONCILER_JOB, 'failed');
      logger.error({ err: error, event: 'payment.reconciler.error' }, 'reconciler pass failed');
    }
  };

  logger.info({ event: 'payment.reconciler.started', intervalMs }, 'payment reconciler started');
  schedule();
  return {
    stop: async () => {
      stopped = true;
      abort.abort();
      clearTimeout(timer);
      await running;
    },
  };
}
