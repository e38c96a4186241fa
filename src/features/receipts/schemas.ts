/**
 * Receipts (領収書) and payment history (issue 8, domain.md §5). Isomorphic zod schemas shared by
 * the renderer, the issuing service, the route handlers and the history page.
 */
import {
  DestinationSchema,
  DocumentIssuerSchema,
  FULFILMENT_PROGRESS,
  FULFILMENT_STATUSES,
  HonorificSchema,
  InvoiceRegistrationNumberSchema,
  ORDER_NUMBER_PATTERN,
  ORDER_STATUSES,
  RECEIPT_ADDRESSEE_MAX_LENGTH,
} from '@/features/orders';
import { z } from '@/lib/zod-ja';

import { HISTORY_PAGE_MAX, HISTORY_PAGE_SIZE_DEFAULT, HISTORY_PAGE_SIZE_MAX, RECEIPT_REISSUE_REASONS } from './constants';

/**
 * Serial number printed as 「No.」: `R-<year of first issue, Asia/Tokyo>-<6+ digits from a
 * database sequence>` — e.g. `R-2026-000123`. See docs/decisions/0009-receipts.md.
 */
export const RECEIPT_SERIAL_PATTERN = /^R-\d{4}-\d{6,}$/;
export const ReceiptSerialSchema = z.string().regex(RECEIPT_SERIAL_PATTERN);

// 適格請求書発行事業者登録番号 and the honorific: the orders feature's (the refund statement uses them too).
export { HonorificSchema, InvoiceRegistrationNumberSchema };

export * from './constants';

// The addressee's limit is the order's (the orders feature defines the destination).
export { RECEIPT_ADDRESSEE_MAX_LENGTH };

export type Honorific = z.infer<typeof HonorificSchema>;

const yen = z.number().int().min(0).max(100_000_000);
const isoInstant = z.iso.datetime({ offset: true });

export const ReceiptLineSchema = z.strictObject({
  /** 品目, e.g. 「履歴事項全部証明書（当社手数料）」. */
  name: z.string().min(1).max(100),
  /** Tax-inclusive for taxable lines (総額表示). */
  unitPriceYen: yen,
  quantity: z.number().int().min(1).max(1000),
  amountYen: yen,
  /** The Ministry's fee is non-taxable; everything we charge is 10% (purchase pricing). */
  taxCategory: z.enum(['standard10', 'nonTaxable']),
});
export type ReceiptLine = z.infer<typeof ReceiptLineSchema>;

export const ReceiptTaxRateSchema = z.strictObject({
  ratePercent: z.number().int().min(1).max(100),
  /** 10%対象（税込） */
  taxInclusiveTotalYen: yen,
  /** 内消費税, rounded once for the whole receipt at this rate. */
  taxYen: yen,
  taxExclusiveTotalYen: yen,
});
export type ReceiptTaxRate = z.infer<typeof ReceiptTaxRateSchema>;

/**
 * Everything printed on a receipt, frozen at first issue and stored unchanged (jsonb) so that a
 * re-issue years later prints the same amounts, addressee and issuer even if the member
 * unregistered, prices changed or the operator moved (domain.md §5 retention).
 */
