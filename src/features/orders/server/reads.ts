import 'server-only';

import { and, asc, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';

import { orders, users } from '@db/schema';
import { getDb, type Db } from '@/server/db/client';

import { fulfilmentQueueOrder } from './fulfilment-state';
import type { OrderRow } from './repository';

/**
 * The orders table read for other features (issue 25 §2: one owner reads and writes it; the
 * ownership test fails on a read anywhere else). Each function is what one caller needs, moved here
 * from it unchanged: payments' refunds, the back office's queue and its accounting export.
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The order facts a refund needs; `lock` takes the order row's lock for the rest of the transaction. */
export async function loadOrderForRefund(tx: Tx, orderId: string, lock: boolean) {
  const query = tx
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      userId: orders.userId,
      amountYen: orders.amountYen,
      taxYen: orders.taxYen,
      nonTaxableYen: orders.nonTaxableYen,
      paidAt: orders.paidAt,
      chargeId: orders.payjpChargeId,
      price: orders.price,
      receiptRecipient: orders.receiptRecipient,
      recipient: orders.recipient,
      companyName: orders.companyName,
      corporateNumber: orders.corporateNumber,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  const [order] = lock ? await query.for('update') : await query;
  return order;
}

/** What the order was charged; undefined for an order that does not exist. */
export async function orderAmountOf(orderId: string): Promise<{ amountYen: number } | undefined> {
  const db = await getDb();
  const [order] = await db.select({ amountYen: orders.amountYen }).from(orders).where(eq(orders.id, orderId));
  return order;
}

/** Whether the order exists and is this member's. */
export async function isOrderOfMember(orderId: string, userId: string): Promise<boolean> {
  const db = await getDb();
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return order !== undefined;
}

/** The open queue's counts (issue 24 §3): 未対応・速達・期限超過 (`today`: YYYY-MM-DD in Japan). */
export async function openQueueCounts(today: string): Promise<{ untouched: number; express: number; overdue: number } | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({
      untouched: sql<number>`count(*) filter (where ${orders.fulfilmentStatus} = 'accepted')`.mapWith(Number),
      express: sql<number>`count(*) filter (where ${orders.deliverySpeed} = 'express')`.mapWith(Number),
      overdue: sql<number>`count(*) filter (where ${orders.scheduledEndDate} < ${today})`.mapWith(Number),
    })
    .from(orders)
    .where(inArray(orders.fulfilmentStatus, ['accepted', 'requested']));
  return row;
}

/** Every 受付済み order, in the queue's order (express first, then by the last promised day). */
export async function acceptedOrdersInQueueOrder(): Promise<OrderRow[]> {
  const db = await getDb();
  return db
    .select()
    .from(orders)
    .where(eq(orders.fulfilmentStatus, 'accepted'))
    .orderBy(...fulfilmentQueueOrder);
}

/** Orders paid in [from, to), by `paid_at`, with the member's e-mail (null once the member is gone). */
export async function paidOrdersBetween(from: Date, to: Date): Promise<{ order: OrderRow; memberEmail: string | null }[]> {
  const db = await getDb();
  return db
    .select({ order: orders, memberEmail: users.email })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orders.status, 'paid'), gte(orders.paidAt, from), lt(orders.paidAt, to)))
    .orderBy(asc(orders.paidAt), asc(orders.id));
}

/** The number, company and member's e-mail of these orders (the accounting export's refund rows). */
export async function orderLabelsOf(
  orderIds: string[],
): Promise<{ id: string; orderNumber: string; companyName: string; memberEmail: string | null }[]> {
  if (orderIds.length === 0) return [];
  const db = await getDb();
  return db
    .select({ id: orders.id, orderNumber: orders.orderNumber, companyName: orders.companyName, memberEmail: users.email })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(inArray(orders.id, orderIds));
}

/** How many orders are in each status (the metrics, read when scraped; issue 28 §3): one grouped count. */
export async function orderStatusCounts(): Promise<Record<string, number>> {
  const db = await getDb();
  const rows = await db.select({ status: orders.status, n: count() }).from(orders).groupBy(orders.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}
