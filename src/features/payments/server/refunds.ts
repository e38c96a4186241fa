import 'server-only';

import { randomUUID } from 'node:crypto';

import { and, asc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';

import { refunds } from '@db/schema';
import { buildRefundStatementSnapshot, issuerOf, RefundStatementSnapshotSchema, type RefundStatementSnapshot } from '@/features/orders';
import { isOrderOfMember, loadOrderForRefund, orderAmountOf } from '@/features/orders/index.server';
import { getSiteInfo } from '@/config/site';
import { AppError } from '@/server/http/app-error';
import { getDb, type Db } from '@/server/db/client';
import { logger } from '@/server/logger';

import { remainingAfter, splitRefund, type RefundRemaining, type RefundSplit } from '../refund-split';
import { getPayjpClient, type PayjpClient } from './payjp/client';
import { getPayjpConfig } from './payjp/config';
import { PayjpApiError, PayjpError } from './payjp/errors';
import { OUTSIDE_REFUND_LABEL, recordSucceededRefund } from './refund-succeeded';

/**
 * Refunds through PAY.JP that never go wrong (issue 12, docs/decisions/0018-refunds.md):
 *
 * 1. Under a lock of the order row, the amount is checked against what is left (charged minus the
 *    refunds that succeeded; none may be in flight) and the refund row is written, with its
 *    idempotency key, BEFORE PAY.JP is called. Two managers at once: the second waits for the lock
 *    and then finds the first in flight (409) — never two refunds over the charged amount.
 * 2. PAY.JP is called with that key. Its answer settles the row: `succeeded`, or `failed` when PAY.JP
 *    refused (4xx: nothing was refunded). A timeout, a 5xx or a cut connection leave `unknown`:
 *    the refund may have happened, so it is never shown as done and never sent again as new.
 * 3. The reconciler (reconcileRefunds, called by the payment reconciler each tick) settles rows in
 *    doubt: it re-reads the charge — `amount_refunded` beyond the refunds already recorded equal to
 *    this refund means PAY.JP made it; nothing beyond means it did not, and the call is repeated
 *    with the SAME key (PAY.JP answers a repeat with the first answer, so even a refund in flight
 *    meanwhile is not made twice).
 *
 * The order's own status (返金済み/一部返金) and the member's mail: whoever settles a refund as
 * succeeded hands it to the one step that records it on the order and mails the member
 * (`recordSucceededRefund`, ./refund-succeeded.ts), and the reconciler hands it again when that step
 * did not finish (it is idempotent). Callers pass no handler for it: the one thing a caller may add
 * is its audit row (`audit`, docs/decisions/0100).
 *
 * Orders are read here (never written) through the orders feature's face (`loadOrderForRefund`, …).
 */

export const REFUND_STATUSES = ['requested', 'succeeded', 'failed', 'unknown'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export type RefundOrigin = 'backoffice' | 'payjp';

export interface Refund {
  id: string;
  orderId: string;
  chargeId: string;
  amountYen: number;
  taxableYen: number;
  taxYen: number;
  nonTaxableYen: number;
  reason: string;
  /** The manager who asked; null for a refund made outside hojin. */
  requestedBy: string | null;
  /** 'payjp': made outside hojin (PAY.JP's dashboard) and learnt from its webhook. */
  origin: RefundOrigin;
  status: RefundStatus;
  failureCode: string | null;
  requestedAt: Date;
  settledAt: Date | null;
  /** the 返金明細書's number (RF-2026-000001), given when the refund succeeded; null before */
  statementNumber: string | null;
}

export interface RefundTotals {
  /** What the order's charge took. */
  chargedYen: number;
  /** Refunds that succeeded. */
  refundedYen: number;
  taxableRefundedYen: number;
  taxRefundedYen: number;
  nonTaxableRefundedYen: number;
  /** Refunds requested or in doubt: not refunded, not refundable again either. */
  pendingYen: number;
  /** What a new refund may take now. */
  refundableYen: number;
  /** Everything was refunded (返金済み); refundedYen > 0 and not full is 一部返金. */
  fullyRefunded: boolean;
}

/**
 * What the one audit hook is told, inside the transaction that writes the refund row, with the
 * order's totals before it: a manager's refund `requested` (before PAY.JP is called) or one
 * `made_outside` hojin (PAY.JP's dashboard, told by its webhook).
 */
export interface RefundAuditEvent {
  kind: 'requested' | 'made_outside';
  refund: Refund;
  before: RefundTotals;
}

/**
 * The caller's audit row (the back office's), written in the refund row's transaction: the refund
 * and its audit row commit together or not at all. A throw undoes the refund row; for a request,
 * PAY.JP is then not called.
 */
export type RefundAudit = (tx: Db, event: RefundAuditEvent) => Promise<void>;

export interface RefundOptions {
  client?: PayjpClient;
  now?: Date;
  audit?: RefundAudit;
}

const RequestRefundSchema = z.strictObject({
  orderId: z.uuid(),
  amountYen: z.number().int().min(1).max(9_999_999),
  /** The Ministry-fee part, when the manager says the bureau's fee was not spent (refund-split.ts). */
  ministryFeeYen: z.number().int().min(0).max(9_999_999).optional(),
  // PAY.JP's refund_reason takes up to 255 characters.
  reason: z.string().trim().min(1).max(255),
  staffId: z.uuid(),
  /**
   * The client's key for this refund request (the back office's form sends one per refund it
   * shows, 0058): the same key answers the refund already made instead of refunding again; the
   * same key with another order, amount or reason is 409 `idempotency_key_reused`, as PAY.JP does.
   */
  requestKey: z.uuid().optional(),
});
export type RequestRefundInput = z.input<typeof RequestRefundSchema>;

type RefundRow = typeof refunds.$inferSelect;

function toRefund(row: RefundRow): Refund {
  return {
    id: row.id,
    orderId: row.orderId,
    chargeId: row.chargeId,
    amountYen: row.amountYen,
    taxableYen: row.taxableYen,
    taxYen: row.taxYen,
    nonTaxableYen: row.nonTaxableYen,
    reason: row.reason,
    requestedBy: row.requestedBy,
    origin: row.origin,
    status: row.status,
    failureCode: row.failureCode,
    requestedAt: row.requestedAt,
    settledAt: row.settledAt,
    statementNumber: row.statementNumber,
  };
}

// ── Orders, read only ───────────────────────────────────────────────────────────────

const PriceLinesSchema = z.object({
  lines: z.array(z.object({ kind: z.string(), name: z.string().min(1), quantity: z.number().int().min(1) })),
});

/** What the order's charge took, per part. */
function chargedParts(order: { amountYen: number; taxYen: number; nonTaxableYen: number }): RefundRemaining {
  return { taxableYen: order.amountYen - order.nonTaxableYen, taxYen: order.taxYen, nonTaxableYen: order.nonTaxableYen };
}

/** The certificates of the order, by the names on its price lines (「…（当社手数料）」 → 「…」). */
function orderedItems(price: unknown): { name: string; quantity: number }[] {
  const lines = PriceLinesSchema.parse(price).lines.filter((l) => l.kind === 'serviceFee');
  return lines.map((l) => ({ name: l.name.replace(/（[^（）]*手数料(・[^（）]*)?）$/u, ''), quantity: l.quantity }));
}

type RefundOrder = NonNullable<Awaited<ReturnType<typeof loadOrderForRefund>>> & { paidAt: Date };

/**
 * The refund statement (適格返還請求書) of a refund as it will be printed for ever, whoever made the
 * refund: the order's certificates, the refund's parts, the issuer as configured today.
 * 全額返金 only for the whole payment in one refund; the rest after partial refunds is 一部返金 too.
 */
function refundStatement(refundId: string, order: RefundOrder, split: RefundSplit): RefundStatementSnapshot {
  return buildRefundStatementSnapshot({
    refundId,
    order: { ...order, items: orderedItems(order.price) },
    split,
    full: split.amountYen === order.amountYen,
    issuer: issuerOf(getSiteInfo().operator),
  });
}

function totalsOf(order: { amountYen: number }, rows: RefundRow[]): RefundTotals {
  const sum = (status: RefundStatus[], pick: (r: RefundRow) => number) =>
    rows.filter((r) => status.includes(r.status)).reduce((t, r) => t + pick(r), 0);
  const refundedYen = sum(['succeeded'], (r) => r.amountYen);
  const pendingYen = sum(['requested', 'unknown'], (r) => r.amountYen);
  return {
    chargedYen: order.amountYen,
    refundedYen,
    taxableRefundedYen: sum(['succeeded'], (r) => r.taxableYen),
    taxRefundedYen: sum(['succeeded'], (r) => r.taxYen),
    nonTaxableRefundedYen: sum(['succeeded'], (r) => r.nonTaxableYen),
    pendingYen,
    refundableYen: Math.max(0, order.amountYen - refundedYen - pendingYen),
    fullyRefunded: refundedYen >= order.amountYen,
  };
}

// ── Reading ─────────────────────────────────────────────────────────────────────────

export async function listRefunds(orderId: string): Promise<Refund[]> {
  if (!z.uuid().safeParse(orderId).success) return [];
  const db = await getDb();
  const rows = await db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.requestedAt), asc(refunds.id));
  return rows.map(toRefund);
}

