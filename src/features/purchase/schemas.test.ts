import { describe, expect, it } from 'vitest';

import { fieldErrors } from '@/lib/zod-ja';

import { PurchaseSelectionSchema } from './schemas';

function errors(input: unknown) {
  const result = PurchaseSelectionSchema.safeParse(input);
  return result.success ? null : fieldErrors(result.error);
}

describe('PurchaseSelectionSchema', () => {
  it('accepts one to ten copies of each selected certificate and a delivery speed', () => {
    const ok = PurchaseSelectionSchema.parse({
      items: [
        { itemId: 'history-full', quantity: 1 },
        { itemId: 'representative', quantity: 10 },
      ],
      deliverySpeed: 'express',
    });
    expect(ok.items).toHaveLength(2);
  });

  it('says in Japanese what to fix for each bad field', () => {
    expect(errors({ items: [], deliverySpeed: 'normal' })).toEqual({ items: '証明書を1種類以上選択してください。' });
    expect(errors({ items: [{ itemId: 'history-full', quantity: 0 }], deliverySpeed: 'normal' })).toEqual({
      'items.0.quantity': '通数は1通以上で指定してください。',
    });
    expect(errors({ items: [{ itemId: 'history-full', quantity: 11 }], deliverySpeed: 'normal' })).toEqual({
      'items.0.quantity': '通数は1種類につき10通までです。',
    });
    expect(errors({ items: [{ itemId: 'history-full', quantity: 1.5 }], deliverySpeed: 'normal' })).toEqual({
      'items.0.quantity': '通数は整数で入力してください。',
    });
    expect(errors({ items: [{ itemId: 'history-full', quantity: '2' }], deliverySpeed: 'normal' })).toEqual({
      'items.0.quantity': '通数を数字で入力してください。',
    });
    expect(errors({ items: [{ itemId: 'history-full', quantity: 1 }], deliverySpeed: 'fast' })).toEqual({
      deliverySpeed: '配送方法を「通常」か「速達」から選択してください。',
    });
  });

  it('refuses the same certificate twice and unknown keys', () => {
    expect(
      errors({
        items: [
          { itemId: 'history-full', quantity: 1 },
          { itemId: 'history-full', quantity: 1 },
        ],
        deliverySpeed: 'normal',
      }),
    ).toEqual({ 'items.1.itemId': '同じ証明書が重複しています。通数でご指定ください。' });
    expect(errors({ items: [{ itemId: 'history-full', quantity: 1, price: 1 }], deliverySpeed: 'normal' })).not.toBeNull();
  });
});
