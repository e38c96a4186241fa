import { describe, expect, it } from 'vitest';

import { OrderCompanySchema, PurchaseBodySchema } from './schemas';

describe('OrderCompanySchema', () => {
  it('refuses kinds without a commercial registry (国の機関, 地方公共団体, その他)', () => {
    const base = { corporateNumber: '8040001999013', name: '株式会社テスト' };
    expect(OrderCompanySchema.safeParse({ ...base, kind: '301' }).success).toBe(true);
    for (const kind of ['101', '201', '499']) expect(OrderCompanySchema.safeParse({ ...base, kind }).success).toBe(false);
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