/** Null for an order that does not exist. */
export async function refundTotals(orderId: string): Promise<RefundTotals | null> {
  if (!z.uuid().safeParse(orderId).success) return null;
  const order = await orderAmountOf(orderId);
  if (!order) return null;
  const db = await getDb();
  const rows = await db.select().from(refunds).where(eq(refunds.orderId, orderId));
  return totalsOf(order, rows);
}

export interface FoundRefundStatement {
  snapshot: RefundStatementSnapshot;
  refundedAt: Date;
  /** RF-2026-000001: printed on the statement and in its file name */
  statementNumber: string;
}

function refundStatementNumberFallback(statement: unknown): string {
  const id = (statement as { refundId?: unknown } | null)?.refundId;
  return `RF-${typeof id === 'string' ? id.slice(0, 8).toUpperCase() : 'UNKNOWN'}`;
}

/**
 * The statement of a refund that succeeded, of the member's order or of the given order; null for
 * anything else (unknown id, another member's or order's refund, a refund not made) — the routes
 * answer 404 for all of them alike.
 */
async function findRefundStatement(refundId: string, of: { userId: string } | { orderId: string }): Promise<FoundRefundStatement | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      orderId: refunds.orderId,
      statement: refunds.statement,
      settledAt: refunds.settledAt,
      statementNumber: refunds.statementNumber,
    })
    .from(refunds)
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'succeeded')));
  if (!row?.settledAt) return null;
  const owned = 'userId' in of ? await isOrderOfMember(row.orderId, of.userId) : row.orderId === of.orderId;
  if (!owned) return null;
  return {
    snapshot: RefundStatementSnapshotSchema.parse(row.statement),
    refundedAt: row.settledAt,
    // every succeeded refund has one (the trigger gives it with the status); the old form only if not
    statementNumber: row.statementNumber ?? refundStatementNumberFallback(row.statement),
  };
}