export const ReceiptSnapshotSchema = z
  .strictObject({
    version: z.literal(1),
    serialNumber: ReceiptSerialSchema,
    /** 発行日: the first issue; a re-issue keeps it and is marked 再発行. */
    issuedAt: isoInstant,
    /** 取引年月日 (qualified invoice): when the payment was completed. */
    transactionAt: isoInstant,
    /**
     * Printed as ご注文番号 so support can find the order: its 注文番号 (`HJ-2611-4K7QX`, decision
     * 0025); receipts issued before order numbers existed keep the payment id they were printed with.
     */
    orderReference: z.string().min(1).max(64),
    addressee: z.strictObject({
      name: z.string().min(1).max(RECEIPT_ADDRESSEE_MAX_LENGTH),
      honorific: HonorificSchema,
    }),
    /** The company whose certificates were ordered; printed under the breakdown. */
    subject: z.strictObject({ companyName: z.string().min(1).max(200), corporateNumber: z.string().regex(/^\d{13}$/) }).nullable(),
    // 4 certificates × (Ministry fee + our fee) + express = 9; the page is laid out for up to 12.
    lines: z.array(ReceiptLineSchema).min(1).max(12),
    taxRates: z.array(ReceiptTaxRateSchema).max(3),
    nonTaxableTotalYen: yen,
    totalYen: yen,
    /** 但し書き, e.g. 「登記事項証明書の取得費用として」. */
    proviso: z.string().min(1).max(60),
    paymentMethod: z.literal('クレジットカード決済'),
    issuer: DocumentIssuerSchema,
  })
  .superRefine((r, ctx) => {
    // A receipt whose figures do not add up must never be printed: check every sum here.
    const issue = (message: string, path: (string | number)[]) => ctx.addIssue({ code: 'custom', message, path });
    r.lines.forEach((line, i) => {
      if (line.unitPriceYen * line.quantity !== line.amountYen) issue('金額が単価×数量と一致しません', ['lines', i, 'amountYen']);
    });
    const sum = (category: ReceiptLine['taxCategory']) =>
      r.lines.filter((l) => l.taxCategory === category).reduce((t, l) => t + l.amountYen, 0);
    const standard = sum('standard10');
    const standardRate = r.taxRates.find((t) => t.ratePercent === 10);
    if (standard > 0 && !standardRate) issue('10%対象の合計がありません', ['taxRates']);
    if (standardRate && standardRate.taxInclusiveTotalYen !== standard) issue('10%対象の合計が明細と一致しません', ['taxRates']);
    if (r.taxRates.some((t) => t.ratePercent !== 10)) issue('この領収書が扱う税率は10%のみです', ['taxRates']);
    r.taxRates.forEach((t, i) => {
      if (t.taxInclusiveTotalYen - t.taxYen !== t.taxExclusiveTotalYen) issue('税抜金額が一致しません', ['taxRates', i]);
      // Rounded once per rate: within one yen of the exact contained tax.
      const exact = (t.taxInclusiveTotalYen * t.ratePercent) / (100 + t.ratePercent);
      if (Math.abs(exact - t.taxYen) >= 1) issue('消費税額が税率と一致しません', ['taxRates', i, 'taxYen']);
    });
    if (sum('nonTaxable') !== r.nonTaxableTotalYen) issue('非課税の合計が明細と一致しません', ['nonTaxableTotalYen']);
    if (standard + r.nonTaxableTotalYen !== r.totalYen) issue('合計金額が明細と一致しません', ['totalYen']);
  });
export type ReceiptSnapshot = z.infer<typeof ReceiptSnapshotSchema>;

// ── Payment history (GET /api/payments/histories-per-page) ──────────────────────────────

// HISTORY_PAGE_SIZE_DEFAULT, HISTORY_PAGE_SIZE_MAX and HISTORY_PAGE_MAX are in constants.ts (the page reads them).

const pageNumber = (max: number, label: string) =>
  z
    .string({ error: `${label}は数字で指定してください。` })
    .regex(/^[1-9]\d{0,3}$/, { error: `${label}は1以上の整数で指定してください。` })
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(1)
        .max(max, { error: `${label}は${max}以下で指定してください。` }),
    );

/** Query string: `?page=2&size=10` (both optional). */
export const PaymentHistoryQuerySchema = z.strictObject({
  page: pageNumber(HISTORY_PAGE_MAX, 'ページ番号').default(1),
  size: pageNumber(HISTORY_PAGE_SIZE_MAX, '表示件数').default(HISTORY_PAGE_SIZE_DEFAULT),
});
export type PaymentHistoryQuery = z.infer<typeof PaymentHistoryQuerySchema>;

