import 'server-only';

import { formatYen } from '@/lib/format';

import type { DeliverySpeed, SelectedItem } from '../../selection';
import type { CatalogueItem } from './catalogue';
import { CONSUMPTION_TAX, taxIncludedIn } from './tax';

/** Tax category of a line: the Ministry's fee is non-taxable, everything we charge is 10%. */
export type TaxCategory = 'standard10' | 'nonTaxable';

export type PriceLineKind = 'ministryFee' | 'serviceFee' | 'expressFee';

export interface PriceLine {
  kind: PriceLineKind;
  /** The certificate this line belongs to; null for the per-order express surcharge. */
  itemId: string | null;
  /** 品目, as printed on the confirmation screen and the receipt. */
  name: string;
  /** Tax-inclusive for taxable lines (総額表示). */
  unitPriceYen: number;
  quantity: number;
  amountYen: number;
  taxCategory: TaxCategory;
  /** Set on service-fee lines priced at the first-purchase fee. */
  firstPurchasePrice?: true;
}

/** One tax rate's totals, as a qualified invoice lists them (domain.md §5). */
export interface TaxRateTotal {
  ratePercent: number;
  /** 10%対象（税込）. */
  taxInclusiveTotalYen: number;
  /** 内消費税, rounded once for the whole order (tax.ts). */
  taxYen: number;
  /** 税抜 base, derived: taxInclusiveTotalYen − taxYen. */
  taxExclusiveTotalYen: number;
}

export interface PriceBreakdown {
  lines: PriceLine[];
  /** One entry per rate that has lines (today only 10%). */
  taxRates: TaxRateTotal[];
  /** 非課税 part (the Ministry's fees), listed separately. */
  nonTaxableTotalYen: number;
  /** Sum of `taxRates[].taxYen`. */
  taxTotalYen: number;
  /** What the buyer pays, tax included: taxable totals + non-taxable total. */
  totalYen: number;
  deliverySpeed: DeliverySpeed;
  isFirstPurchase: boolean;
}

export interface PricingInput {
  catalogue: readonly CatalogueItem[];
  items: readonly SelectedItem[];
  deliverySpeed: DeliverySpeed;
  /** The member has no paid order yet: every certificate in this order gets the first-purchase fee. */
  isFirstPurchase: boolean;
  /** FEE_EXPRESS_YEN: tax-inclusive, once per order. */
  expressFeeYen: number;
}

export type PricingResult =
  | { ok: true; breakdown: PriceBreakdown }
  | { ok: false; code: 'unknown_item'; itemId: string; message: string }
  | { ok: false; code: 'invalid_selection'; message: string };

const LINE_NAME = {
  ministryFee: (name: string) => `${name}（法務局手数料）`,
  serviceFee: (name: string) => `${name}（当社手数料）`,
  // Printed on the confirmation screen, the history and the receipt: which order carries the
  // first-purchase price is visible wherever its lines are.
  firstPurchaseServiceFee: (name: string) => `${name}（当社手数料・初回価格）`,
  expressFee: '速達料金',
} as const;

function isYen(n: number): boolean {
  return Number.isSafeInteger(n) && n >= 0;
}

/**
 * Prices a selection against a catalogue. Pure: the caller supplies the catalogue (database or
 * `defaultCatalogue`), whether this is the member's first purchase and the express fee.
 *
 * Lines come in catalogue order (stable on receipts whatever order the buyer clicked in): per
 * certificate, the Ministry's fee (非課税) then our service fee (10%, the first-purchase fee when
 * `isFirstPurchase`); then the express surcharge once per order when express is chosen and the
 * fee is not zero. Tax is computed once per rate from the tax-inclusive total (tax.ts).
 */