/** The statement of a refund of the member's own order (GET /api/download/refund/{id}.pdf). */
export function findRefundStatementForMember(userId: string, refundId: string): Promise<FoundRefundStatement | null> {
  return findRefundStatement(refundId, { userId });
}

/** The statement of a refund of this order, for staff (the back office's order page). */
export function findRefundStatementOfOrder(orderId: string, refundId: string): Promise<FoundRefundStatement | null> {
  return findRefundStatement(refundId, { orderId });
}

/** The refunds that succeeded of these orders, oldest first per order (the member's payment history). */
export async function listSucceededRefunds(orderIds: string[]): Promise<Map<string, Refund[]>> {
  const byOrder = new Map<string, Refund[]>();
  if (orderIds.length === 0) return byOrder;
  const db = await getDb();
  const rows = await db
    .select()
    .from(refunds)
    .where(and(inArray(refunds.orderId, orderIds), eq(refunds.status, 'succeeded')))
    .orderBy(asc(refunds.settledAt), asc(refunds.id));
  for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), toRefund(row)]);
  return byOrder;
}

/** The refunds PAY.JP made whose success was confirmed in [from, to), oldest first (the accounting export). */
export async function listRefundsSettledBetween(from: Date, to: Date): Promise<Refund[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.status, 'succeeded'), gte(refunds.settledAt, from), lt(refunds.settledAt, to)))
    .orderBy(asc(refunds.settledAt), asc(refunds.id));
  return rows.map(toRefund);
}

