/**
 * The orders feature's shapes (issue 12 §1), isomorphic: the one definition of an order's payment
 * and fulfilment states with their Japanese labels, the company and price snapshots, and the
 * destination. The purchase pages, the payment history, the receipts and the back office import
 * them from here (`@/features/orders`).
 */
import { ZipcodeSchema, printableError } from '@/features/address';
import { isValidCorporateNumber } from '@/features/registry';
import { singleLineText } from '@/lib/plain-text';
import { PREFECTURE_NAMES } from '@/lib/prefectures';
import { z } from '@/lib/zod-ja';

import { HONORIFICS } from './addressee';
import { PAYMENT_DEADLINE_MINUTES, RECEIPT_ADDRESSEE_MAX_LENGTH } from './constants';
import {
  DESTINATION_TEXT_FIELDS,
  PREFECTURE_MESSAGE,
  maxLengthMessage,
  normalizeDestinationText,
  requiredMessage,
  type DestinationTextKey,
} from './destination';
import { THREE_D_SECURE } from '@/lib/payment-terms';

// ── Payment states (docs/decisions/0008) ─────────────────────────────────────────────────────

export const ORDER_STATUSES = ['pending', 'charging', 'awaiting_3ds', 'paid', 'failed', 'expired', 'cancelled', 'unknown'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export function asOrderStatus(value: string): OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value) ? (value as OrderStatus) : 'unknown';
}

/**
 * Which payment state may follow which (docs/decisions/0008). The repository refuses any other
 * step, so a bug in a caller cannot, say, take a paid order back to `charging`.
 * - failed/expired → paid: money PAY.JP took is always recorded, even after we gave up on it;
 * - charging → expired: a charge found for a claimed order whose 3-D Secure window already closed;
 * - awaiting_3ds/failed → charging: the member pays the same order again (お支払いを再開) while its
 *   payment deadline runs (docs/decisions/0023): a new attempt with a new charge; the abandoned
 *   charge is never finished, so it can take no money;
 * - awaiting_3ds/failed → cancelled: the member withdraws an unpaid order (この申込みを取り消す);
 * - failed → expired: the deadline passed without a new attempt (the reconciler);
 * - cancelled → paid: as failed/expired, a charge PAY.JP did take is recorded all the same;
 * - paid and pending are never re-entered.
 */
export const PAYMENT_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['charging'],
  charging: ['awaiting_3ds', 'paid', 'failed', 'expired', 'unknown'],
  awaiting_3ds: ['charging', 'paid', 'failed', 'expired', 'cancelled'],
  unknown: ['awaiting_3ds', 'paid', 'failed', 'expired'],
  failed: ['charging', 'paid', 'expired', 'cancelled'],
  expired: ['paid'],
  cancelled: ['paid'],
  paid: [],
};

/** The unpaid states a member may pay again or cancel, until the payment deadline (constants.ts). */
export const RESUMABLE_STATUSES: readonly OrderStatus[] = ['awaiting_3ds', 'failed'];

export function canTransitionPayment(from: OrderStatus, to: OrderStatus): boolean {
  return PAYMENT_TRANSITIONS[from].includes(to);
}

/**
 * 注文状況 and 決済状況 as members read them, per payment state, and for the states a member may
 * wonder about, what it means for them (`meaning`, shown under the badges of the payment history).
 * The completion page, the payment history and the mails use these words.
 */
