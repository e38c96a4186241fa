// Made on first use, not when the module loads: creating an Intl formatter loads ICU data, ~12 ms
// of the main thread on a phone-class CPU inside the first load's script evaluation on every page
// that imports it without showing a price (docs/decisions/0037).
let yen: Intl.NumberFormat | null = null;

/**
 * 1,100円. Its own module (format.ts re-exports it) so that a page showing only prices does not
 * load the date formatting (the purchase select step, issue 13 §1).
 */
export function formatYen(amount: number): string {
  yen ??= new Intl.NumberFormat('ja-JP');
  return `${yen.format(amount)}円`;
}
