import 'server-only';

import { paymentDeadline } from '../constants';
import { receiptPath } from '../download-paths';
import { PAYMENT_STATUS_LABELS, RESUMABLE_STATUSES, asOrderStatus, type Destination, type OrderPrice, type OrderStatus } from '../schemas';
import type { OrderRow } from './repository';

/** An order as the member's completion page reads it (GET /api/payments/latest). */
export interface OrderView {
  paymentId: string;
  /** what the member quotes: `HJ-2611-4K7QX` (decision 0025) */
  orderNumber: string;
  status: OrderStatus;
  statusLabel: string;
  /** what the state means for the member (the orders feature's label table), or null */
  statusMeaning: string | null;
  /**
   * 本人認証待ち / お支払い未完了 before the payment deadline: the member may pay it again or
   * cancel it (docs/decisions/0023); `paymentDeadline` is when that ends (ISO), else null.
   */
  resumable: boolean;
  paymentDeadline: string | null;
  /**
   * The payment attempt the page shows (1, 2, … — each お支払いを再開 is one more); the page sends it
   * back with a retry, so a retry from a page that saw an older attempt never starts another (0057).
   */
  paymentAttempt: number;
  createdAt: string;
  paidAt: string | null;
  company: { corporateNumber: string; name: string };
  lines: OrderPrice['lines'];
  taxRates: OrderPrice['taxRates'];
  nonTaxableTotalYen: number;
  taxTotalYen: number;
  totalYen: number;
  isFirstPurchase: boolean;
  deliverySpeed: 'normal' | 'express';
  scheduledStartDate: string;
  scheduledEndDate: string;
  destination: Destination;
  card: { brand: string; last4: string } | null;
  failureCode: string | null;
  /** `/api/download/receipt/{paymentId}.pdf` once paid (docs/api.md), else null */
  receiptUrl: string | null;
}

/** Whether the member may still pay this order again or cancel it, and until when (0023). */
export function resumability(row: OrderRow, now: Date = new Date()): { resumable: boolean; paymentDeadline: string | null } {
  if (!RESUMABLE_STATUSES.includes(asOrderStatus(row.status))) return { resumable: false, paymentDeadline: null };
  const deadline = paymentDeadline(row);
  return { resumable: now < deadline, paymentDeadline: deadline.toISOString() };
}

export function toOrderView(row: OrderRow, now: Date = new Date()): OrderView {
  const price = row.price as OrderPrice;
  const status = asOrderStatus(row.status);
  return {
    paymentId: row.id,
    orderNumber: row.orderNumber,
    status,
    statusLabel: PAYMENT_STATUS_LABELS[status].payment,
    statusMeaning: PAYMENT_STATUS_LABELS[status].meaning ?? null,
    ...resumability(row, now),
    paymentAttempt: row.paymentAttempt,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    company: { corporateNumber: row.corporateNumber, name: row.companyName },
    lines: price.lines,
    taxRates: price.taxRates,
    nonTaxableTotalYen: row.nonTaxableYen,
    taxTotalYen: row.taxYen,
    totalYen: row.amountYen,
    isFirstPurchase: row.isFirstPurchase,
    deliverySpeed: row.deliverySpeed === 'express' ? 'express' : 'normal',
    scheduledStartDate: row.scheduledStartDate,
    scheduledEndDate: row.scheduledEndDate,
    destination: {
      recipient: row.recipient,
      destinationZipCode: row.destinationZipCode,
      destinationPrefecture: row.destinationPrefecture,
      destinationCity: row.destinationCity,
      destinationStreet: row.destinationStreet,
      destinationApartmentEtc: row.destinationApartmentEtc,
      receiptRecipient: row.receiptRecipient,
    },
    card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
    failureCode: row.failureCode,
    receiptUrl: status === 'paid' ? receiptPath(row.id) : null,
  };
}
