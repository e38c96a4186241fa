/**
 * 12,345 — an integer with its digits grouped by threes, as `toLocaleString('ja-JP')` writes it,
 * without Intl: the first Intl call in a page loads ICU data (tens of ms of the main thread on a
 * phone-class CPU), and the limits in messages are written when their module loads — on the record
 * page and /search, inside the 「ウォッチ」 button's chunk (issue 13 §1, docs/decisions/0053).
 */
export function groupDigits(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString('ja-JP');
  const sign = value < 0 ? '-' : '';
  return sign + String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ',');
}
