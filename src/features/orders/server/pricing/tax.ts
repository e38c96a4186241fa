import 'server-only';

/**
 * Consumption tax (消費税) on tax-inclusive prices. Decisions (domain.md §5):
 *
 * - **Prices are stored and shown tax-inclusive (総額表示).** Every taxable amount in the
 *   catalogue and configuration (FEE_SERVICE_YEN, FEE_SERVICE_FIRST_YEN, FEE_EXPRESS_YEN) is the
 *   price the buyer pays, tax included; there is no tax-exclusive price anywhere to round.
 * - **Tax is computed once per rate per order (never per line)**, from the tax-inclusive total of
 *   that rate: `tax = floor(total × rate / (100 + rate))`, i.e. `floor(total × 10 / 110)` at 10%.
 *   The tax-exclusive base is derived as `total − tax`. This is the 税込経理 form a qualified
 *   invoice (適格請求書) may use: "10%対象（税込）¥X　内消費税 ¥Y".
 * - **Rounding is 切り捨て (floor)**, the usual choice for a seller quoting 税込 prices, fixed in
 *   `CONSUMPTION_TAX.rounding`. Changing it is a decision for the receipts too.
 */
export const CONSUMPTION_TAX = {
  /** 標準税率. Our service fee and the express surcharge are taxed at this rate. */
  standardRatePercent: 10,
  /** 端数処理: once per receipt per rate. */
  rounding: 'floor',
} as const;

export type TaxRounding = 'floor' | 'round' | 'ceil';

function roundYen(value: number, mode: TaxRounding): number {
  if (mode === 'floor') return Math.floor(value);
  if (mode === 'ceil') return Math.ceil(value);
  return Math.round(value);
}

/**
 * The consumption tax contained in a tax-inclusive total (内消費税), rounded once.
 * Integer arithmetic first (total × rate is exact far beyond any order), one division last.
 */
export function taxIncludedIn(
  taxInclusiveTotalYen: number,
  ratePercent: number = CONSUMPTION_TAX.standardRatePercent,
  rounding: TaxRounding = CONSUMPTION_TAX.rounding,
): number {
  if (!Number.isSafeInteger(taxInclusiveTotalYen) || taxInclusiveTotalYen < 0) {
    throw new RangeError(`taxInclusiveTotalYen must be a non-negative integer, got ${taxInclusiveTotalYen}`);
  }
  if (!Number.isInteger(ratePercent) || ratePercent < 0) throw new RangeError(`invalid tax rate ${ratePercent}`);
  return roundYen((taxInclusiveTotalYen * ratePercent) / (100 + ratePercent), rounding);
}
