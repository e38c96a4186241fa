/**
 * Whether a string is a real calendar day written YYYY-MM-DD (2026-02-30 and 0000-00-00 are not).
 * The one rule for every date a request names (the bulk check's 確認日, the public API's asOf,
 * since and date). Never throws: an input that is no date at all is false, not a RangeError.
 */
export function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const t = Date.parse(`${s}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().startsWith(s);
}
