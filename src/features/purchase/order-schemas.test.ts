import { describe, expect, it } from 'vitest';

import { OrderCompanySchema, PurchaseBodySchema } from './schemas';

describe('OrderCompanySchema', () => {
  it('takes the 法人番号 only: a name or kind from the browser is refused (the registry says them)', () => {
    expect(OrderCompanySchema.safeParse({ corporateNumber: '1180301018771' }).success).toBe(true);
    expect(OrderCompanySchema.safeParse({ corporateNumber: '1180301018771', name: '全然違う株式会社' }).success).toBe(false);
    expect(OrderCompanySchema.safeParse({ corporateNumber: '1180301018771', kind: '301' }).success).toBe(false);
    expect(OrderCompanySchema.safeParse({ corporateNumber: '2180301018771' }).success).toBe(false);
  });
});

describe('PurchaseBodySchema', () => {
  it('takes a token or a registered card id, never an amount', () => {
    const paymentId = '7f0c8a9e-2d1b-4c3a-9e8f-1a2b3c4d5e6f';
    expect(PurchaseBodySchema.safeParse({ paymentId, card: { token: 'tok_abc' } }).success).toBe(true);
    expect(PurchaseBodySchema.safeParse({ paymentId, card: { cardId: 'car_abc' } }).success).toBe(true);
    expect(PurchaseBodySchema.safeParse({ paymentId, card: { token: 'tok_abc' }, amount: 1 }).success).toBe(false);
    expect(PurchaseBodySchema.safeParse({ paymentId, card: { token: 'car_abc' } }).success).toBe(false);
  });
});
