import 'server-only';

import { and, asc, count, desc, eq, inArray, lte, ne } from 'drizzle-orm';

import { orderEvents, orders, users } from '@db/schema';
import { getDb, type Db } from '@/server/db/client';
import { AppError } from '@/server/http/app-error';
import { logger } from '@/server/logger';

import { DRAFT_ORDERS_PER_MEMBER, DRAFT_ORDER_MAX_AGE_MS, TOO_MANY_DRAFTS_MESSAGE } from '../constants';
import { ORDER_NUMBER_LONG_RANDOM_LENGTH, ORDER_NUMBER_RANDOM_LENGTH, newOrderNumber } from '../order-number';
import type { OrderActor, OrderEventKind } from '../schemas';

/**
 * The orders table's one owner (issue 12 §1, conventions.md §13). Every read other features need
 * and every write goes through src/features/orders/server; a test (tests/unit/orders-ownership)
 * fails when code elsewhere in src/ writes `orders`. State changes (payment-state.ts,
 * fulfilment-state.ts) write their `order_events` row in the same transaction as the change.
 */

export type OrderRow = typeof orders.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;
type NewOrderRow = typeof orders.$inferInsert;

/** The timeline row of a change, written with the change (same transaction `tx`). */
export async function writeOrderEvent(
  tx: Db,
  orderId: string,
  actor: OrderActor,
  kind: OrderEventKind,
  change: { from?: string | null; to?: string | null; note?: string | null; data?: Record<string, unknown> | null; at?: Date },
): Promise<void> {
  await tx.insert(orderEvents).values({
    orderId,
    kind,
    actorType: actor.type,
    actorId: actor.type === 'system' ? null : actor.id,
    fromStatus: change.from ?? null,
    toStatus: change.to ?? null,
    note: change.note ?? null,
    data: change.data ?? null,
    ...(change.at ? { at: change.at } : {}),
  });
}

export const ORDER_NOT_FOUND_MESSAGE = 'ご注文が見つかりませんでした。';

/** What order creation decides (the purchase feature): everything but the payment and fulfilment columns. */
export type NewOrder = Pick<
  NewOrderRow,
  | 'idempotencyKey'
  | 'corporateNumber'
  | 'companyName'
  | 'companyKind'
  | 'companyAddress'
  | 'deliverySpeed'
  | 'scheduledStartDate'
  | 'scheduledEndDate'
  | 'items'
  | 'price'
  | 'amountYen'
  | 'taxYen'
  | 'nonTaxableYen'
  | 'isFirstPurchase'
  | 'recipient'
  | 'destinationZipCode'
  | 'destinationPrefecture'
  | 'destinationCity'
  | 'destinationStreet'
  | 'destinationApartmentEtc'
  | 'receiptRecipient'
>;

/** How many numbers are drawn before giving up: at 0.41 % a clash (decision 0025), eight in a row never happen. */
const ORDER_NUMBER_ATTEMPTS = 8;
/** After this many clashes in a row the month's five-character numbers are crowded: draw the long form (0058). */
const ORDER_NUMBER_SHORT_ATTEMPTS = 3;

/**
 * A pending order of the member, numbered (`HJ-YYMM-XXXXX`, decision 0025), with its `pending`
 * timeline row. The same idempotency key answers the order already made (double click, retried
 * request), also when a concurrent request with that key won the insert. A drawn number already
 * taken makes the insert do nothing too (ON CONFLICT covers both unique indexes); with no order
 * under the key, the number is drawn again. `nextNumber` is for tests that force a clash.
 */
export async function insertOrder(
  userId: string,
  order: NewOrder,
  now: Date = new Date(),
  nextNumber: (at: Date, length: number) => string = (at, length) => newOrderNumber(at, undefined, length),
): Promise<OrderRow> {
  const db = await getDb();
  for (let attempt = 1; attempt <= ORDER_NUMBER_ATTEMPTS; attempt++) {
    const orderNumber = nextNumber(
      now,
      attempt <= ORDER_NUMBER_SHORT_ATTEMPTS ? ORDER_NUMBER_RANDOM_LENGTH : ORDER_NUMBER_LONG_RANDOM_LENGTH,
    );
    const inserted = await db.transaction(async (tx) => {
      // The member's drafts are counted under the member's row lock (the lock every charge claim of
      // the member takes too), so requests at once cannot pass the limit together (0058).
      const [member] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      if (!member) throw new AppError('unauthorized');
      const [same] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, order.idempotencyKey)))
        .limit(1);
      if (!same) {
        const [drafts] = await tx
          .select({ n: count() })
          .from(orders)
          .where(and(eq(orders.userId, userId), eq(orders.status, 'pending')));
        if ((drafts?.n ?? 0) >= DRAFT_ORDERS_PER_MEMBER) {
          throw new AppError('too_many_drafts', { status: 429, message: TOO_MANY_DRAFTS_MESSAGE });
        }
      }
      const [row] = await tx
        .insert(orders)
        .values({ ...order, orderNumber, userId, status: 'pending', createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning();
      if (row) await writeOrderEvent(tx, row.id, { type: 'member', id: userId }, 'payment', { from: null, to: 'pending', at: now });
      return row;
    });
    if (inserted) return inserted;
    const winner = await findOrderByIdempotencyKey(userId, order.idempotencyKey);
    if (winner) return winner;
    logger.warn({ event: 'order.number_clash', attempt }, 'order number already taken; drawing another');
  }
  logger.error({ event: 'order.number_exhausted', attempts: ORDER_NUMBER_ATTEMPTS }, 'no free order number');
  throw new AppError('service_unavailable', {
    status: 503,
    message: 'ただいまご注文を受け付けられません。時間をおいてもう一度お試しください（料金は請求されていません）。',
  });
}