export const PAYMENT_STATUS_LABELS: Readonly<Record<OrderStatus, { order: string; payment: string; meaning?: string }>> = {
  pending: { order: 'お手続き中', payment: 'お支払い前' },
  charging: { order: 'お手続き中', payment: 'お支払い処理中' },
  awaiting_3ds: {
    order: 'お手続き中',
    payment: '本人認証待ち',
    meaning: `本人認証（${THREE_D_SECURE}）が完了していないため、お支払いは完了していません（料金は請求されていません）。お支払い期限までに「お支払いを再開」からお支払いいただけます。`,
  },
  unknown: { order: '確認中', payment: 'お支払い確認中' },
  // 受付済み = the fulfilment's first state (fulfilment.ts), which a paid order enters at once
  paid: { order: '受付済み', payment: 'お支払い完了' },
  failed: {
    order: 'ご注文未成立',
    payment: 'お支払い未完了',
    meaning:
      'お支払いが完了していません（料金は請求されていません）。お支払い期限までに「お支払いを再開」から、同じカードまたは別のカードでお支払いいただけます。',
  },
  expired: {
    order: '期限切れ',
    payment: 'お支払い期限切れ',
    meaning: `お支払い期限（お支払い手続きの開始から${PAYMENT_DEADLINE_MINUTES}分）までにお支払いが完了しなかったため、このお申込みは無効になりました。料金は請求されていません。ご注文の際は、もう一度お手続きください。`,
  },
  cancelled: {
    order: '取り消し済み',
    payment: 'ご請求なし',
    meaning: 'お客さまのご依頼により、お支払い前のお申込みを取り消しました。料金は請求されていません。',
  },
};

// ── Who changed an order ───────────────────────────────────────────────────────────────────────

/** The actor written to the order's timeline: the member, the system (PAY.JP, reconciler), a staff account. */
export type OrderActor = { type: 'member'; id: string } | { type: 'system' } | { type: 'staff'; id: string };
export const SYSTEM_ACTOR: OrderActor = { type: 'system' };

// receipt: the member changed the 領収書 addressee or asked for a re-issue (receipts, decision 0024).
export const ORDER_EVENT_KINDS = ['payment', 'fulfilment', 'refund', 'note', 'receipt'] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

// ── The company, the destination and the price as the order keeps them ─────────────────────────

// The 法人番号 check digit is the registry's rule (domain.md §1); re-exported for the order forms.
export { isValidCorporateNumber };

export const CorporateNumberSchema = z
  .string({ error: '法人番号が指定されていません。会社を選び直してください。' })
  .refine(isValidCorporateNumber, { error: '法人番号が正しくありません。会社を選び直してください。' });

/**
 * The company of an order as the registry had it when the order was placed (issue 12 §2): never
 * what the browser sent. Kept with the order, so a later change of name does not change receipts.
 */
export interface OrderCompanySnapshot {
  corporateNumber: string;
  name: string;
  /** 法人種別 (NTA column 9) */
  kind: string;
  /** 所在地 as the registry prints it ('' when the registry has none) */
  address: string;
}

/**
 * NFKC before the checks. Typed as taking a string, so that a field's `z.input` (the browser's
 * request types, derived from these schemas: purchase/schemas.ts) is what a client sends; at run
 * time it takes anything and leaves a non-string to the schema's own message.
 */
const nfkc: (s: string) => unknown = (s: unknown) => (typeof s === 'string' ? normalizeDestinationText(s) : s);

/**
 * One free-text field of the destination from its rules (destination.ts): a line of plain text,
 * within its limit, present when required, and printable on a delivery label and the receipt
 * (the address feature's rule: no emoji or pictographs). Checked in that order, so the first
 * message is the one the form shows.
 */
