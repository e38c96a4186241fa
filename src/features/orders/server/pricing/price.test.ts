import { describe, expect, it } from 'vitest';

import { parseEnv } from '@/config/env';
import { siteInfoFrom } from '@/config/site';

import { ITEM_IDS, defaultCatalogue, type CatalogueItem } from './catalogue';
import { priceSelection, taxSummaryLines, type PricingInput } from './price';
import { CONSUMPTION_TAX, taxIncludedIn } from './tax';

const env = parseEnv({}); // defaults: 500 / 1,100 / 550 / 880
const catalogue = defaultCatalogue(siteInfoFrom(env).fees);

function price(overrides: Partial<PricingInput>) {
  const result = priceSelection({
    catalogue,
    items: [{ itemId: ITEM_IDS.history, quantity: 1 }],
    deliverySpeed: 'normal',
    isFirstPurchase: false,
    expressFeeYen: env.FEE_EXPRESS_YEN,
    ...overrides,
  });
  if (!result.ok) throw new Error(result.message);
  return result.breakdown;
}

describe('defaultCatalogue', () => {
  it('builds the four certificates with stable ids from the FEE_* configuration', () => {
    expect(catalogue.map((c) => [c.id, c.name])).toEqual([
      ['history-full', '履歴事項全部証明書'],
      ['current-full', '現在事項全部証明書'],
      ['closed-full', '閉鎖事項全部証明書'],
      ['representative', '代表者事項証明書'],
    ]);
    const custom = defaultCatalogue(
      siteInfoFrom(parseEnv({ FEE_MINISTRY_YEN: '600', FEE_SERVICE_YEN: '1650', FEE_SERVICE_FIRST_YEN: '0' })).fees,
    );
    expect(custom[2]).toEqual({
      id: 'closed-full',
      name: '閉鎖事項全部証明書',
      ministryFeeYen: 600,
      serviceFeeYen: 1650,
      firstPurchaseServiceFeeYen: 0,
    });
  });
});

describe('taxIncludedIn', () => {
  it('takes floor(total × 10 / 110) from a tax-inclusive total (切り捨て)', () => {
    expect(CONSUMPTION_TAX).toEqual({ standardRatePercent: 10, rounding: 'floor' });
    expect(taxIncludedIn(1100)).toBe(100);
    expect(taxIncludedIn(1000)).toBe(90); // 90.90… → 90
    expect(taxIncludedIn(109)).toBe(9); // 9.909… → 9, never rounded up
    expect(taxIncludedIn(0)).toBe(0);
    expect(taxIncludedIn(1000, 8)).toBe(74); // 74.07…
  });

  it('rejects amounts that are not whole non-negative yen', () => {
    expect(() => taxIncludedIn(-1)).toThrow(RangeError);
    expect(() => taxIncludedIn(10.5)).toThrow(RangeError);
  });
});

