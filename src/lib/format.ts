/** Yen and date formatting for Japanese pages (domain.md §5, §6). Always Asia/Tokyo. */
import { formatYen } from './format-yen';

export { formatYen };

/** 1,100円（税込） — 総額表示 */
export function formatYenTaxIncluded(amount: number): string {
  return `${formatYen(amount)}（税込）`;
}

/**
 * Japan time is UTC+9 all year (no summer time since 1951), so a date's parts in Asia/Tokyo are its
 * UTC parts nine hours on — without Intl.DateTimeFormat, whose first use with a time zone loads
 * ICU's calendar and zone data on the main thread (the completion and resume steps render a date
 * in their hydration; issue 24 §8, docs/decisions/0068), and which was made anew on every call.
 * format.test.ts compares the two over a century of instants. An invalid date throws RangeError,
 * as Intl's `format` did.
 */
const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

function parts(date: Date) {
  const time = date.getTime();
  if (Number.isNaN(time)) throw new RangeError('Invalid time value');
  const t = new Date(time + JST_OFFSET_MS);
  const two = (n: number) => String(n).padStart(2, '0');
  return {
    y: String(t.getUTCFullYear()),
    m: two(t.getUTCMonth() + 1),
    d: two(t.getUTCDate()),
    hh: two(t.getUTCHours()),
    mm: two(t.getUTCMinutes()),
  };
}

/** 2026年4月1日 (prose, receipts) */
export function formatDateJa(date: Date): string {
  const { y, m, d } = parts(date);
  return `${Number(y)}年${Number(m)}月${Number(d)}日`;
}

/** 2026/04/01 (tables) */
export function formatDateSlash(date: Date): string {
  const { y, m, d } = parts(date);
  return `${y}/${m}/${d}`;
}

/**
 * 2026年4月1日 9:00 — every date-time on our pages, the back office's too; `seconds` where the
 * second matters (audit rows, a payment's time): 2026年4月1日 9:00:05.
 */
export function formatDateTimeJa(date: Date, options: { seconds?: boolean } = {}): string {
  const { hh, mm } = parts(date);
  const ss = options.seconds ? `:${String(Math.floor(date.getTime() / 1000) % 60).padStart(2, '0')}` : '';
  return `${formatDateJa(date)} ${Number(hh)}:${mm}${ss}`;
}

/** A YYYY-MM-DD calendar date (NTA data) as 2026年4月1日, without time-zone shifts. */
export function formatIsoDateJa(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  return `${Number(m[1])}年${Number(m[2])}月${Number(m[3])}日`;
}

/** 2026-04-01T09:00 in Japan time: the value of an `<input type="datetime-local">` (the back office's forms). */
export function toDateTimeLocalJst(date: Date): string {
  const { y, m, d, hh, mm } = parts(date);
  return `${y}-${m}-${d}T${hh}:${mm}`;
}