// ── Requesting ──────────────────────────────────────────────────────────────────────

/**
 * Refunds `amountYen` of a paid order through PAY.JP. Returns the refund as recorded — `succeeded`,
 * `failed` (PAY.JP refused; nothing was refunded) or `unknown` (no answer; the reconciler settles
 * it) — and the order's totals after it. Throws AppError for a request that cannot be made
 * (404 unknown order, 409 not paid or a refund in flight, 422 amount).
 */
export async function requestRefund(
  input: RequestRefundInput,
  options: RefundOptions = {},
): Promise<{ refund: Refund; totals: RefundTotals }> {
  const parsed = RequestRefundSchema.safeParse(input);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? 'refund');
      fields[key] ??=
        key === 'amountYen'
          ? '返金額は1円以上の整数で入力してください。'
          : key === 'reason'
            ? '返金理由を255文字以内で入力してください。'
            : '入力内容をご確認ください。';
    }
    throw new AppError('validation_failed', { fields });
  }
  const { orderId, amountYen, ministryFeeYen, reason, staffId, requestKey } = parsed.data;
  const now = options.now ?? new Date();
  const db = await getDb();
  const idempotencyKey = requestKey ? `refund-key-${requestKey}` : null;

  const outcome = await db.transaction(async (tx): Promise<{ row: RefundRow; replay: boolean }> => {
    // The order row's lock serialises every refund request of this order (step 1).
    const order = await loadOrderForRefund(tx, orderId, true);
    if (!order) throw new AppError('not_found', { message: '注文が見つかりませんでした。' });
    if (idempotencyKey) {
      // A request sent again (double submit, a retried request): the refund it made, never a second one.
      const [same] = await tx.select().from(refunds).where(eq(refunds.idempotencyKey, idempotencyKey));
      if (same) {
        const sameRequest =
          same.orderId === orderId &&
          same.amountYen === amountYen &&
          same.reason === reason &&
          (ministryFeeYen === undefined || same.nonTaxableYen === ministryFeeYen);
        if (!sameRequest) throw refundKeyReused();
        return { row: same, replay: true };
      }
    }
    if (!order.paidAt || !order.chargeId) {
      throw new AppError('conflict', { message: 'この注文は決済が完了していないため返金できません。' });
    }
    const existing = await tx.select().from(refunds).where(eq(refunds.orderId, orderId));
    if (existing.some((r) => r.status === 'requested' || r.status === 'unknown')) {
      throw new AppError('conflict', {
        message: 'この注文には処理中の返金があります。結果が確定してから（数分後に）もう一度お試しください。',
      });
    }
    const succeeded = existing.filter((r) => r.status === 'succeeded');
    const remaining = remainingAfter(chargedParts(order), succeeded);
    const split = splitRefund({ amountYen, ministryFeeYen, remaining });
    if (!split.ok) throw new AppError('validation_failed', { message: split.message, fields: { [split.field]: split.message } });

    const id = randomUUID();
    const statement = refundStatement(id, { ...order, paidAt: order.paidAt }, split.split);
    const [inserted] = await tx
      .insert(refunds)
      .values({
        id,
        orderId,
        chargeId: order.chargeId,
        ...split.split,
        reason,
        requestedBy: staffId,
        idempotencyKey: idempotencyKey ?? `refund-${id}`,
        status: 'requested',
        statement,
        requestedAt: now,
        updatedAt: now,
      })
      .returning();
    if (!inserted) throw new Error('refund insert returned nothing');
    if (options.audit) await options.audit(tx, { kind: 'requested', refund: toRefund(inserted), before: totalsOf(order, existing) });
    return { row: inserted, replay: false };
  });
  if (outcome.replay) {
    logger.info(
      { event: 'payment.refund.replayed', refundId: outcome.row.id, orderId },
      'refund request sent again: answered the refund made',
    );
    const totals = await refundTotals(orderId);
    if (!totals) throw new Error(`order ${orderId} vanished`);
    return { refund: toRefund(outcome.row), totals };
  }
  const row = outcome.row;
  logger.info(
    { event: 'payment.refund.requested', refundId: row.id, orderId, chargeId: row.chargeId, amount: row.amountYen, staffId },
    'refund requested',
  );

  const settled = await sendRefund(row, options);
  const totals = await refundTotals(orderId);
  if (!totals) throw new Error(`order ${orderId} vanished`);
  return { refund: toRefund(settled), totals };
}

