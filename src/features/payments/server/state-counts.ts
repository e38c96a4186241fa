import 'server-only';

import { count } from 'drizzle-orm';

import { refunds } from '@db/schema';
import { orderStatusCounts } from '@/features/orders/index.server';
import { getDb } from '@/server/db/client';

/**
 * How many orders and refunds are in each state (the metrics, read when scraped; issue 28 §3): two
 * grouped counts over the status columns (the orders' from the orders feature, their owner). An order stuck in `charging` or a refund in `unknown`
 * that does not go down is what the reconciler could not settle (docs/operations.md).
 */
export async function paymentStateCounts(): Promise<{ orders: Record<string, number>; refunds: Record<string, number> }> {
  const db = await getDb();
  const [byOrder, byRefund] = await Promise.all([
    orderStatusCounts(),
    db.select({ status: refunds.status, n: count() }).from(refunds).groupBy(refunds.status),
  ]);
  return {
    orders: byOrder,
    refunds: Object.fromEntries(byRefund.map((r) => [r.status, r.n])),
  };
}
