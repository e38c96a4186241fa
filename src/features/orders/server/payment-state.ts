import 'server-only';

import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';

import { orders, users } from '@db/schema';
import { getDb, type Db } from '@/server/db/client';
import { logger } from '@/server/logger';

import { PAYMENT_DEADLINE_MS } from '../constants';
import { RESUMABLE_STATUSES, SYSTEM_ACTOR, asOrderStatus, canTransitionPayment, type OrderActor, type OrderStatus } from '../schemas';
import { writeOrderEvent, type OrderRow } from './repository';

/**
 * The payment state machine's writes (security.md "Payments", docs/decisions/0008): the
 * compare-and-set transitions, the claim that allows a charge request, and the reconciler's
 * claim with its lease (docs/decisions/0013). The PAY.JP side — what a charge means for the
 * order — is the payments feature's (order-payment.ts); it changes an order only through here.
 *
 * Every transition is a compare-and-set inside a transaction holding the row lock
 * (SELECT … FOR UPDATE, then UPDATE), so two requests racing for one order make at most one
 * step; the step must be in PAYMENT_TRANSITIONS (schemas.ts). Reaching `paid` enters the
 * fulfilment flow as `accepted` in the same transaction, with one timeline row for each.
 */

export type PaymentPatch = Partial<
  Pick<OrderRow, 'payjpChargeId' | 'paidAt' | 'failureCode' | 'cardBrand' | 'cardLast4' | 'chargingStartedAt' | 'paymentMethod'>
> & { status: OrderStatus };

/**
 * What a transition also requires of the row besides its status (compare-and-set): a member's
 * cancel applies only to the attempt and charge they were shown, never to a newer one.
 */
export interface PaymentGuard {
  paymentAttempt?: number;
  payjpChargeId?: string | null;
}

export async function transitionPayment(
  orderId: string,
  from: readonly OrderStatus[],
  patch: PaymentPatch,
  actor: OrderActor = SYSTEM_ACTOR,
  guard: PaymentGuard = {},
  note: string | null = null,
): Promise<OrderRow | null> {
  const illegal = from.filter((f) => !canTransitionPayment(f, patch.status));
  // A caller asking for a step the table does not have is a bug, not a race: say so loudly.
  if (illegal.length > 0) throw new Error(`illegal payment transition ${illegal.join('|')} → ${patch.status}`);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!row || !from.includes(asOrderStatus(row.status))) return null;
    if (guard.paymentAttempt !== undefined && row.paymentAttempt !== guard.paymentAttempt) return null;
    if (guard.payjpChargeId !== undefined && row.payjpChargeId !== guard.payjpChargeId) return null;
    const now = new Date();
    const entersFulfilment = patch.status === 'paid' && row.fulfilmentStatus === null;
    const [updated] = await tx
      .update(orders)
      .set({ ...patch, ...(entersFulfilment ? { fulfilmentStatus: 'accepted' } : {}), updatedAt: now })
      .where(eq(orders.id, orderId))
      .returning();
    await writeOrderEvent(tx, orderId, actor, 'payment', {
      from: row.status,
      to: patch.status,
      at: now,
      note,
      data:
        patch.payjpChargeId || patch.failureCode ? { chargeId: patch.payjpChargeId ?? null, failureCode: patch.failureCode ?? null } : null,
    });
    if (entersFulfilment) await writeOrderEvent(tx, orderId, actor, 'fulfilment', { from: null, to: 'accepted', at: now });
    logger.info({ event: 'order.transition', orderId, from: row.status, to: patch.status }, 'order status changed');
    return updated ?? null;
  });
}

/**
 * A late return from an earlier attempt's 3-D Secure page whose charge the cardholder did
 * authenticate (0057): the order takes that charge as its current one — still 本人認証待ち, to be
 * finished by the caller — but only while it is exactly as the caller saw it (status 本人認証待ち or
 * お支払い未完了, the same attempt and charge), under the row lock. From then on the newer attempt's
 * charge is no longer the order's (isCurrentCharge) and is never finished. The attempt number
 * stays (numbers only grow); the timeline names both charges. Null when the order moved on.
 */