function refundKeyReused(): AppError {
  return new AppError('idempotency_key_reused', {
    status: 409,
    message: '同じ送信キーで内容の異なる返金が送信されました。返金は行っていません。画面を読み込み直してから、もう一度入力してください。',
  });
}

/** Calls PAY.JP for the row (its own idempotency key) and records what the answer says. */
async function sendRefund(row: RefundRow, options: PayjpOptions): Promise<RefundRow> {
  const client = options.client ?? getPayjpClient();
  try {
    const charge = await client.charges.refund(row.chargeId, {
      amount: row.amountYen,
      reason: row.reason,
      idempotencyKey: row.idempotencyKey,
    });
    return await markSucceeded(row, charge.amount_refunded, options);
  } catch (error) {
    const code =
      error instanceof PayjpApiError ? (error.code ?? `http_${error.status}`) : error instanceof PayjpError ? error.kind : 'error';
    // PAY.JP refused (4xx) or the request never left: nothing was refunded.
    if (error instanceof PayjpError && !error.outcomeUnknown) return settleAs(row, 'failed', code, options.now);
    logger.warn({ err: error, event: 'payment.refund.unknown', refundId: row.id, orderId: row.orderId }, 'refund outcome unknown');
    return settleAs(row, 'unknown', code, options.now);
  }
}

/**
 * requested|unknown → succeeded, once: the transition's winner tells the caller. A refund another
 * path settled meanwhile is returned as it is.
 */
async function markSucceeded(
  row: RefundRow,
  amountRefunded: number,
  options: PayjpOptions,
  madeAt: Date | null = null,
): Promise<RefundRow> {
  const db = await getDb();
  const now = options.now ?? new Date();
  // settled_at is the refund's date (statement, accounting month): PAY.JP's when known, never later than now.
  const settledAt = madeAt && madeAt < now ? madeAt : now;
  const [won] = await db
    .update(refunds)
    .set({ status: 'succeeded', failureCode: null, payjpAmountRefunded: amountRefunded, settledAt, updatedAt: now })
    .where(and(eq(refunds.id, row.id), inArray(refunds.status, ['requested', 'unknown'])))
    .returning();
  if (!won) return current(row.id);
  logger.info(
    { event: 'payment.refund.succeeded', refundId: won.id, orderId: won.orderId, chargeId: won.chargeId, amount: won.amountYen },
    'refund succeeded',
  );
  await notify(won, now);
  return current(won.id);
}

async function settleAs(row: RefundRow, status: 'failed' | 'unknown', code: string, at?: Date): Promise<RefundRow> {
  const db = await getDb();
  const now = at ?? new Date();
  const [updated] = await db
    .update(refunds)
    .set({ status, failureCode: code.slice(0, 100), settledAt: status === 'failed' ? now : null, updatedAt: now })
    .where(and(eq(refunds.id, row.id), inArray(refunds.status, ['requested', 'unknown'])))
    .returning();
  if (updated) {
    logger.info(
      { event: `payment.refund.${status}`, refundId: row.id, orderId: row.orderId, failureCode: code },
      `refund ${status === 'failed' ? 'refused by PAY.JP' : 'outcome unknown'}`,
    );
    return updated;
  }
  return current(row.id);
}

async function current(id: string): Promise<RefundRow> {
  const db = await getDb();
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
  if (!row) throw new Error(`refund ${id} vanished`);
  return row;
}

/** Records the succeeded refund on the order and mails the member, and marks that it ran; a failure is retried by the reconciler. */
async function notify(row: RefundRow, now: Date): Promise<void> {
  try {
    await recordSucceededRefund(toRefund(row));
    const db = await getDb();
    await db.update(refunds).set({ notifiedAt: now, updatedAt: now }).where(eq(refunds.id, row.id));
  } catch (error) {
    logger.error({ err: error, event: 'payment.refund.notify_failed', refundId: row.id }, 'refund succeeded but its handler failed');
  }
}

