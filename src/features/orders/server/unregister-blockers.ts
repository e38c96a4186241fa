import 'server-only';

import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';

import { orders, refunds } from '@db/schema';
import { getDb } from '@/server/db/client';

import type { FulfilmentStatus } from '../fulfilment';

/** Paid orders not yet posted: the shipping mail is still to come. */
const NOT_YET_SHIPPED: readonly FulfilmentStatus[] = ['accepted', 'requested'];

/**
 * The member's orders still in progress, which keep them from leaving (docs/decisions/0050): paid
 * but not yet shipped (受付済み・法務局へ請求済み), or with a refund asked of PAY.JP and not yet
 * settled (requested / unknown). Unregistering deletes the e-mail address the shipping and refund
 * mails go to. Their order numbers, oldest first.
 */
export async function ordersBlockingUnregister(userId: string): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .select({ orderNumber: orders.orderNumber })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        or(
          inArray(orders.fulfilmentStatus, [...NOT_YET_SHIPPED]),
          sql`exists (select 1 from ${refunds} where ${refunds.orderId} = ${orders.id} and ${refunds.status} in ('requested', 'unknown'))`,
        ),
      ),
    )
    .orderBy(asc(orders.createdAt));
  return rows.map((r) => r.orderNumber);
}
