import 'server-only';

import { issuerOf, type IssuerOperator } from '@/features/orders';
import { ReceiptSnapshotSchema, type ReceiptSnapshot } from '../schemas';
import { OrderPriceSchema, receiptAddresseeOf, splitAddressee } from '@/features/orders';

/** 但し書き: what the money was for, in the words accountants expect to file. */
export const RECEIPT_PROVISO = '登記事項証明書の取得費用として';

export interface PaidOrderFacts {
  id: string;
  /** 注文番号, printed as ご注文番号 */
  orderNumber: string;
  amountYen: number;
  price: unknown;
  paidAt: Date;
  receiptRecipient: string;
  recipient: string;
  companyName: string;
  corporateNumber: string;
}

/**
 * The receipt of a paid order as it will be printed for ever: amounts from the order's own price
 * snapshot (never recomputed from today's catalogue), the addressee the member gave, and the
 * issuer as configured today. Throws when the order's figures do not make a valid receipt —
 * a data error to investigate, never something to print.
 */
export function buildReceiptSnapshot(
  order: PaidOrderFacts,
  operator: IssuerOperator,
  serialNumber: string,
  issuedAt: Date,
): ReceiptSnapshot {
  const price = OrderPriceSchema.parse(order.price);
  if (price.totalYen !== order.amountYen) {
    throw new Error(`order ${order.id}: price total ${price.totalYen} differs from the charged amount ${order.amountYen}`);
  }
  const addressee = splitAddressee(receiptAddresseeOf(order));
  return ReceiptSnapshotSchema.parse({
    version: 1,
    serialNumber,
    issuedAt: issuedAt.toISOString(),
    transactionAt: order.paidAt.toISOString(),
    orderReference: order.orderNumber,
    addressee,
    subject:
      /^\d{13}$/.test(order.corporateNumber) && order.companyName
        ? { companyName: order.companyName, corporateNumber: order.corporateNumber }
        : null,
    lines: price.lines.map((l) => ({
      name: l.name,
      unitPriceYen: l.unitPriceYen,
      quantity: l.quantity,
      amountYen: l.amountYen,
      taxCategory: l.taxCategory,
    })),
    taxRates: price.taxRates,
    nonTaxableTotalYen: price.nonTaxableTotalYen,
    totalYen: price.totalYen,
    proviso: RECEIPT_PROVISO,
    paymentMethod: 'クレジットカード決済',
    issuer: issuerOf(operator),
  });
}

/** `R-2026-000123`: the year of first issue in Asia/Tokyo and the sequence value, 6+ digits. */
export function formatReceiptSerial(issuedAt: Date, sequenceValue: number | bigint): string {
  const year = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric' }).format(issuedAt);
  return `R-${year}-${String(sequenceValue).padStart(6, '0')}`;
}