// ── Refunds made outside hojin ──────────────────────────────────────────────────────

export type OutsideRefundOutcome =
  | { kind: 'recorded'; refund: Refund }
  /** Nothing refunded at PAY.JP beyond the refunds hojin has recorded (ours, or told before). */
  | { kind: 'none' }
  /** A refund of ours is requested or in doubt: whose the difference is cannot be told yet. */
  | { kind: 'in_flight' };

export interface OutsideRefundOptions {
  /** The audit row, in the transaction that records it (`made_outside`). */
  audit?: RefundAudit;
}

/**
 * A refund made outside hojin (PAY.JP's dashboard), told by the charge.refunded webhook: the
 * charge's `amount_refunded` beyond the refunds recorded for it is recorded as one refund of the
 * order that PAY.JP already made (`succeeded`, origin 'payjp', no manager), dated `refundedAt` —
 * PAY.JP's own time of it — so the accounting export puts it in the month PAY.JP made it.
 *
 * Under the order row's lock, as requestRefund: a refund of ours in flight (requested/unknown)
 * makes the difference unexplainable until it is settled, so nothing is recorded (`in_flight`; the
 * webhook is answered with an error and PAY.JP delivers it again). The row's idempotency key is
 * the charge and its amount_refunded: the same webhook twice, or two at once, record it once —
 * and a refund of ours that succeeded is in the sum, so it is never counted a second time.
 */
export async function recordOutsideRefund(
  orderId: string,
  charge: { id: string; amount_refunded: number; refund_reason: string | null },
  refundedAt: Date,
  options: OutsideRefundOptions = {},
): Promise<OutsideRefundOutcome> {
  const db = await getDb();
  const now = new Date();
  // PAY.JP's time, never later than ours: a clock ahead of ours must not date it in a month not begun.
  const madeAt = refundedAt < now ? refundedAt : now;
  const outcome = await db.transaction(async (tx): Promise<OutsideRefundOutcome> => {
    const order = await loadOrderForRefund(tx, orderId, true);
    // Only the order's own charge, once paid, has refunds of the order.
    if (!order?.paidAt || order.chargeId !== charge.id) return { kind: 'none' };
    const existing = await tx.select().from(refunds).where(eq(refunds.orderId, orderId));
    if (existing.some((r) => r.status === 'requested' || r.status === 'unknown')) return { kind: 'in_flight' };
    const succeeded = existing.filter((r) => r.status === 'succeeded');
    const recorded = succeeded.filter((r) => r.chargeId === charge.id).reduce((t, r) => t + r.amountYen, 0);
    const beyond = charge.amount_refunded - recorded;
    if (beyond <= 0) return { kind: 'none' };
    const split = splitRefund({ amountYen: beyond, remaining: remainingAfter(chargedParts(order), succeeded) });
    if (!split.ok) {
      logger.error(
        { event: 'payment.refund.outside_mismatch', orderId, chargeId: charge.id, amountRefundedAtPayjp: charge.amount_refunded, recorded },
        'PAY.JP refunded more than the order has left: not recorded, a person must look',
      );
      return { kind: 'none' };
    }
    const id = randomUUID();
    const statement = refundStatement(id, { ...order, paidAt: order.paidAt }, split.split);
    const reason = charge.refund_reason?.trim() ? charge.refund_reason.trim().slice(0, 255) : OUTSIDE_REFUND_LABEL;
    const [inserted] = await tx
      .insert(refunds)
      .values({
        id,
        orderId,
        chargeId: charge.id,
        ...split.split,
        reason,
        requestedBy: null,
        origin: 'payjp',
        idempotencyKey: `payjp-${charge.id}-${charge.amount_refunded}`,
        status: 'succeeded',
        payjpAmountRefunded: charge.amount_refunded,
        statement,
        requestedAt: madeAt,
        settledAt: madeAt,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: refunds.idempotencyKey })
      .returning();
    if (!inserted) return { kind: 'none' };
    if (options.audit) await options.audit(tx, { kind: 'made_outside', refund: toRefund(inserted), before: totalsOf(order, existing) });
    return { kind: 'recorded', refund: toRefund(inserted) };
  });
  if (outcome.kind !== 'recorded') return outcome;
  logger.info(
    { event: 'payment.refund.outside', refundId: outcome.refund.id, orderId, chargeId: charge.id, amount: outcome.refund.amountYen },
    'refund made outside hojin recorded',
  );
  await notify(await current(outcome.refund.id), new Date());
  return { kind: 'recorded', refund: toRefund(await current(outcome.refund.id)) };
}