export const PaymentHistoryRowSchema = z.strictObject({
  paymentId: z.uuid(),
  /** 注文番号 the member quotes, `HJ-2611-4K7QX` (the orders feature's format, decision 0025) */
  orderNumber: z.string().regex(ORDER_NUMBER_PATTERN),
  /** ISO instant the order was placed */
  orderedAt: z.string(),
  /** ISO instant the payment completed; null unless paid */
  paidAt: z.string().nullable(),
  companyName: z.string(),
  corporateNumber: z.string(),
  items: z.array(z.strictObject({ itemId: z.string(), name: z.string(), quantity: z.number().int() })),
  amountYen: z.number().int(),
  /** the order carries the member's first-purchase price (one paid order per member) */
  isFirstPurchase: z.boolean(),
  deliverySpeed: z.string(),
  deliverySpeedLabel: z.string(),
  orderStatus: z.enum(ORDER_STATUSES),
  orderStatusLabel: z.string(),
  paymentStatusLabel: z.string(),
  /** what an unpaid state means for the member (the orders feature's label table), else null */
  statusMeaning: z.string().nullable(),
  /** 本人認証待ち / お支払い未完了 before its deadline: お支払いを再開 and この申込みを取り消す are offered (0023) */
  resumable: z.boolean(),
  /** ISO instant the payment deadline of an unpaid order ends, else null */
  paymentDeadline: z.string().nullable(),
  /** `/api/download/receipt/{paymentId}.pdf` when paid, else null */
  receiptUrl: z.string().nullable(),
  /** the original was issued already (downloading again prints the receipt as it stands) */
  receiptIssued: z.boolean(),
  /** whom the receipt names (or will name, before issue): as typed, without the honorific */
  receiptAddressee: z.string(),
  /** the issued receipt: its number, first issue, and the latest re-issue if any (decision 0024) */
  receipt: z
    .strictObject({
      serialNumber: z.string(),
      issuedAt: z.string(),
      reissue: z.strictObject({ number: z.number().int(), at: z.string(), reason: z.enum(RECEIPT_REISSUE_REASONS) }).nullable(),
      /** re-issues the member may still make (RECEIPT_REISSUE_MAX) */
      reissuesLeft: z.number().int(),
    })
    .nullable(),
  /**
   * Where a paid order is (issue 12 §4), in the orders feature's words: 受付済み → 法務局へ請求済み →
   * 発送済み (with the tracking link) → 完了, or キャンセル / 返金済み with the amount returned.
   * Null until paid.
   */
  fulfilment: z
    .strictObject({
      status: z.enum(FULFILMENT_STATUSES),
      /** e.g. 「発送済み」, 「返金済み（1,650円）」, 「発送済み・一部返金（550円）」 */
      label: z.string(),
      steps: z.array(z.strictObject({ status: z.enum(FULFILMENT_PROGRESS), label: z.string(), done: z.boolean() })),
      shipment: z.strictObject({ carrierLabel: z.string(), trackingNumber: z.string(), trackingUrl: z.url().nullable() }).nullable(),
      refundedYen: z.number().int(),
    })
    .nullable(),
  /**
   * The refunds PAY.JP made (decision 0018), oldest first, each with its 返金明細書（適格返還請求書）
   * at `/api/download/refund/{refundId}.pdf`. Refunds still in doubt or refused are not shown.
   */
  refunds: z.array(z.strictObject({ refundId: z.string(), amountYen: z.number().int(), refundedAt: z.string(), statementUrl: z.string() })),
});
export type PaymentHistoryRow = z.infer<typeof PaymentHistoryRowSchema>;

export const PaymentHistoryPageSchema = z.strictObject({
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  histories: z.array(PaymentHistoryRowSchema),
});
export type PaymentHistoryPage = z.infer<typeof PaymentHistoryPageSchema>;

// ── Re-issue and addressee correction (POST /api/payments/receipt-*, decision 0024) ────────────

export const ReceiptReissueBodySchema = z.strictObject({ paymentId: z.uuid({ error: 'ご注文が見つかりませんでした。' }) });

/** The new 宛名: the order form's field (same limit, NFKC, no control characters), required. */
export const ReceiptAddresseeBodySchema = z.strictObject({
  paymentId: z.uuid({ error: 'ご注文が見つかりませんでした。' }),
  receiptRecipient: DestinationSchema.shape.receiptRecipient,
});

export const ReceiptStateSchema = z.strictObject({
  issued: z.boolean(),
  serialNumber: z.string().nullable(),
  reissued: z.boolean(),
});
