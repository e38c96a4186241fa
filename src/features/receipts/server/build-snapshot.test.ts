import { describe, expect, it } from 'vitest';

import { parseEnv } from '@/config/env';
import { siteInfoFrom } from '@/config/site';

import { buildReceiptSnapshot, formatReceiptSerial } from './build-snapshot';

const env = parseEnv({});
const operator = siteInfoFrom(env).operator;

/** A stored PriceBreakdown as the purchase feature writes it (extra fields included). */
const price = {
  lines: [
    {
      kind: 'ministryFee',
      itemId: 'history-full',
      name: '履歴事項全部証明書（法務局手数料）',
      unitPriceYen: 500,
      quantity: 2,
      amountYen: 1000,
      taxCategory: 'nonTaxable',
    },
    {
      kind: 'serviceFee',
      itemId: 'history-full',
      name: '履歴事項全部証明書（当社手数料）',
      unitPriceYen: 1000,
      quantity: 2,
      amountYen: 2000,
      taxCategory: 'standard10',
      firstPurchasePrice: true,
    },
  ],
  taxRates: [{ ratePercent: 10, taxInclusiveTotalYen: 2000, taxYen: 181, taxExclusiveTotalYen: 1819 }],
  nonTaxableTotalYen: 1000,
  taxTotalYen: 181,
  totalYen: 3000,
  deliverySpeed: 'normal',
  isFirstPurchase: true,
};

const order = {
  id: '6f1c2a9e-4b7d-4e21-9a53-0c7d2f8e1b44',
  orderNumber: 'HJ-2611-4K7QX',
  amountYen: 3000,
  price,
  paidAt: new Date('2026-11-21T23:10:00Z'),
  receiptRecipient: '株式会社サンプル',
  recipient: '山田 太郎',
  companyName: '株式会社テスト工業',
  corporateNumber: '1234567890123',
};

describe('formatReceiptSerial', () => {
  it('uses the year of first issue in Tokyo and pads the sequence to six digits', () => {
    expect(formatReceiptSerial(new Date('2026-06-01T00:00:00Z'), 123)).toBe('R-2026-000123');
    expect(formatReceiptSerial(new Date('2026-12-31T15:30:00Z'), 1n)).toBe('R-2027-000001'); // 00:30 on 1 January in Tokyo
    expect(formatReceiptSerial(new Date('2026-06-01T00:00:00Z'), 1234567)).toBe('R-2026-1234567');
  });
});

describe('buildReceiptSnapshot', () => {
  it('copies the order’s own amounts and today’s issuer configuration', () => {
    const snapshot = buildReceiptSnapshot(order, operator, 'R-2026-000007', new Date('2026-11-22T01:00:00Z'));
    expect(snapshot).toMatchObject({
      serialNumber: 'R-2026-000007',
      issuedAt: '2026-11-22T01:00:00.000Z',
      transactionAt: '2026-11-21T23:10:00.000Z',
      // ご注文番号 is the 注文番号 members quote, not the internal id
      orderReference: 'HJ-2611-4K7QX',
      addressee: { name: '株式会社サンプル', honorific: '御中' },
      subject: { companyName: '株式会社テスト工業', corporateNumber: '1234567890123' },
      taxRates: price.taxRates,
      nonTaxableTotalYen: 1000,
      totalYen: 3000,
      paymentMethod: 'クレジットカード決済',
      issuer: { name: env.OPERATOR_NAME, registrationNumber: env.OPERATOR_INVOICE_NUMBER, postcode: env.OPERATOR_POSTCODE },
    });
    expect(snapshot.lines.map((l) => Object.keys(l).sort())).toEqual([
      ['amountYen', 'name', 'quantity', 'taxCategory', 'unitPriceYen'],
      ['amountYen', 'name', 'quantity', 'taxCategory', 'unitPriceYen'],
    ]);
  });

  it('falls back to the recipient when no receipt addressee was given', () => {
    expect(buildReceiptSnapshot({ ...order, receiptRecipient: ' ' }, operator, 'R-2026-000008', new Date()).addressee).toEqual({
      name: '山田 太郎',
      honorific: '様',
    });
  });

  it('refuses an order whose charged amount differs from its price snapshot', () => {
    expect(() => buildReceiptSnapshot({ ...order, amountYen: 2999 }, operator, 'R-2026-000009', new Date())).toThrow(/differs/);
  });
});