// ── Reconciling ─────────────────────────────────────────────────────────────────────

/** What PAY.JP is called with: the client and the clock (tests give theirs). */
type PayjpOptions = Omit<RefundOptions, 'audit'>;

export interface RefundReconcileOptions extends PayjpOptions {
  /** Refunds younger than this are left to the request making them. */
  graceMs: number;
  leaseMs: number;
  limit?: number;
}

export interface RefundReconcileReport {
  claimed: number;
  settled: { refundId: string; from: RefundStatus; to: RefundStatus }[];
  notified: number;
}

/** How long after success a refund whose handler never finished is handed to it again. */
const NOTIFY_RETRY_MS = 5 * 60_000;

/**
 * One pass over refunds in doubt (`requested` older than the grace: the process died during the
 * call; `unknown`), each claimed with a lease as orders are (decision 0013), then the catch-up of
 * succeeded refunds whose handler did not finish.
 */
export async function reconcileRefunds(options: RefundReconcileOptions): Promise<RefundReconcileReport> {
  const now = options.now ?? new Date();
  const db = await getDb();
  const leaseUntil = new Date(now.getTime() + options.leaseMs);
  const limit = options.limit ?? 100;
  const claimable = (extra: ReturnType<typeof sql>) => sql`
    update refunds set reconcile_lease_until = ${leaseUntil.toISOString()}
    where id in (
      select id from refunds
      where ${extra}
        and (reconcile_lease_until is null or reconcile_lease_until < ${now.toISOString()})
      order by requested_at
      limit ${limit}
      for update skip locked
    )
    returning id`;
  // A `requested` refund may still have its request in flight (up to PAYJP_TIMEOUT_MS): it is only
  // taken as abandoned (the process died) a minute after that request would have given up, as a
  // `charging` order is (0013). An `unknown` one's request is over: the grace is enough.
  const requestedBefore = new Date(now.getTime() - Math.max(options.graceMs, getPayjpConfig().timeoutMs + 60_000));
  const unknownBefore = new Date(now.getTime() - options.graceMs);
  const claimedIds = await db.execute<{ id: string }>(
    claimable(
      sql`((status = 'requested' and requested_at < ${requestedBefore.toISOString()}) or (status = 'unknown' and requested_at < ${unknownBefore.toISOString()}))`,
    ),
  );
  const report: RefundReconcileReport = { claimed: 0, settled: [], notified: 0 };
  for (const { id } of rowsOf<{ id: string }>(claimedIds)) {
    report.claimed += 1;
    try {
      const before = await current(id);
      const after = await settleInDoubt(before, options);
      if (after.status !== before.status) report.settled.push({ refundId: id, from: before.status, to: after.status });
    } catch (error) {
      logger.error({ err: error, event: 'payment.refund.reconcile_error', refundId: id }, 'refund reconciler could not settle a refund');
    }
  }

  // Succeeded refunds whose recording step did not finish (a mail that failed, a process that died).
  const waiting = await db
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'succeeded'),
        isNull(refunds.notifiedAt),
        lt(refunds.settledAt, new Date(now.getTime() - NOTIFY_RETRY_MS)),
        or(isNull(refunds.reconcileLeaseUntil), lt(refunds.reconcileLeaseUntil, now)),
      ),
    )
    .limit(limit);
  for (const row of waiting) {
    // The lease keeps a second reconciler from handing the same refund over at the same time.
    const [mine] = await db
      .update(refunds)
      .set({ reconcileLeaseUntil: leaseUntil })
      .where(and(eq(refunds.id, row.id), or(isNull(refunds.reconcileLeaseUntil), lt(refunds.reconcileLeaseUntil, now))))
      .returning();
    if (!mine) continue;
    await notify(mine, now);
    if ((await current(mine.id)).notifiedAt) report.notified += 1;
  }
  return report;
}

