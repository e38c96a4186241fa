const yen = new Intl.NumberFormat('ja-JP');

/**
 * 1,100円. Its own module (format.ts re-exports it) so that a page showing only prices does not
 * load the date formatting (the purchase select step, issue 13 §1).
 */
export function formatYen(amount: number): string {
  return `${yen.format(amount)}円`;
}
