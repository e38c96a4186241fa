import { describe, expect, it } from 'vitest';

import { buildRefundStatementSnapshot, type RefundStatementFacts } from '@/features/orders';
import { refundStatementNumber, renderRefundStatement } from '@/features/receipts/server/render-refund-statement';

import { pdfInfo, pdfText } from '../support/pdf';

const FACTS: RefundStatementFacts = {
  refundId: '3f2a9c1e-1234-4abc-9def-0123456789ab',
  order: {
    id: '8d1e2f3a-5b6c-4d7e-8f90-a1b2c3d4e5f6',
    orderNumber: 'HJ-2611-7MQ3Z',
    amountYen: 4300,
    paidAt: new Date('2026-11-20T03:00:00Z'),
    receiptRecipient: '株式会社サンプル商事 経理部',
    recipient: '山田 太郎',
    companyName: 'トヨタ自動車株式会社',
    corporateNumber: '1180301018771',
    items: [{ name: '履歴事項全部証明書', quantity: 2 }],
  },
  split: { amountYen: 1050, taxableYen: 550, taxYen: 50, nonTaxableYen: 500 },
  full: false,
  issuer: {
    name: '株式会社ホウジン（サンプル）',
    postcode: '100-0005',
    address: '東京都千代田区丸の内一丁目1番1号 サンプルビル10階',
    phone: '03-0000-0000',
    registrationNumber: 'T1234567890123',
  },
};

describe('refund statement', () => {
  it('prints the items of a qualified return invoice on one page', async () => {
    const pdf = await renderRefundStatement(buildRefundStatementSnapshot(FACTS), { refundedAt: new Date('2026-11-24T05:00:00Z') });
    expect((await pdfInfo(pdf)).pages).toBe(1);
    const text = (await pdfText(pdf)).replace(/\s+/g, '');
    for (const expected of [
      'RF-3F2A9C1E',
      'ご注文番号HJ-2611-7MQ3Z',
      '返金日2026年11月24日',
      '元の取引年月日2026年11月20日',
      '登録番号T1234567890123',
      '株式会社サンプル商事経理部',
      '御中',
      '¥550',
      '¥50',
      '¥500',
      '¥1,050',
      'トヨタ自動車株式会社（法人番号1180301018771）',
    ]) {
      expect(text).toContain(expected);
    }
    expect(refundStatementNumber(FACTS.refundId)).toBe('RF-3F2A9C1E');
  });

  it('prints the sequential statement number the refund was given (RF-2026-000007), in the title too', async () => {
    const pdf = await renderRefundStatement(buildRefundStatementSnapshot(FACTS), {
      refundedAt: new Date('2026-11-24T05:00:00Z'),
      number: 'RF-2026-000007',
    });
    const text = (await pdfText(pdf)).replace(/\s+/g, '');
    expect(text).toContain('No.RF-2026-000007');
    expect(text).not.toContain('RF-3F2A9C1E');
  });

  it('marks a refund statement 見本 when the issuer carries the sample registration number (issue 24)', async () => {
    const pdf = await renderRefundStatement(
      buildRefundStatementSnapshot({ ...FACTS, issuer: { ...FACTS.issuer, registrationNumber: 'T0000000000000' } }),
      { refundedAt: new Date('2026-11-24T05:00:00Z') },
    );
    expect((await pdfInfo(pdf)).pages).toBe(1);
    const text = (await pdfText(pdf)).replace(/\s+/g, '');
    expect(text).toContain('見本：運営者の登録番号が設定されていないため、適格請求書としては使えません。');
    expect(text).toContain('登録番号T0000000000000');
    expect(text).toContain('（見本用の架空の番号です）');
    const real = (
      await pdfText(await renderRefundStatement(buildRefundStatementSnapshot(FACTS), { refundedAt: new Date('2026-11-24T05:00:00Z') }))
    ).replace(/\s+/g, '');
    expect(real).not.toContain('見本');
  });

  it('fits the most certificates the snapshot allows, with the longest addressee, on one page', async () => {
    const items = Array.from({ length: 6 }, (_, i) => ({ name: `閉鎖事項全部証明書（長い品目名の例 ${i + 1}）`, quantity: 999 }));
    const snapshot = buildRefundStatementSnapshot({
      ...FACTS,
      order: { ...FACTS.order, items, receiptRecipient: '特'.repeat(100) },
    });
    const pdf = await renderRefundStatement(snapshot, { refundedAt: new Date('2026-11-24T05:00:00Z') });
    expect((await pdfInfo(pdf)).pages).toBe(1);
  });

  it('refuses figures that do not add up', () => {
    expect(() => buildRefundStatementSnapshot({ ...FACTS, split: { ...FACTS.split, taxYen: 40 } })).toThrow();
    expect(() => buildRefundStatementSnapshot({ ...FACTS, split: { ...FACTS.split, amountYen: 1051 } })).toThrow();
    expect(() =>
      buildRefundStatementSnapshot({ ...FACTS, split: { amountYen: 5000, taxableYen: 4500, taxYen: 409, nonTaxableYen: 500 } }),
    ).toThrow();
  });
});
