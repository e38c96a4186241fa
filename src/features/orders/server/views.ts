import 'server-only';

import { PAYMENT_STATUS_LABELS, asOrderStatus, type OrderPrice, type OrderStatus } from '../schemas';
import type { OrderRow } from './repository';

/** An order as the member's completion page reads it (GET /api/payments/latest). */
export interface OrderView {
  paymentId: string;
  /** what the member quotes: `HJ-2611-4K7QX` (decision 0025) */
  orderNumber: string;
  status: OrderStatus;
  statusLabel: string;
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
  destination: {
    recipient: string;
    destinationZipCode: string;
    destinationPrefecture: string;
    destinationCity: string;
    destinationStreet: string;
    destinationApartmentEtc: string;
    receiptRecipient: string;
  };
  card: { brand: string; last4: string } | null;
  failureCode: string | null;
  /** `/api/download/receipt/{paymentId}.pdf` once paid (docs/api.md), else null */
  receiptUrl: string | null;
}

export function toOrderView(row: OrderRow): OrderView {
  const price = row.price as OrderPrice;
  const status = asOrderStatus(row.status);
  return {
    paymentId: row.id,
    orderNumber: row.orderNumber,
    status,
    statusLabel: PAYMENT_STATUS_LABELS[status].payment,
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
    receiptUrl: status === 'paid' ? `/api/download/receipt/${row.id}.pdf` : null,
  };
}
