import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { AuditChange } from './audit-change';

/** The audit page's 内容 column as text: every field name in Japanese, amounts and codes in words. */
function text(before: unknown, after: unknown): string {
  return renderToStaticMarkup(<AuditChange before={before} after={after} />)
    .replace(/<[^>]+>/g, ' ')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('AuditChange', () => {
  it('names the accounting export’s totals in Japanese, amounts in yen', () => {
    const t = text(null, {
      month: '2026-11',
      sales: 2,
      refunds: 1,
      nonTaxableYen: 500,
      taxable10Yen: 1650,
      tax10Yen: 150,
      totalYen: 1600,
      chargedYen: 2100,
      refundedYen: 500,
    });
    expect(t).toContain('対象の月 2026-11');
    expect(t).toContain('売上の件数 2');
    expect(t).toContain('PAY.JP の課金額 2,100円');
    expect(t).toContain('合計 1,600円');
    expect(t.replace('PAY.JP', '')).not.toMatch(/[A-Za-z]{3,}/);
  });

  it('names a refund’s and a fulfilment step’s fields, with the order page’s words for states and carriers', () => {
    const refund = text(
      { refundedYen: 0, refundableYen: 1050 },
      { refundId: 'r-1', amountYen: 550, taxableYen: 550, taxYen: 50, nonTaxableYen: 0, reason: '一部発行不可' },
    );
    // Fields on one side only are their values: the totals before the refund, what it asked for.
    expect(refund).toContain('返金額 550円');
    expect(refund).toMatch(/返金できる残額 1,050円 ?（実行前）/);
    expect(refund).not.toContain('→');
    // The same field on both sides is a change (a refund made at PAY.JP's dashboard).
    const outside = text({ refundedYen: 0, refundableYen: 1050 }, { refundedYen: 550, refundableYen: 500, amountYen: 550 });
    expect(outside).toContain('返金済みの額 0円 → 550円');
    expect(outside).toContain('返金できる残額 1,050円 → 500円');
    expect(outside).toContain('返金額 550円');
    expect(outside).not.toContain('返金額 —');
    expect(refund.replace('r-1', '')).not.toMatch(/[A-Za-z]{3,}/);
    const step = text(
      { fulfilmentStatus: 'requested', applicationNumber: '26-1', carrier: null, trackingNumber: null },
      { fulfilmentStatus: 'shipped', applicationNumber: '26-1', carrier: 'japanpost', trackingNumber: '1234' },
    );
    expect(step).toContain('対応状況 法務局へ請求済み → 発送済み');
    expect(step).toContain('配送業者 — → 日本郵便');
    expect(step).toContain('追跡番号 — → 1234');
  });

  it('shows values and keys named like Object.prototype members as typed (issue 24: the page answered 500)', () => {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
      const t = text({ note: 'x', carrier: name, reason: name }, { note: name, carrier: name, [name]: name, reason: name });
      expect(t).toContain(`メモ x → ${name}`);
      expect(t).toContain(`${name}`);
      expect(t).not.toMatch(/function|native code|\[object/);
    }
    // a key recorded only before an action, named like an inherited member: 「（実行前）」, not a function
    expect(text({ constructor: 'a' }, { note: 'b' })).toContain('constructor a （実行前）');
  });
});
