/** Yen and date formatting for Japanese pages (domain.md §5, §6). Always Asia/Tokyo. */
import { formatYen } from './format-yen';

export { formatYen };

/** 1,100円（税込） — 総額表示 */
export function formatYenTaxIncluded(amount: number): string {
  return `${formatYen(amount)}（税込）`;
}

const TZ = 'Asia/Tokyo';

function parts(date: Date) {
  const f = new Intl.DateTimeFormat('en-CA', {
    timeZone: TZ,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const p = Object.fromEntries(f.formatToParts(date).map((x) => [x.type, x.value]));
  return { y: p.year ?? '', m: p.month ?? '', d: p.day ?? '', hh: p.hour ?? '', mm: p.minute ?? '' };
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