export async function adoptEarlierAttemptCharge(
  seen: Pick<OrderRow, 'id' | 'status' | 'paymentAttempt' | 'payjpChargeId'>,
  charge: { id: string; attempt: number; cardBrand: string | null; cardLast4: string | null },
  actor: OrderActor,
): Promise<OrderRow | null> {
  if (!RESUMABLE_STATUSES.includes(asOrderStatus(seen.status))) return null;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, seen.id)).for('update');
    if (!row || row.status !== seen.status || row.paymentAttempt !== seen.paymentAttempt || row.payjpChargeId !== seen.payjpChargeId) {
      return null;
    }
    if (charge.attempt >= row.paymentAttempt) return null;
    const now = new Date();
    const [updated] = await tx
      .update(orders)
      .set({
        status: 'awaiting_3ds',
        payjpChargeId: charge.id,
        failureCode: null,
        cardBrand: charge.cardBrand,
        cardLast4: charge.cardLast4,
        updatedAt: now,
      })
      .where(eq(orders.id, row.id))
      .returning();
    await writeOrderEvent(tx, row.id, actor, 'payment', {
      from: row.status,
      to: 'awaiting_3ds',
      at: now,
      note: 'earlier attempt completed',
      data: { attempt: charge.attempt, chargeId: charge.id, supersededChargeId: row.payjpChargeId, currentAttempt: row.paymentAttempt },
    });
    logger.info(
      { event: 'order.earlier_attempt_adopted', orderId: row.id, chargeId: charge.id, attempt: charge.attempt },
      'a late 3-D Secure return of an earlier attempt completes the order',
    );
    return updated ?? null;
  });
}

/** The part of a price the order stores (the purchase feature's PriceBreakdown satisfies it). */
export interface PriceSnapshotLike {
  totalYen: number;
  taxTotalYen: number;
  nonTaxableTotalYen: number;
  isFirstPurchase: boolean;
}

export type ChargeClaim<P extends PriceSnapshotLike> =
  | { claimed: OrderRow; repriced?: undefined; accountClosed?: undefined }
  | { claimed: null; repriced?: { before: OrderRow; price: P }; accountClosed?: boolean };

/**
 * pending → charging, the one step that allows a charge request, with the amount decided in the
 * same transaction: `price` re-prices the order (the purchase feature's first-purchase rule) after
 * the member's `users` row is locked, which serialises the member's claims, so of several orders
 * charged at once exactly one gets the first-purchase price (issue 11 §5). When the amount differs
 * from the one confirmed, the order keeps the new price (still pending) and nothing is claimed:
 * the caller refuses with 409 `price_changed`. `claimed: null` without `repriced`: another request
 * claimed the order first, or (`accountClosed`) the member has unregistered meanwhile — the same row
 * lock is held by the unregister's closing transaction while it checks for payments under way, so
 * a payment either blocks the unregister or finds the account closed (docs/decisions/0049).
 */
export async function claimForCharge<P extends PriceSnapshotLike>(
  order: Pick<OrderRow, 'id' | 'userId' | 'status' | 'paymentAttempt' | 'payjpChargeId'>,
  paymentMethod: 'registered_card' | 'new_card',
  price: (tx: Db, row: OrderRow) => Promise<P>,
  actor: OrderActor,
  options: { resume?: boolean } = {},
): Promise<ChargeClaim<P>> {
  const db = await getDb();
  return db.transaction(async (tx): Promise<ChargeClaim<P>> => {
    const [member] = await tx.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, order.userId)).for('update');
    if (!member || member.deletedAt) return { claimed: null, accountClosed: true };
    const [row] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
    if (!row) return { claimed: null };
    // お支払いを再開 (0023): only the unpaid order exactly as the caller checked it at PAY.JP — the
    // same status, attempt and charge — may start a new attempt; anything newer wins.
    const claimable = options.resume
      ? RESUMABLE_STATUSES.includes(asOrderStatus(row.status)) &&
        row.status === order.status &&
        row.paymentAttempt === order.paymentAttempt &&
        row.payjpChargeId === order.payjpChargeId
      : row.status === 'pending';
    if (!claimable) return { claimed: null };
    const from = asOrderStatus(row.status);
    const priced = await price(tx, row);
    const snapshot = {
      price: priced,
      amountYen: priced.totalYen,
      taxYen: priced.taxTotalYen,
      nonTaxableYen: priced.nonTaxableTotalYen,
      isFirstPurchase: priced.isFirstPurchase,
    };
    const now = new Date();
    const samePrice = priced.totalYen === row.amountYen && priced.isFirstPurchase === row.isFirstPurchase;
    if (priced.totalYen !== row.amountYen) {
      await tx
        .update(orders)
        .set({ ...snapshot, updatedAt: now })
        .where(eq(orders.id, row.id));
      await writeOrderEvent(tx, row.id, actor, 'payment', {
        from,
        to: from,
        note: 'repriced',
        data: { fromYen: row.amountYen, toYen: priced.totalYen, isFirstPurchase: priced.isFirstPurchase },
        at: now,
      });
      logger.info(
        { event: 'order.repriced', orderId: row.id, from: row.amountYen, to: priced.totalYen, isFirstPurchase: priced.isFirstPurchase },
        'order re-priced at charge time; nothing charged',
      );
      return { claimed: null, repriced: { before: row, price: priced } };
    }
    // A new attempt forgets the abandoned one's charge and outcome (its charge id stays in the
    // timeline row): the charge request carries the new attempt number as metadata.
    const attempt = options.resume
      ? { paymentAttempt: row.paymentAttempt + 1, payjpChargeId: null, failureCode: null, cardBrand: null, cardLast4: null }
      : {};
    const [updated] = await tx
      .update(orders)
      .set({ ...(samePrice ? {} : snapshot), ...attempt, status: 'charging', chargingStartedAt: now, paymentMethod, updatedAt: now })
      .where(eq(orders.id, row.id))
      .returning();
    await writeOrderEvent(tx, row.id, actor, 'payment', {
      from,
      to: 'charging',
      at: now,
      ...(options.resume
        ? { note: 'payment resumed', data: { attempt: row.paymentAttempt + 1, supersededChargeId: row.payjpChargeId } }
        : {}),
    });
    logger.info(
      { event: 'order.transition', orderId: row.id, from: row.status, to: 'charging', attempt: updated?.paymentAttempt },
      'order status changed',
    );
    if (!updated) throw new Error(`order ${row.id} vanished while locked`);
    return { claimed: updated };
  });
}