function rowsOf<T>(result: unknown): T[] {
  // node-postgres answers { rows }, PGlite too; drizzle's execute passes the driver's result through.
  const rows = (result as { rows?: T[] }).rows;
  return Array.isArray(rows) ? rows : (result as T[]);
}

/**
 * Each refund PAY.JP made on the charge above `recorded` yen, oldest first: its amount, the level of
 * amount_refunded it reached, its time. PAY.JP has no refund object; each refund is one
 * charge.refunded event, its data the charge after it and its `created` when the refund was made.
 */
async function refundStepsAtPayjp(
  client: PayjpClient,
  chargeId: string,
  recorded: number,
): Promise<{ amountYen: number; level: number; at: Date }[]> {
  const events = await client.events.list({ resource_id: chargeId, type: 'charge.refunded', limit: 100 });
  const levels = events.data
    .map((e) => ({ level: (e.data as { amount_refunded?: unknown }).amount_refunded, at: new Date(e.created * 1000) }))
    .filter((e): e is { level: number; at: Date } => typeof e.level === 'number' && e.level > recorded)
    .sort((a, b) => a.level - b.level);
  let previous = recorded;
  return levels.map((e) => {
    const step = { amountYen: e.level - previous, level: e.level, at: e.at };
    previous = e.level;
    return step;
  });
}

/** When PAY.JP made the refund that brought the charge's amount_refunded to `level`; null when PAY.JP has no such event. */
async function refundTimeAtPayjp(client: PayjpClient, chargeId: string, level: number): Promise<Date | null> {
  const steps = await refundStepsAtPayjp(client, chargeId, 0);
  return steps.find((step) => step.level === level)?.at ?? null;
}

/** Decides a refund in doubt from the charge at PAY.JP, retrying with the same key only when it was not made. */
async function settleInDoubt(row: RefundRow, options: PayjpOptions): Promise<RefundRow> {
  const client = options.client ?? getPayjpClient();
  const charge = await client.charges.retrieve(row.chargeId);
  const db = await getDb();
  const [done] = await db
    .select({ total: sql<number>`coalesce(sum(${refunds.amountYen}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.chargeId, row.chargeId), eq(refunds.status, 'succeeded')));
  const beyondRecorded = charge.amount_refunded - (done?.total ?? 0);
  if (beyondRecorded === row.amountYen) {
    // Made at PAY.JP, maybe long ago: dated when PAY.JP made it (a 23:59 refund stays in its month).
    const madeAt = await refundTimeAtPayjp(client, row.chargeId, charge.amount_refunded).catch((error: unknown) => {
      logger.warn({ err: error, event: 'payment.refund.time_unknown', refundId: row.id }, 'refund time at PAY.JP not read: dated now');
      return null;
    });
    return markSucceeded(row, charge.amount_refunded, options, madeAt);
  }
  if (beyondRecorded === 0) {
    // Not made (the request never reached PAY.JP, or PAY.JP failed before refunding): send it
    // again with the same key — if the first request is still being worked on, PAY.JP answers
    // the repeat with its outcome instead of refunding twice.
    return sendRefund(row, options);
  }
  if (beyondRecorded > row.amountYen) {
    // Ours and a refund made outside hojin (the dashboard) meanwhile: PAY.JP's charge.refunded
    // events give each refund's step. One step of exactly ours is ours (two of the same amount are
    // alike but for their time); the other is recorded when its webhook comes (recordOutsideRefund).
    const steps = await refundStepsAtPayjp(client, row.chargeId, done?.total ?? 0).catch(() => []);
    const mine = steps.find((step) => step.amountYen === row.amountYen);
    if (mine && steps.reduce((t, step) => t + step.amountYen, 0) === beyondRecorded) {
      return markSucceeded(row, mine.level, options, mine.at);
    }
  }
  // Refunded at PAY.JP by something other than this service or data we cannot explain: a person
  // must look. The row stays in doubt, so no new refund can be made either.
  logger.error(
    {
      event: 'payment.refund.mismatch',
      refundId: row.id,
      orderId: row.orderId,
      chargeId: row.chargeId,
      amountRefundedAtPayjp: charge.amount_refunded,
      recordedYen: done?.total ?? 0,
      amount: row.amountYen,
    },
    'refund in doubt does not match the charge at PAY.JP',
  );
  return row;
}
