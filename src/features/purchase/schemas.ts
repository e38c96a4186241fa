/**
 * What a buyer selects on /purchase/select (issue 7 §1–2), shared by the page and the
 * /api/items/tax and payment handlers. Isomorphic; Japanese messages say what to do.
 */
import {
  CorporateNumberSchema,
  DestinationSchema,
  PurchaseSelectionSchema,
  noRepeatedItems,
  purchaseSelectionShape,
} from '@/features/orders';
import { z } from '@/lib/zod-ja';

// Zod-free rules the purchase pages use without loading zod (issue 13); re-exported here.
export * from './rules';

// The selection (which certificates, how many, how fast) is priced by the orders feature, which owns it.
export { DeliverySpeedSchema, PurchaseSelectionSchema, SelectedItemSchema, type PurchaseSelection } from '@/features/orders';

/**
 * /api/items/tax: a selection and, optionally, the member's unpaid order the screen would pay again
 * (`resume`, 0023) — priced then as that order's resumed charge, else as a new order.
 */
export const TaxRequestSchema = z
  .strictObject({
    ...purchaseSelectionShape,
    resume: z.uuid({ error: '再開するご注文の指定が正しくありません。' }).optional(),
  })
  .superRefine(noRepeatedItems);

// ---------------------------------------------------------------------------------------------
// Orders and payment (issue 7 §3–5). The destination and the company's number are the orders
// feature's shapes.

/**
 * The company of an order: its 法人番号 only. The server reads the name, kind and address from
 * the registry (issue 12 §2); a name or kind from the browser is refused as an unknown key.
 */
export const OrderCompanySchema = z.strictObject({ corporateNumber: CorporateNumberSchema });

/** POST /api/payments/create-payment-history */
export const CreatePaymentHistoryBodySchema = z.strictObject({
  /** chosen by the confirmation page once per attempt (a double click answers the same order) */
  idempotencyKey: z.uuid({ error: '画面の有効期限が切れました。ページを再読み込みしてください。' }),
  company: OrderCompanySchema,
  selection: PurchaseSelectionSchema,
  destination: DestinationSchema,
  /**
   * The total the buyer saw on the confirmation screen. Never charged: the server prices the order
   * itself and refuses when the two differ, so nobody is charged a price they did not see.
   */
  expectedTotalYen: z.number({ error: '合計金額を確認できませんでした。' }).int().min(0),
  /** 「上記の内容とキャンセル規定に同意して注文する」 */
  agreed: z.literal(true, { error: 'ご注文内容とキャンセル規定をご確認のうえ、同意してください。' }),
});
export type CreatePaymentHistoryBody = z.infer<typeof CreatePaymentHistoryBodySchema>;

const CardTokenSchema = z.string().regex(/^tok_[A-Za-z0-9]{1,100}$/, { error: 'カード情報をもう一度入力してください。' });
const CardIdSchema = z.string().regex(/^car_[A-Za-z0-9]{1,100}$/, { error: 'お支払いに使うカードを選び直してください。' });

/** POST /api/payments/purchase — no amount: the amount is the order's. */
export const PurchaseBodySchema = z.strictObject({
  paymentId: z.uuid({ error: 'ご注文が見つかりません。最初からやり直してください。' }),
  card: z.union([z.strictObject({ token: CardTokenSchema }), z.strictObject({ cardId: CardIdSchema })], {
    error: 'お支払いに使うカードを選択してください。',
  }),
});

/**
 * POST /api/credit-cards/card. `makeDefault` (default true, as checkout registers the card it pays
 * with): マイページ's 「カードを追加する」 may keep the member's default card (docs/decisions/0095).
 */
export const AddCardBodySchema = z.strictObject({
  token: CardTokenSchema,
  makeDefault: z.boolean({ error: 'いつも使うカードにするかどうかを選んでください。' }).optional(),
});
export const DeleteCardBodySchema = z.strictObject({ cardId: CardIdSchema });

/** /api/users/addresses (マイページ's saved delivery addresses, docs/decisions/0063). */
const SavedAddressIdSchema = z.uuid({ error: 'このお届け先は見つかりませんでした。ページを再読み込みしてください。' });
export const SavedAddressUpdateBodySchema = z.strictObject({ id: SavedAddressIdSchema, destination: DestinationSchema });
export const SavedAddressDeleteBodySchema = z.strictObject({ id: SavedAddressIdSchema });

/**
 * POST /api/payments/retry — pays an unpaid order again (docs/decisions/0023): the purchase's shape
 * and the payment attempt the member's page showed (`paymentAttempt` of /api/payments/latest). One
 * attempt per order at a time: a retry of an attempt that is no longer the order's current one
 * starts nothing (docs/decisions/0057).
 */
export const RetryPaymentBodySchema = PurchaseBodySchema.extend({
  attempt: z
    .number({ error: 'お支払いの状況が確認できません。お支払い履歴から開き直してください。' })
    .int({ error: 'お支払いの状況が確認できません。お支払い履歴から開き直してください。' })
    .min(1, { error: 'お支払いの状況が確認できません。お支払い履歴から開き直してください。' })
    .max(1_000_000, { error: 'お支払いの状況が確認できません。お支払い履歴から開き直してください。' }),
});

// The bodies as the browser sends them (before defaults and normalisation): the request types of the
// client API modules (purchase/client/api.ts, payments/client/api.ts), derived so that they cannot
// drift from what the handlers accept. Client code imports them with `import type` (erased: no zod
// in the bundle); request-types.test.ts pins them.
export type CreateOrderRequest = z.input<typeof CreatePaymentHistoryBodySchema>;
export type ChargeRequest = z.input<typeof PurchaseBodySchema>;
export type RetryPaymentRequest = z.input<typeof RetryPaymentBodySchema>;

/** POST /api/payments/cancel — withdraws an unpaid order of the member (docs/decisions/0023). */
export const CancelOrderBodySchema = z.strictObject({
  paymentId: z.uuid({ error: 'お申込みが見つかりません。お支払い履歴からやり直してください。' }),
});