function text(key: DestinationTextKey) {
  const { label, maxLength, required } = DESTINATION_TEXT_FIELDS[key];
  const base = singleLineText(label).max(maxLength, { error: maxLengthMessage(label, maxLength) });
  const present = required ? base.min(1, { error: requiredMessage(label) }) : base;
  return z.preprocess(
    nfkc,
    present.superRefine((value, ctx) => {
      const message = printableError(label, value);
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
  );
}

// The zod-free limit lives in constants.ts (the order form imports it there without loading zod, issue 13).
export { RECEIPT_ADDRESSEE_MAX_LENGTH };

/** 適格請求書発行事業者登録番号: T + 13 digits (domain.md §1). */
export const InvoiceRegistrationNumberSchema = z.string().regex(/^T\d{13}$/);

/** The issuer printed on a receipt and on a refund statement: the operator, as 適格請求書発行事業者 (domain.md §1, §2). */
export const DocumentIssuerSchema = z.strictObject({
  name: z.string().min(1).max(100),
  postcode: z.string().regex(/^\d{3}-\d{4}$/),
  address: z.string().min(1).max(200),
  phone: z.string().min(1).max(30),
  registrationNumber: InvoiceRegistrationNumberSchema,
});

// The honorific rule (decision 0024): 様・御中, or 殿・各位 when the member typed them.
export const HonorificSchema = z.enum(HONORIFICS);

const PREFECTURE_NAME_SET: ReadonlySet<string> = new Set(PREFECTURE_NAMES);

/**
 * Where the certificates go and whom the receipt names. Text is NFKC-normalised before
 * validation (security.md "Input and output"); no field takes control characters or emoji. The
 * postal code is the address feature's (any width, any hyphen, a leading 〒 → 7 digits).
 */
export const DestinationSchema = z.strictObject({
  recipient: text('recipient'),
  destinationZipCode: ZipcodeSchema,
  destinationPrefecture: z.preprocess(
    nfkc,
    z.string({ error: PREFECTURE_MESSAGE }).refine((v) => PREFECTURE_NAME_SET.has(v), { error: PREFECTURE_MESSAGE }),
  ),
  destinationCity: text('destinationCity'),
  destinationStreet: text('destinationStreet'),
  destinationApartmentEtc: text('destinationApartmentEtc').default(''),
  receiptRecipient: text('receiptRecipient'),
});
export type Destination = z.infer<typeof DestinationSchema>;

export const DELIVERY_SPEED_LABELS: Readonly<Record<string, string>> = { normal: '通常', express: '速達' };

const yen = z.number().int().min(0);

/**
 * The price snapshot an order keeps (`orders.price`): the purchase feature's PriceBreakdown,
 * computed on the server when the order was created or claimed. Read with this schema by
 * receipts, the history and the mails, so a shape change fails loudly. Not strict: the breakdown
 * carries fields nobody prints (first-purchase marks).
 */
export const OrderPriceSchema = z.object({
  lines: z
    .array(
      z.object({
        kind: z.enum(['ministryFee', 'serviceFee', 'expressFee']),
        itemId: z.string().nullable(),
        name: z.string().min(1),
        unitPriceYen: yen,
        quantity: z.number().int().min(1),
        amountYen: yen,
        taxCategory: z.enum(['standard10', 'nonTaxable']),
      }),
    )
    .min(1),
  taxRates: z.array(z.object({ ratePercent: z.number().int(), taxInclusiveTotalYen: yen, taxYen: yen, taxExclusiveTotalYen: yen })),
  nonTaxableTotalYen: yen,
  totalYen: yen,
});
export type OrderPrice = z.infer<typeof OrderPriceSchema>;

export const OrderItemsSchema = z.array(z.object({ itemId: z.string(), quantity: z.number().int().min(1) }));

/**
 * 「履歴事項全部証明書（当社手数料）」 (or 「…（当社手数料・初回価格）」) → 「履歴事項全部証明書」:
 * the certificate's own name.
 */
export function certificateName(lineName: string): string {
  return lineName.replace(/（[^（）]*手数料(・[^（）]*)?）$/u, '');
}

/** Certificates and copies of an order, named as on its price lines (names at order time). */
export function orderedCertificates(items: unknown, price: OrderPrice): { itemId: string; name: string; quantity: number }[] {
  return OrderItemsSchema.parse(items).map((item) => {
    const line =
      price.lines.find((l) => l.itemId === item.itemId && l.kind === 'serviceFee') ?? price.lines.find((l) => l.itemId === item.itemId);
    return { itemId: item.itemId, name: line ? certificateName(line.name) : item.itemId, quantity: item.quantity };
  });
}
