/**
 * What a buyer selects (issue 7 §1–2): which certificates, how many of each, how fast. The orders
 * feature owns it because it prices it (the first-purchase rule, the charge-time price: issue 25
 * §1); purchase re-exports it for its pages and handlers. Isomorphic.
 */
import { z } from '@/lib/zod-ja';

import { MAX_QUANTITY_PER_ITEM, MIN_QUANTITY_PER_ITEM } from './constants';

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

export const purchaseSelectionShape = {
  items: z
    .array(SelectedItemSchema, { error: '証明書を選択してください。' })
    .min(1, { error: '証明書を1種類以上選択してください。' })
    // More entries than the catalogue can hold means a tampered request, not a buyer's choice.
    .max(20, { error: '選択できる証明書の種類が多すぎます。' }),
  deliverySpeed: DeliverySpeedSchema,
};

export function noRepeatedItems(selection: { items: SelectedItem[] }, ctx: z.RefinementCtx) {
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
