/**
 * How a refund divides between the two tax categories of an order (docs/decisions/0018-refunds.md):
 * our fees (当社手数料 and the express fee: taxable, 10 %, tax included) and the Legal Affairs
 * Bureau's fee (法務局手数料: non-taxable). The one rule, used by the refund service when it records
 * a refund, by the refund statement (適格返還請求書) it prints and by the accounting export.
 *
 * The rule:
 * - A refund takes the taxable part first. Once the bureau has been asked for a certificate, its
 *   fee is spent (the bureau does not give it back), so what we can return is our own fee.
 * - The manager says how much of the amount is Ministry fees (`ministryFeeYen`) when a certificate
 *   was never requested from the bureau or the bureau refused it (no record it can issue): then
 *   the bureau's fee was not spent either and goes back to the member. Without it, the Ministry
 *   part is only what the taxable part cannot cover — so a full refund always returns both.
 * - Each part is capped by what is left of it after the refunds that succeeded before.
 * - Tax is included in the taxable part and rounded down once per refund (as the receipt rounds
 *   once per rate). The refund that takes the last of the taxable part gets exactly the tax left,
 *   so the tax of all refunds of an order adds up to the tax on its receipt.
 *
 * Isomorphic and pure: whole yen in, whole yen out.
 */

export const REFUND_TAX_RATE_PERCENT = 10;

/** What is still refundable of an order, per part (charged minus refunds that succeeded). */
export interface RefundRemaining {
  taxableYen: number;
  /** The consumption tax contained in `taxableYen` that has not been refunded yet. */
  taxYen: number;
  nonTaxableYen: number;
}

export interface RefundSplit {
  amountYen: number;
  /** Tax-inclusive 10 % part. */
  taxableYen: number;
  /** Consumption tax contained in `taxableYen`. */
  taxYen: number;
  /** Ministry fees (non-taxable). */
  nonTaxableYen: number;
}

export type RefundSplitResult =
  { ok: true; split: RefundSplit } | { ok: false; field: 'amountYen' | 'ministryFeeYen'; message: string; maxYen: number };

/** Tax contained in a tax-inclusive 10 % amount, rounded down (1円未満切り捨て). */
export function containedTaxYen(taxInclusiveYen: number): number {
  return Math.floor((taxInclusiveYen * REFUND_TAX_RATE_PERCENT) / (100 + REFUND_TAX_RATE_PERCENT));
}

const yen = (n: number) => `¥${n.toLocaleString('ja-JP')}`;

export function splitRefund(input: { amountYen: number; ministryFeeYen?: number; remaining: RefundRemaining }): RefundSplitResult {
  const { amountYen, remaining } = input;
  const refundable = remaining.taxableYen + remaining.nonTaxableYen;
  if (!Number.isSafeInteger(amountYen) || amountYen < 1) {
    return { ok: false, field: 'amountYen', message: '返金額は1円以上の整数で入力してください。', maxYen: refundable };
  }
  if (amountYen > refundable) {
    return {
      ok: false,
      field: 'amountYen',
      message: `返金額が返金できる残額（${yen(refundable)}）を超えています。`,
      maxYen: refundable,
    };
  }
  const minMinistry = Math.max(0, amountYen - remaining.taxableYen);
  const maxMinistry = Math.min(amountYen, remaining.nonTaxableYen);
  const ministry = input.ministryFeeYen ?? minMinistry;
  if (!Number.isSafeInteger(ministry) || ministry < minMinistry || ministry > maxMinistry) {
    return {
      ok: false,
      field: 'ministryFeeYen',
      message:
        minMinistry === maxMinistry
          ? `この返金額では法務局手数料分は${yen(minMinistry)}になります。`
          : `法務局手数料分は${yen(minMinistry)}から${yen(maxMinistry)}の範囲で指定してください。`,
      maxYen: maxMinistry,
    };
  }
  const taxableYen = amountYen - ministry;
  const taxYen = taxableYen === remaining.taxableYen ? remaining.taxYen : Math.min(containedTaxYen(taxableYen), remaining.taxYen);
  return { ok: true, split: { amountYen, taxableYen, taxYen, nonTaxableYen: ministry } };
}

/** What is left after `refunds` (the ones that succeeded) of an order charged `charged`. */
export function remainingAfter(charged: RefundRemaining, refunds: readonly Omit<RefundSplit, 'amountYen'>[]): RefundRemaining {
  return refunds.reduce<RefundRemaining>(
    (left, r) => ({
      taxableYen: left.taxableYen - r.taxableYen,
      taxYen: left.taxYen - r.taxYen,
      nonTaxableYen: left.nonTaxableYen - r.nonTaxableYen,
    }),
    charged,
  );
}