describe('priceSelection', () => {
  it('lists the Ministry fee as non-taxable and our fee as 10% per certificate, in catalogue order', () => {
    const b = price({
      items: [
        { itemId: ITEM_IDS.representative, quantity: 1 },
        { itemId: ITEM_IDS.history, quantity: 2 },
      ],
    });
    expect(b.lines).toEqual([
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
        unitPriceYen: 1100,
        quantity: 2,
        amountYen: 2200,
        taxCategory: 'standard10',
      },
      {
        kind: 'ministryFee',
        itemId: 'representative',
        name: '代表者事項証明書（法務局手数料）',
        unitPriceYen: 500,
        quantity: 1,
        amountYen: 500,
        taxCategory: 'nonTaxable',
      },
      {
        kind: 'serviceFee',
        itemId: 'representative',
        name: '代表者事項証明書（当社手数料）',
        unitPriceYen: 1100,
        quantity: 1,
        amountYen: 1100,
        taxCategory: 'standard10',
      },
    ]);
    expect(b.taxRates).toEqual([{ ratePercent: 10, taxInclusiveTotalYen: 3300, taxYen: 300, taxExclusiveTotalYen: 3000 }]);
    expect(b.nonTaxableTotalYen).toBe(1500);
    expect(b.taxTotalYen).toBe(300);
    expect(b.totalYen).toBe(4800);
  });

  it('adds the express fee once per order as a taxable line, whatever the number of certificates', () => {
    const b = price({
      items: [
        { itemId: ITEM_IDS.history, quantity: 3 },
        { itemId: ITEM_IDS.current, quantity: 2 },
      ],
      deliverySpeed: 'express',
    });
    const express = b.lines.filter((l) => l.kind === 'expressFee');
    expect(express).toEqual([
      { kind: 'expressFee', itemId: null, name: '速達料金', unitPriceYen: 880, quantity: 1, amountYen: 880, taxCategory: 'standard10' },
    ]);
    // 10%: 1,100 × 5 + 880 = 6,380 → tax floor(6,380 × 10 / 110) = 580
    expect(b.taxRates[0]).toEqual({ ratePercent: 10, taxInclusiveTotalYen: 6380, taxYen: 580, taxExclusiveTotalYen: 5800 });
    expect(b.totalYen).toBe(6380 + 2500);
  });

  it('leaves out an express line when the express fee is zero', () => {
    const b = price({ deliverySpeed: 'express', expressFeeYen: 0 });
    expect(b.lines.map((l) => l.kind)).toEqual(['ministryFee', 'serviceFee']);
    expect(b.deliverySpeed).toBe('express');
  });

  it('charges the first-purchase service fee on every certificate of a first order', () => {
    const b = price({
      items: [
        { itemId: ITEM_IDS.history, quantity: 2 },
        { itemId: ITEM_IDS.closed, quantity: 1 },
      ],
      isFirstPurchase: true,
    });
    const service = b.lines.filter((l) => l.kind === 'serviceFee');
    expect(service.map((l) => [l.name, l.unitPriceYen, l.amountYen, l.firstPurchasePrice])).toEqual([
      ['履歴事項全部証明書（当社手数料・初回価格）', 550, 1100, true],
      ['閉鎖事項全部証明書（当社手数料・初回価格）', 550, 550, true],
    ]);
    expect(b.taxRates[0]).toEqual({ ratePercent: 10, taxInclusiveTotalYen: 1650, taxYen: 150, taxExclusiveTotalYen: 1500 });
    expect(b.totalYen).toBe(1650 + 1500);
    expect(b.isFirstPurchase).toBe(true);
  });

  it('rounds the tax once on the rate total, which differs from rounding each line', () => {
    const odd: CatalogueItem[] = [
      { id: 'a', name: '証明書A', ministryFeeYen: 480, serviceFeeYen: 1000, firstPurchaseServiceFeeYen: 1000 },
      { id: 'b', name: '証明書B', ministryFeeYen: 480, serviceFeeYen: 1000, firstPurchaseServiceFeeYen: 1000 },
    ];
    const b = price({
      catalogue: odd,
      items: [
        { itemId: 'a', quantity: 1 },
        { itemId: 'b', quantity: 1 },
      ],
      expressFeeYen: 0,
    });
    const perLine = b.lines.filter((l) => l.taxCategory === 'standard10').reduce((t, l) => t + taxIncludedIn(l.amountYen), 0);
    expect(perLine).toBe(180); // 90 + 90
    expect(b.taxRates[0]?.taxYen).toBe(181); // floor(2,000 × 10 / 110) = floor(181.8…)
    expect(b.taxRates[0]?.taxExclusiveTotalYen).toBe(1819);
    expect(b.nonTaxableTotalYen).toBe(960);
    expect(b.totalYen).toBe(2960);
  });

  it('answers unknown_item for a certificate that is not in the catalogue', () => {
    const result = priceSelection({
      catalogue,
      items: [{ itemId: 'no-such-item', quantity: 1 }],
      deliverySpeed: 'normal',
      isFirstPurchase: false,
      expressFeeYen: 880,
    });
    expect(result).toMatchObject({ ok: false, code: 'unknown_item', itemId: 'no-such-item' });
  });

  it('refuses an empty selection and a certificate listed twice', () => {
    const base = { catalogue, deliverySpeed: 'normal' as const, isFirstPurchase: false, expressFeeYen: 880 };
    expect(priceSelection({ ...base, items: [] })).toMatchObject({ ok: false, code: 'invalid_selection' });
    expect(
      priceSelection({
        ...base,
        items: [
          { itemId: ITEM_IDS.history, quantity: 1 },
          { itemId: ITEM_IDS.history, quantity: 2 },
        ],
      }),
    ).toMatchObject({ ok: false, code: 'invalid_selection' });
  });

  it('throws on a catalogue price that is not whole yen (a data error, not a buyer error)', () => {
    const bad: CatalogueItem[] = [{ id: 'x', name: 'X', ministryFeeYen: 500, serviceFeeYen: 1100.5, firstPurchaseServiceFeeYen: 550 }];
    expect(() => price({ catalogue: bad, items: [{ itemId: 'x', quantity: 1 }] })).toThrow(RangeError);
  });
});

describe('taxSummaryLines', () => {
  it('prints the per-rate amount with its contained tax and the non-taxable part separately', () => {
    const b = price({ items: [{ itemId: ITEM_IDS.history, quantity: 2 }], deliverySpeed: 'express' });
    expect(taxSummaryLines(b)).toEqual(['10%対象（税込） 3,080円（内消費税 280円）', '非課税 1,000円']);
  });

  it('omits the non-taxable line when there is no non-taxable amount', () => {
    expect(
      taxSummaryLines({
        taxRates: [{ ratePercent: 10, taxInclusiveTotalYen: 110, taxYen: 10, taxExclusiveTotalYen: 100 }],
        nonTaxableTotalYen: 0,
      }),
    ).toEqual(['10%対象（税込） 110円（内消費税 10円）']);
  });
});
