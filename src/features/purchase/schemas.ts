/**
 * What a buyer selects on /purchase/select (issue 7 §1–2), shared by the page and the
 * /api/items/tax and payment handlers. Isomorphic; Japanese messages say what to do.
 */
import { CorporateNumberSchema, DestinationSchema } from '@/features/orders';
import { z } from '@/lib/zod-ja';

import { MAX_QUANTITY_PER_ITEM, MIN_QUANTITY_PER_ITEM } from './rules';

// Zod-free rules the purchase pages use without loading zod (issue 13); re-exported here.
export * from './rules';

export const ItemIdSchema = z
  .string({ error: '証明書の種類を選択してください。' })
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, { error: '証明書の種類が正しくありません。選び直してください。' });

export const QuantitySchema = z
  .number({ error: '通数を数字で入力してください。' })
  .int({ error: '通数は整数で入力してください。' })
  .min(MIN_QUANTITY_PER_ITEM, { error: `通数は${MIN_QUANTITY_PER_ITEM}通以上で指定してください。` })
  .max(MAX_QUANTITY_PER_ITEM, { error: `通数は1種類につき${MAX_QUANTITY_PER_ITEM}通までです。` });

export const SelectedItemSchema = z.strictObject({
  itemId: ItemIdSchema,
  quantity: QuantitySchema,
});
export type SelectedItem = z.infer<typeof SelectedItemSchema>;

export const DELIVERY_SPEEDS = ['normal', 'express'] as const;
export const DeliverySpeedSchema = z.enum(DELIVERY_SPEEDS, { error: '配送方法を「通常」か「速達」から選択してください。' });
export type DeliverySpeed = z.infer<typeof DeliverySpeedSchema>;

const purchaseSelectionShape = {
  items: z
    .array(SelectedItemSchema, { error: '証明書を選択してください。' })
    .min(1, { error: '証明書を1種類以上選択してください。' })
    // More entries than the catalogue can hold means a tampered request, not a buyer's choice.
    .max(20, { error: '選択できる証明書の種類が多すぎます。' }),
  deliverySpeed: DeliverySpeedSchema,
};

function noRepeatedItems(selection: { items: SelectedItem[] }, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  selection.items.forEach((item, index) => {
    if (seen.has(item.itemId)) {
      ctx.addIssue({
        code: 'custom',
        path: ['items', index, 'itemId'],
        message: '同じ証明書が重複しています。通数でご指定ください。',
      });
    }
    seen.add(item.itemId);
  });
}

export const PurchaseSelectionSchema = z.strictObject(purchaseSelectionShape).superRefine(noRepeatedItems);
export type PurchaseSelection = z.infer<typeof PurchaseSelectionSchema>;

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
export type OrderCompany = z.infer<typeof OrderCompanySchema>;

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
export type PurchaseBody = z.infer<typeof PurchaseBodySchema>;

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
export type RetryPaymentBody = z.infer<typeof RetryPaymentBodySchema>;

/** POST /api/payments/cancel — withdraws an unpaid order of the member (docs/decisions/0023). */
export const CancelOrderBodySchema = z.strictObject({
  paymentId: z.uuid({ error: 'お申込みが見つかりません。お支払い履歴からやり直してください。' }),
});
