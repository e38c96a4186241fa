import 'server-only';

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
  receiptAddresseeOf,
  receiptPath,
  refundStatementPath,
  trackingUrl,
} from '@/features/orders';
import type { OrderRow } from '@/features/orders/index.server';
import { listMemberOrders, resumability } from '@/features/orders/index.server';
import { listSucceededRefunds, withTodaysPrices } from '@/features/payments/index.server';

import { RECEIPT_REISSUE_MAX } from '../constants';
import type { PaymentHistoryPage, PaymentHistoryQuery, PaymentHistoryRow } from '../schemas';
import { receiptStatesOf, type IssuedReceiptState } from './issue-receipt';

/**
 * One page of a member's orders, newest first (issue 8), from the orders feature (drafts left
 * out), with whether each already has a receipt (receipts' own table).
 */
export async function listPaymentHistory(userId: string, { page, size }: PaymentHistoryQuery): Promise<PaymentHistoryPage> {
  const { total, rows: stored } = await listMemberOrders(userId, { page, size });
  // Unpaid attempts at the price paying them again would charge today (payments' one rule, 0058).
  const rows = await withTodaysPrices(stored);
  const ids = rows.map((r) => r.id);
  // receipts' and receipt_reissues' primary keys (order_id …) serve these lookups
  const issued = await receiptStatesOf(ids);
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
        orderNumber: row.orderNumber,
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
        receiptAddressee: receiptAddresseeOf(row),
        receipt: receiptOf(issued.get(row.id)),
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

/** The history's view of an issued receipt. */
function receiptOf(state: IssuedReceiptState | undefined): PaymentHistoryRow['receipt'] {
  if (!state) return null;
  return {
    serialNumber: state.serialNumber,
    issuedAt: state.issuedAt.toISOString(),
    reissue: state.reissue ? { number: state.reissue.number, at: state.reissue.at.toISOString(), reason: state.reissue.reason } : null,
    reissuesLeft: Math.max(0, RECEIPT_REISSUE_MAX - state.reissues),
  };
}