/**
 * Deletes up to `limit` drafts older than DRAFT_ORDER_MAX_AGE_MS (decision 0023, amendment): orders
 * still `pending`, i.e. never sent to PAY.JP — no charge, no money, no receipt, not a transaction
 * record (domain.md §5 keeps those 7 years) — with their one timeline row. The drafts are locked
 * FOR UPDATE SKIP LOCKED and deleted only while still `pending`, so a draft being sent at the same
 * moment (claimForCharge holds its row) is left alone. Returns the ids deleted.
 */
export async function deleteStaleDrafts(input: { now: Date; limit: number }): Promise<string[]> {
  const db = await getDb();
  const cutoff = new Date(input.now.getTime() - DRAFT_ORDER_MAX_AGE_MS);
  return db.transaction(async (tx) => {
    const stale = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.status, 'pending'), lte(orders.createdAt, cutoff)))
      .orderBy(asc(orders.createdAt))
      .limit(input.limit)
      .for('update', { skipLocked: true });
    if (stale.length === 0) return [];
    const ids = stale.map((r) => r.id);
    await tx.delete(orderEvents).where(inArray(orderEvents.orderId, ids));
    const deleted = await tx
      .delete(orders)
      .where(and(inArray(orders.id, ids), eq(orders.status, 'pending')))
      .returning({ id: orders.id });
    return deleted.map((r) => r.id);
  });
}

/** The order with this number (canonical `HJ-YYMM-XXXXX`, see parseOrderNumberInput), any status. */
export async function findOrderByNumber(orderNumber: string): Promise<OrderRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber)).limit(1);
  return row;
}

/** The numbers of many orders by id (the accounting export's refund rows). */
export async function orderNumbersOf(orderIds: readonly string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(inArray(orders.id, [...new Set(orderIds)]));
  return new Map(rows.map((r) => [r.id, r.orderNumber]));
}

export async function findOrderByIdempotencyKey(userId: string, key: string): Promise<OrderRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return row;
}

export async function findOrder(orderId: string): Promise<OrderRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

/** The order as it is now; it must exist (orders are never deleted). */
export async function reloadOrder(orderId: string): Promise<OrderRow> {
  const row = await findOrder(orderId);
  if (!row) throw new Error(`order ${orderId} vanished`);
  return row;
}

/** An order of this member, or 404 (another member's order is indistinguishable from none). */
export async function getOwnOrder(userId: string, orderId: string): Promise<OrderRow> {
  const row = await findOrder(orderId);
  if (row?.userId !== userId) throw new AppError('not_found', { message: ORDER_NOT_FOUND_MESSAGE });
  return row;
}

/** The member's newest order (any status), or undefined. */
export async function latestOrder(userId: string): Promise<OrderRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id)).limit(1);
  return row;
}

/** The order a PAY.JP charge belongs to: by the recorded charge id, else by its metadata.order_id. */
export async function findOrderOfCharge(chargeId: string, metadataOrderId: string | undefined): Promise<OrderRow | undefined> {
  const db = await getDb();
  const [byCharge] = await db.select().from(orders).where(eq(orders.payjpChargeId, chargeId));
  if (byCharge) return byCharge;
  if (!metadataOrderId || !/^[0-9a-f-]{36}$/.test(metadataOrderId)) return undefined;
  return findOrder(metadataOrderId);
}

/** A paid order of this member (receipts are issued only for these), or null. */
export async function findPaidOrderOfMember(userId: string, orderId: string): Promise<(OrderRow & { paidAt: Date }) | null> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!row || row.status !== 'paid' || !row.paidAt) return null;
  return { ...row, paidAt: row.paidAt };
}

/**
 * One page of a member's orders, newest first, without drafts (`pending`: created on the
 * confirmation page but never sent to PAY.JP). OFFSET paging on purpose: the page number is in
 * the URL, a member has tens of orders, and orders_user_created_idx (user_id, created_at, id)
 * serves both the count and the page.
 */
export async function listMemberOrders(userId: string, page: { page: number; size: number }): Promise<{ total: number; rows: OrderRow[] }> {
  const db = await getDb();
  const mine = and(eq(orders.userId, userId), ne(orders.status, 'pending'));
  const [totals] = await db.select({ total: count() }).from(orders).where(mine);
  const rows = await db
    .select()
    .from(orders)
    .where(mine)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(page.size)
    .offset((page.page - 1) * page.size);
  return { total: totals?.total ?? 0, rows };
}

/** The order's timeline, oldest first (the back office's order detail). */
export async function listOrderEvents(orderId: string): Promise<OrderEventRow[]> {
  const db = await getDb();
  return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.id);
}
