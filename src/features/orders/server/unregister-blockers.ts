import 'server-only';

import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';

import { orders, refunds } from '@db/schema';
import { getDb, type Db } from '@/server/db/client';

import type { FulfilmentStatus } from '../fulfilment';
import { RESUMABLE_STATUSES, asOrderStatus, type OrderStatus } from '../schemas';

/** Paid orders not yet posted: the shipping mail is still to come. */
const NOT_YET_SHIPPED: readonly FulfilmentStatus[] = ['accepted', 'requested'];

/**
 * Payments under way (docs/decisions/0049): the charge request sent (charging), the charge created
 * and the member not back from 3-D Secure (awaiting_3ds), or the outcome being confirmed with
 * PAY.JP (unknown). Each can still become paid; the member finishes or cancels it first.
 */
const PAYING: readonly OrderStatus[] = ['charging', 'awaiting_3ds', 'unknown'];

/** The orders that keep a member from leaving (the accounts feature's UnregisterBlock, by shape). */
export interface OrdersBlockingUnregister {
  inProgress: string[];
  paying: { orderNumber: string; paymentId: string; resumable: boolean }[];
}

/**
 * The member's orders that keep them from leaving (docs/decisions/0050, 0049), oldest first:
 * - `inProgress`: paid but not yet shipped (受付済み・法務局へ請求済み), or with a refund asked of
 *   PAY.JP and not yet settled (requested / unknown) — unregistering deletes the e-mail address
 *   the shipping and refund mails go to;
 * - `paying`: a payment still under way (PAYING).
 * `db`: the unregister's closing transaction, which holds the member's row lock.
 */
export async function ordersBlockingUnregister(userId: string, db?: Db): Promise<OrdersBlockingUnregister> {
  const executor = db ?? (await getDb());
  const rows = await executor
    .select({ orderNumber: orders.orderNumber, paymentId: orders.id, status: orders.status })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        or(
          inArray(orders.fulfilmentStatus, [...NOT_YET_SHIPPED]),
          inArray(orders.status, [...PAYING]),
          sql`exists (select 1 from ${refunds} where ${refunds.orderId} = ${orders.id} and ${refunds.status} in ('requested', 'unknown'))`,
        ),
      ),
    )
    .orderBy(asc(orders.createdAt));
  const paying = rows.filter((r) => PAYING.includes(asOrderStatus(r.status)));
  return {
    inProgress: rows.filter((r) => !PAYING.includes(asOrderStatus(r.status))).map((r) => r.orderNumber),
    paying: paying.map((r) => ({
      orderNumber: r.orderNumber,
      paymentId: r.paymentId,
      resumable: RESUMABLE_STATUSES.includes(asOrderStatus(r.status)),
    })),
  };
}
