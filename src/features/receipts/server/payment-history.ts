import 'server-only';

import { inArray } from 'drizzle-orm';

import { receipts } from '@db/schema';
import {
  CARRIERS,
  DELIVERY_SPEED_LABELS,
  OrderPriceSchema,
  PAYMENT_STATUS_LABELS,
  asOrderStatus,
  fulfilmentLabel,
  isCarrier,
  isFulfilmentStatus,
  orderedCertificates,
  progressOf,
  trackingUrl,
} from '@/features/orders';
import type { OrderRow } from '@/features/orders/server';
import { listMemberOrders, resumability } from '@/features/orders/server';
import { listSucceededRefunds } from '@/features/payments/server';
import { getDb } from '@/server/db/client';

import { refundStatementPath } from '../refund-statement';
import { receiptPath, type PaymentHistoryPage, type PaymentHistoryQuery, type PaymentHistoryRow } from '../schemas';

/**
 * One page of a member's orders, newest first (issue 8), from the orders feature (drafts left
 * out), with whether each already has a receipt (receipts' own table).
 */
export async function listPaymentHistory(userId: string, { page, size }: PaymentHistoryQuery): Promise<PaymentHistoryPage> {
  const { total, rows } = await listMemberOrders(userId, { page, size });
  const db = await getDb();
  const ids = rows.map((r) => r.id);
  // receipts' primary key (order_id) serves this lookup
  const issued = new Set(
    ids.length === 0
      ? []
      : (await db.select({ orderId: receipts.orderId }).from(receipts).where(inArray(receipts.orderId, ids))).map((r) => r.orderId),
  );
  // The payments feature owns the refunds table: one query for the page's orders.
  const refunded = await listSucceededRefunds(ids);
  const now = new Date();

  return {
    page,
    size,
    total,
    totalPages: Math.max(1, Math.ceil(total / size)),
    histories: rows.map((row) => {
      const status = asOrderStatus(row.status);
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
        isFirstPurchase: row.isFirstPurchase && status !== 'failed' && status !== 'expired' && status !== 'cancelled',
        deliverySpeed: row.deliverySpeed,
        deliverySpeedLabel: DELIVERY_SPEED_LABELS[row.deliverySpeed] ?? row.deliverySpeed,
        orderStatus: status,
        orderStatusLabel:
          paid && isFulfilmentStatus(row.fulfilmentStatus)
            ? fulfilmentLabel(row.fulfilmentStatus, row.refundedYen)
            : PAYMENT_STATUS_LABELS[status].order,
        paymentStatusLabel: PAYMENT_STATUS_LABELS[status].payment,
        statusMeaning: paid ? null : (PAYMENT_STATUS_LABELS[status].meaning ?? null),
        ...resumability(row, now),
        receiptUrl: paid ? receiptPath(row.id) : null,
        receiptIssued: issued.has(row.id),
        fulfilment: paid ? fulfilmentOf(row) : null,
        refunds: (refunded.get(row.id) ?? []).map((r) => ({
          refundId: r.id,
          amountYen: r.amountYen,
          refundedAt: (r.settledAt ?? r.requestedAt).toISOString(),
          statementUrl: refundStatementPath(r.id),
        })),
      };
    }),
  };
}

/** The fulfilment part of a history row: the orders feature's labels, steps and tracking link. */
function fulfilmentOf(row: OrderRow): PaymentHistoryRow['fulfilment'] {
  if (!isFulfilmentStatus(row.fulfilmentStatus)) return null;
  const status = row.fulfilmentStatus;
  return {
    status,
    label: fulfilmentLabel(status, row.refundedYen),
    steps: progressOf(status, {
      requested: row.requestedAt !== null,
      shipped: row.shippedAt !== null,
      completed: row.completedAt !== null,
    }),
    shipment:
      row.trackingNumber && isCarrier(row.carrier)
        ? {
            carrierLabel: CARRIERS[row.carrier].label,
            trackingNumber: row.trackingNumber,
            trackingUrl: trackingUrl(row.carrier, row.trackingNumber),
          }
        : null,
    refundedYen: row.refundedYen,
  };
}
