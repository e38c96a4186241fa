import { describe, expect, it } from 'vitest';

import { fieldErrors } from '@/lib/zod-ja';

import { DestinationSchema, OrderCompanySchema, PurchaseBodySchema, isValidCorporateNumber } from './schemas';

describe('isValidCorporateNumber', () => {
  it('accepts the NTA examples and refuses a wrong check digit or length', () => {
    for (const n of ['8040001999013', '5111101000006', '1180301018771', '4000012090001']) expect(isValidCorporateNumber(n)).toBe(true);
    expect(isValidCorporateNumber('9040001999013')).toBe(false);
    expect(isValidCorporateNumber('804000199901')).toBe(false);
  });
});

describe('OrderCompanySchema', () => {
  it('refuses kinds without a commercial registry (国の機関, 地方公共団体, その他)', () => {
    const base = { corporateNumber: '8040001999013', name: '株式会社テスト' };
    expect(OrderCompanySchema.safeParse({ ...base, kind: '301' }).success).toBe(true);
    for (const kind of ['101', '201', '499']) expect(OrderCompanySchema.safeParse({ ...base, kind }).success).toBe(false);
  });
});

describe('DestinationSchema', () => {
  const valid = {
    recipient: '山田　太郎',
    destinationZipCode: '〒１００－０００５',
    destinationPrefecture: '東京都',
    destinationCity: '千代田区',
    destinationStreet: '丸の内１－１－１',
    receiptRecipient: '株式会社テスト',
  };

  it('normalises full-width digits, hyphens and spaces (NFKC) and defaults the building to empty', () => {
    const parsed = DestinationSchema.parse(valid);
    expect(parsed).toMatchObject({
      destinationZipCode: '1000005',
      destinationStreet: '丸の内1-1-1',
      recipient: '山田 太郎',
      destinationApartmentEtc: '',
    });
  });

  it('says what to do for each missing or wrong field, in Japanese', () => {
    const result = DestinationSchema.safeParse({ ...valid, recipient: ' ', destinationZipCode: '12345', destinationPrefecture: 'Tokyo' });
    expect(result.success).toBe(false);
    const f = result.success ? {} : fieldErrors(result.error);
    expect(f.recipient).toBe('お届け先の宛名を入力してください。');
    expect(f.destinationZipCode).toBe('郵便番号は7桁の数字で入力してください。');
    expect(f.destinationPrefecture).toBe('都道府県を選択してください。');
  });

  it('rejects unknown keys', () => {
    expect(DestinationSchema.safeParse({ ...valid, note: 'x' }).success).toBe(false);
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
