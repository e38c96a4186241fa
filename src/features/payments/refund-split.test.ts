import { describe, expect, it } from 'vitest';

import { containedTaxYen, remainingAfter, splitRefund, type RefundRemaining } from './refund-split';

// history-full × 2 at the first-purchase price: Ministry fee 500 × 2 (non-taxable), our fee 550 × 2 (10 %).
const ORDER: RefundRemaining = { taxableYen: 1100, taxYen: 100, nonTaxableYen: 1000 };

const ok = (result: ReturnType<typeof splitRefund>) => {
  if (!result.ok) throw new Error(result.message);
  return result.split;
};

describe('splitRefund', () => {
  it('refunds everything of both parts on a full refund, with the receipt’s tax', () => {
    expect(ok(splitRefund({ amountYen: 2100, remaining: ORDER }))).toEqual({
      amountYen: 2100,
      taxableYen: 1100,
      taxYen: 100,
      nonTaxableYen: 1000,
    });
  });

  it('takes the taxable part first unless the manager names a Ministry part', () => {
    expect(ok(splitRefund({ amountYen: 550, remaining: ORDER }))).toEqual({
      amountYen: 550,
      taxableYen: 550,
      taxYen: 50,
      nonTaxableYen: 0,
    });
    expect(ok(splitRefund({ amountYen: 1050, ministryFeeYen: 500, remaining: ORDER }))).toEqual({
      amountYen: 1050,
      taxableYen: 550,
      taxYen: 50,
      nonTaxableYen: 500,
    });
    // more than the taxable part left: the rest can only be Ministry fees
    expect(ok(splitRefund({ amountYen: 1500, remaining: ORDER }))).toMatchObject({ taxableYen: 1100, nonTaxableYen: 400 });
  });

  it('refuses more than is left, and a Ministry part outside what the amount allows', () => {
    expect(splitRefund({ amountYen: 2101, remaining: ORDER })).toMatchObject({ ok: false, field: 'amountYen', maxYen: 2100 });
    expect(splitRefund({ amountYen: 0, remaining: ORDER })).toMatchObject({ ok: false, field: 'amountYen' });
    expect(splitRefund({ amountYen: 10.5, remaining: ORDER })).toMatchObject({ ok: false, field: 'amountYen' });
    expect(splitRefund({ amountYen: 500, ministryFeeYen: 501, remaining: ORDER })).toMatchObject({ ok: false, field: 'ministryFeeYen' });
    expect(splitRefund({ amountYen: 1500, ministryFeeYen: 100, remaining: ORDER })).toMatchObject({ ok: false, field: 'ministryFeeYen' });
  });

  it('rounds tax down per refund and gives the last taxable refund exactly the tax left', () => {
    const first = ok(splitRefund({ amountYen: 333, remaining: ORDER }));
    expect(first.taxYen).toBe(containedTaxYen(333)); // 30
    const second = ok(splitRefund({ amountYen: 333, remaining: remainingAfter(ORDER, [first]) }));
    const left = remainingAfter(ORDER, [first, second]);
    const last = ok(splitRefund({ amountYen: left.taxableYen + left.nonTaxableYen, remaining: left }));
    expect(first.taxYen + second.taxYen + last.taxYen).toBe(ORDER.taxYen);
    expect(remainingAfter(ORDER, [first, second, last])).toEqual({ taxableYen: 0, taxYen: 0, nonTaxableYen: 0 });
  });
});