export function priceSelection(input: PricingInput): PricingResult {
  const { catalogue, items, deliverySpeed, isFirstPurchase, expressFeeYen } = input;
  if (items.length === 0) return { ok: false, code: 'invalid_selection', message: '証明書を1種類以上選択してください。' };
  if (!isYen(expressFeeYen)) throw new RangeError(`invalid express fee ${expressFeeYen}`);

  const quantities = new Map<string, number>();
  for (const item of items) {
    if (!Number.isInteger(item.quantity) || item.quantity < 1) {
      return { ok: false, code: 'invalid_selection', message: '通数は1通以上で指定してください。' };
    }
    if (quantities.has(item.itemId)) {
      return { ok: false, code: 'invalid_selection', message: '同じ証明書が重複しています。通数でご指定ください。' };
    }
    if (!catalogue.some((c) => c.id === item.itemId)) {
      return {
        ok: false,
        code: 'unknown_item',
        itemId: item.itemId,
        message: '選択された証明書は現在お取り扱いしていません。証明書を選び直してください。',
      };
    }
    quantities.set(item.itemId, item.quantity);
  }

  const lines: PriceLine[] = [];
  for (const product of catalogue) {
    const quantity = quantities.get(product.id);
    if (quantity === undefined) continue;
    const serviceFee = isFirstPurchase ? product.firstPurchaseServiceFeeYen : product.serviceFeeYen;
    if (!isYen(product.ministryFeeYen) || !isYen(serviceFee)) throw new RangeError(`invalid price in catalogue item ${product.id}`);
    lines.push({
      kind: 'ministryFee',
      itemId: product.id,
      name: LINE_NAME.ministryFee(product.name),
      unitPriceYen: product.ministryFeeYen,
      quantity,
      amountYen: product.ministryFeeYen * quantity,
      taxCategory: 'nonTaxable',
    });
    lines.push({
      kind: 'serviceFee',
      itemId: product.id,
      name: isFirstPurchase ? LINE_NAME.firstPurchaseServiceFee(product.name) : LINE_NAME.serviceFee(product.name),
      unitPriceYen: serviceFee,
      quantity,
      amountYen: serviceFee * quantity,
      taxCategory: 'standard10',
      ...(isFirstPurchase ? { firstPurchasePrice: true as const } : {}),
    });
  }
  if (deliverySpeed === 'express' && expressFeeYen > 0) {
    lines.push({
      kind: 'expressFee',
      itemId: null,
      name: LINE_NAME.expressFee,
      unitPriceYen: expressFeeYen,
      quantity: 1,
      amountYen: expressFeeYen,
      taxCategory: 'standard10',
    });
  }

  const sum = (category: TaxCategory) => lines.filter((l) => l.taxCategory === category).reduce((total, l) => total + l.amountYen, 0);
  const standardTotal = sum('standard10');
  const nonTaxableTotalYen = sum('nonTaxable');
  const taxRates: TaxRateTotal[] = [];
  if (lines.some((l) => l.taxCategory === 'standard10')) {
    const ratePercent = CONSUMPTION_TAX.standardRatePercent;
    const taxYen = taxIncludedIn(standardTotal, ratePercent);
    taxRates.push({ ratePercent, taxInclusiveTotalYen: standardTotal, taxYen, taxExclusiveTotalYen: standardTotal - taxYen });
  }
  const taxTotalYen = taxRates.reduce((t, r) => t + r.taxYen, 0);
  return {
    ok: true,
    breakdown: {
      lines,
      taxRates,
      nonTaxableTotalYen,
      taxTotalYen,
      totalYen: standardTotal + nonTaxableTotalYen,
      deliverySpeed,
      isFirstPurchase,
    },
  };
}

/**
 * The per-rate summary lines of a receipt or confirmation screen, in the words a qualified
 * invoice uses: 「10%対象（税込） 2,200円（内消費税 200円）」 and 「非課税 1,000円」.
 */
export function taxSummaryLines(breakdown: Pick<PriceBreakdown, 'taxRates' | 'nonTaxableTotalYen'>): string[] {
  const out = breakdown.taxRates.map(
    (r) => `${r.ratePercent}%対象（税込） ${formatYen(r.taxInclusiveTotalYen)}（内消費税 ${formatYen(r.taxYen)}）`,
  );
  if (breakdown.nonTaxableTotalYen > 0) out.push(`非課税 ${formatYen(breakdown.nonTaxableTotalYen)}`);
  return out;
}
