import { groupDigits } from './digits';

/**
 * 1,100円. Its own module (format.ts re-exports it) so that a page showing only prices does not
 * load the date formatting (the purchase select step, issue 13 §1).
 *
 * Without Intl (issue 24 §8, docs/decisions/0068): the first `new Intl.NumberFormat('ja-JP')` of a
 * page loads ICU's number data, and the purchase steps' first price is rendered inside the
 * hydration — a CPU profile of /purchase/select and the confirmation at 4× CPU had that one
 * constructor at ~240 ms of the load's main thread, work no public page did.
 */
export function formatYen(amount: number): string {
  return `${groupDigits(amount)}円`;
}
