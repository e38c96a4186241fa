/**
 * The refund statement (適格返還請求書, 消費税法第57条の4第3項; domain.md §2) of one refund: what is
 * printed, frozen when the refund is recorded (like the receipt's snapshot, decision 0009 §3) so the
 * statement never changes with prices, the operator's address or the order's data. The refund date
 * is added at printing, from the refund's settlement time. Isomorphic: the payments feature builds
 * it when it records a refund; receipts' renderer (server/render-refund-statement.ts) prints it. The
 * orders feature keeps it (issue 25 §1), so payments depends on orders and not on receipts.
 */
import { z } from '@/lib/zod-ja';

import { receiptAddresseeOf, splitAddressee } from './addressee';
import { RECEIPT_ADDRESSEE_MAX_LENGTH } from './constants';
import { DocumentIssuerSchema, HonorificSchema } from './schemas';

const yen = z.number().int().min(0).max(100_000_000);
const isoInstant = z.iso.datetime({ offset: true });

export const RefundStatementSnapshotSchema = z
  .strictObject({
    version: z.literal(1),
    refundId: z.uuid(),
    /** The order's 注文番号 (`HJ-2611-4K7QX`, decision 0025; its payment id before order numbers existed), printed as ご注文番号. */
    orderReference: z.string().min(1).max(64),
    /** 取引年月日 of the sale being refunded: when the order was paid. */
    originalTransactionAt: isoInstant,
    addressee: z.strictObject({ name: z.string().min(1).max(RECEIPT_ADDRESSEE_MAX_LENGTH), honorific: HonorificSchema }),
    subject: z.strictObject({ companyName: z.string().min(1).max(200), corporateNumber: z.string().regex(/^\d{13}$/) }).nullable(),
    /** What was sold and is (partly) returned: the certificates and copies of the order. */
    items: z
      .array(z.strictObject({ name: z.string().min(1).max(100), quantity: z.number().int().min(1).max(1000) }))
      .min(1)
      // the catalogue has four certificates; the page is laid out for up to six
      .max(6),
    /** 全額返金 (the order's whole payment) or 一部返金. */
    kind: z.enum(['full', 'partial']),
    /** What the order was charged, for reference next to the refund. */
    originalTotalYen: yen,
    amountYen: yen.min(1),
    /** 10 % part, tax included, and the tax it contains. */
    taxableYen: yen,
    taxYen: yen,
    /** 法務局手数料 refunded (non-taxable). */
    nonTaxableYen: yen,
    issuer: DocumentIssuerSchema,
  })
  .superRefine((s, ctx) => {
    // A statement whose figures do not add up must never be printed.
    const issue = (message: string, path: string[]) => ctx.addIssue({ code: 'custom', message, path });
    if (s.taxableYen + s.nonTaxableYen !== s.amountYen) issue('返金額が内訳と一致しません', ['amountYen']);
    if (s.amountYen > s.originalTotalYen) issue('返金額が元の取引金額を超えています', ['amountYen']);
    if (s.kind === 'full' && s.amountYen !== s.originalTotalYen) issue('全額返金の金額が元の取引金額と一致しません', ['kind']);
    // Rounded once per refund (down), or the tax left on the last refund: within one yen of exact.
    const exact = (s.taxableYen * 10) / 110;
    if (Math.abs(exact - s.taxYen) >= 1) issue('消費税額が税率と一致しません', ['taxYen']);
  });
export type RefundStatementSnapshot = z.infer<typeof RefundStatementSnapshotSchema>;

export interface RefundStatementFacts {
  refundId: string;
  order: {
    id: string;
    /** 注文番号, printed as ご注文番号 */
    orderNumber: string;
    amountYen: number;
    paidAt: Date;
    receiptRecipient: string;
    recipient: string;
    companyName: string;
    corporateNumber: string;
    /** Certificate names and copies as ordered. */
    items: { name: string; quantity: number }[];
  };
  split: { amountYen: number; taxableYen: number; taxYen: number; nonTaxableYen: number };
  /** True when this refund returns the whole payment at once (全額返金). */
  full: boolean;
  issuer: { name: string; postcode: string; address: string; phone: string; registrationNumber: string };
}

/** Throws when the facts cannot make a valid statement — a data error, never something to print. */
export function buildRefundStatementSnapshot(facts: RefundStatementFacts): RefundStatementSnapshot {
  const { order, split } = facts;
  return RefundStatementSnapshotSchema.parse({
    version: 1,
    refundId: facts.refundId,
    orderReference: order.orderNumber,
    originalTransactionAt: order.paidAt.toISOString(),
    addressee: splitAddressee(receiptAddresseeOf(order)),
    subject:
      /^\d{13}$/.test(order.corporateNumber) && order.companyName
        ? { companyName: order.companyName, corporateNumber: order.corporateNumber }
        : null,
    items: order.items,
    kind: facts.full ? 'full' : 'partial',
    originalTotalYen: order.amountYen,
    amountYen: split.amountYen,
    taxableYen: split.taxableYen,
    taxYen: split.taxYen,
    nonTaxableYen: split.nonTaxableYen,
    issuer: facts.issuer,
  });
}