/** The confirmation mail of a paid order went out (not a state change: no timeline row). */
export async function markConfirmationMailSent(orderId: string, at: Date = new Date()): Promise<void> {
  const db = await getDb();
  await db.update(orders).set({ mailSentAt: at }).where(eq(orders.id, orderId));
}

// ---------------------------------------------------------------------------------------------
// The background reconciler's claim (docs/decisions/0013)

/** Unsettled states the reconciler settles with PAY.JP. */
const UNSETTLED: OrderStatus[] = ['charging', 'awaiting_3ds', 'unknown'];
/** A confirmation mail a crash left unsent is caught up only for orders marked paid this recently. */
const MAIL_CATCH_UP_MS = 24 * 60 * 60_000;
/**
 * …and only this long after being marked paid: the request that marked the order paid may still be
 * talking to the SMTP server (its timeouts add up to 40 s, src/server/mail/transport.ts), and a
 * catch-up then would be a second mail.
 */
const MAIL_IN_FLIGHT_MS = 5 * 60_000;

/**
 * Claims up to `limit` orders for one reconciler instance: unsettled orders whose charge request
 * went out more than `graceMs` ago, failed orders whose payment deadline passed (to be expired
 * after PAY.JP is asked, 0023), and paid orders whose confirmation mail is missing. One
 * statement: the candidates are locked with FOR UPDATE SKIP LOCKED and given a lease until
 * `leaseUntil`, so instances running at the same time (or the same instance twice) never claim
 * the same order, and an instance that dies leaves its orders to the next after the lease.
 * Works the same on PGlite and PostgreSQL: no session-level locks, no transaction held while
 * PAY.JP is called.
 */
export async function claimOrdersToReconcile(input: { now: Date; graceMs: number; leaseUntil: Date; limit: number }): Promise<OrderRow[]> {
  const db = await getDb();
  const settledBefore = new Date(input.now.getTime() - input.graceMs);
  const candidates = db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        or(
          and(inArray(orders.status, UNSETTLED), lte(sql`coalesce(${orders.chargingStartedAt}, ${orders.createdAt})`, settledBefore)),
          and(
            eq(orders.status, 'failed'),
            lte(sql`coalesce(${orders.chargingStartedAt}, ${orders.createdAt})`, new Date(input.now.getTime() - PAYMENT_DEADLINE_MS)),
          ),
          and(
            eq(orders.status, 'paid'),
            isNull(orders.mailSentAt),
            // Measured from when hojin marked it paid (updated_at), not paid_at: paid_at is PAY.JP's
            // time, which a late confirmation puts hours back while its mail is still being sent.
            lte(orders.updatedAt, new Date(input.now.getTime() - Math.max(input.graceMs, MAIL_IN_FLIGHT_MS))),
            gt(orders.updatedAt, new Date(input.now.getTime() - MAIL_CATCH_UP_MS)),
          ),
        ),
        or(isNull(orders.reconcileLeaseUntil), lte(orders.reconcileLeaseUntil, input.now)),
      ),
    )
    .orderBy(asc(orders.chargingStartedAt))
    .limit(input.limit)
    .for('update', { skipLocked: true });
  return db.update(orders).set({ reconcileLeaseUntil: input.leaseUntil }).where(inArray(orders.id, candidates)).returning();
}
