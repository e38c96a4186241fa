import 'server-only';

import { and, count, desc, eq, ne } from 'drizzle-orm';

import { orders, receipts } from '@db/schema';
import { getDb } from '@/server/db/client';

import {
  DELIVERY_SPEED_LABELS,
  ORDER_STATUSES,
  STATUS_LABELS,
  receiptPath,
  type OrderStatus,
  type PaymentHistoryPage,
  type PaymentHistoryQuery,
} from '../schemas';
import { OrderPriceSchema, orderedCertificates } from './order-price';

function asStatus(value: string): OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value) ? (value as OrderStatus) : 'unknown';
}

/**
 * One page of a member's orders, newest first (issue 8). Orders still `pending` — created on
 * the confirmation page but never sent to PAY.JP — are drafts, not payments, and are left out.
 *
 * OFFSET paging (not keyset, conventions.md §6) on purpose: the page number is in the URL
 * (`?page=2`, survives reload), a member has tens of orders, and the index
 * orders_user_created_idx (user_id, created_at, id) serves both the count and the page.
 */
export async function listPaymentHistory(userId: string, { page, size }: PaymentHistoryQuery): Promise<PaymentHistoryPage> {
  const db = await getDb();
  const mine = and(eq(orders.userId, userId), ne(orders.status, 'pending'));
  const [totals] = await db.select({ total: count() }).from(orders).where(mine);
  const total = totals?.total ?? 0;
  const rows = await db
    .select({
      id: orders.id,
      status: orders.status,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
      companyName: orders.companyName,
      corporateNumber: orders.corporateNumber,
      items: orders.items,
      price: orders.price,
      amountYen: orders.amountYen,
      isFirstPurchase: orders.isFirstPurchase,
      deliverySpeed: orders.deliverySpeed,
      receiptSerial: receipts.serialNumber,
    })
    .from(orders)
    .leftJoin(receipts, eq(receipts.orderId, orders.id))
    .where(mine)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(size)
    .offset((page - 1) * size);

  return {
    page,
    size,
    total,
    totalPages: Math.max(1, Math.ceil(total / size)),
    histories: rows.map((row) => {
      const status = asStatus(row.status);
      const paid = status === 'paid';
      return {
        paymentId: row.id,
        orderedAt: row.createdAt.toISOString(),
        paidAt: paid && row.paidAt ? row.paidAt.toISOString() : null,
        companyName: row.companyName,
        corporateNumber: row.corporateNumber,
        items: orderedCertificates(row.items, OrderPriceSchema.parse(row.price)),
        amountYen: row.amountYen,
        // A failed or expired order was priced first-purchase but never charged: it carries nothing.
        isFirstPurchase: row.isFirstPurchase && status !== 'failed' && status !== 'expired',
        deliverySpeed: row.deliverySpeed,
        deliverySpeedLabel: DELIVERY_SPEED_LABELS[row.deliverySpeed] ?? row.deliverySpeed,
        orderStatus: status,
        orderStatusLabel: STATUS_LABELS[status].order,
        paymentStatusLabel: STATUS_LABELS[status].payment,
        receiptUrl: paid ? receiptPath(row.id) : null,
        receiptIssued: row.receiptSerial !== null,
      };
    }),
  };
}
