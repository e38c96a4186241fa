import type { ReceiptSnapshot } from '@/features/receipts/schemas';

/**
 * A mixed order as printed on a receipt: two certificates (one ×2), express delivery, and
 * service fees that are not multiples of ¥11, so that rounding the tax per line
 * (181 + 90 + 80 = 351) differs from rounding once on the 10% total (floor(3,880 × 10 / 110) = 352).
 */
export function mixedReceiptSnapshot(overrides: Partial<ReceiptSnapshot> = {}): ReceiptSnapshot {
  return {
    version: 1,
    serialNumber: 'R-2026-000123',
    issuedAt: '2026-11-22T01:30:00.000Z',
    transactionAt: '2026-11-21T23:10:00.000Z',
    orderReference: '6f1c2a9e-4b7d-4e21-9a53-0c7d2f8e1b44',
    addressee: { name: '株式会社サンプル商事', honorific: '御中' },
    subject: { companyName: '株式会社テスト工業', corporateNumber: '1234567890123' },
    lines: [
      { name: '履歴事項全部証明書（当社手数料）', unitPriceYen: 1000, quantity: 2, amountYen: 2000, taxCategory: 'standard10' },
      { name: '代表者事項証明書（当社手数料）', unitPriceYen: 1000, quantity: 1, amountYen: 1000, taxCategory: 'standard10' },
      { name: '速達料金', unitPriceYen: 880, quantity: 1, amountYen: 880, taxCategory: 'standard10' },
      { name: '履歴事項全部証明書（法務局手数料）', unitPriceYen: 500, quantity: 2, amountYen: 1000, taxCategory: 'nonTaxable' },
      { name: '代表者事項証明書（法務局手数料）', unitPriceYen: 480, quantity: 1, amountYen: 480, taxCategory: 'nonTaxable' },
    ],
    taxRates: [{ ratePercent: 10, taxInclusiveTotalYen: 3880, taxYen: 352, taxExclusiveTotalYen: 3528 }],
    nonTaxableTotalYen: 1480,
    totalYen: 5360,
    proviso: '登記事項証明書の取得費用として',
    paymentMethod: 'クレジットカード決済',
    issuer: {
      name: '株式会社ホウジン（サンプル）',
      postcode: '100-0005',
      address: '東京都千代田区丸の内一丁目1番1号 サンプルビル10階',
      phone: '03-0000-0000',
      registrationNumber: 'T8000000000001',
    },
    ...overrides,
  };
}
