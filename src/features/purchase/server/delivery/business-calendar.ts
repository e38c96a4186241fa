import 'server-only';

import holidayJp from '@holiday-jp/holiday_jp';

/**
 * The business-day calendar of the delivery windows (domain.md §2; the legal pages'
 * BUSINESS_DAY_DEFINITION): every day except Saturdays, Sundays, Japanese national holidays
 * (国民の祝日, 振替休日 and 国民の休日, from @holiday-jp/holiday_jp, data to 2050) and the year-end
 * break 12/29–1/3.
 *
 * Dates are calendar dates in Asia/Tokyo written 'YYYY-MM-DD'. Arithmetic runs on UTC midnights
 * of those dates, so the server's own time zone never matters.
 */

export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Asia/Tokyo has been UTC+9 without daylight saving time since 1951. */
const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;

/** The holiday package's data ends here; later dates would silently count holidays as workdays. */
export const HOLIDAY_DATA_LAST_YEAR = Math.max(...Object.keys(holidayJp.holidays).map((d) => Number(d.slice(0, 4))));

function toUtcMidnight(date: IsoDate): number {
  const m = ISO_DATE.exec(date);
  if (!m) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (new Date(ms).toISOString().slice(0, 10) !== date) throw new RangeError(`no such date: ${date}`);
  return ms;
}

function fromUtcMidnight(ms: number): IsoDate {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addCalendarDays(date: IsoDate, days: number): IsoDate {
  return fromUtcMidnight(toUtcMidnight(date) + days * DAY_MS);
}

/** The Tokyo calendar date and minutes after midnight of an instant. */
export function tokyoClock(now: Date): { date: IsoDate; minutes: number } {
  const shifted = new Date(now.getTime() + TOKYO_OFFSET_MS);
  return {
    date: shifted.toISOString().slice(0, 10),
    minutes: shifted.getUTCHours() * 60 + shifted.getUTCMinutes(),
  };
}

export function isYearEndBreak(date: IsoDate): boolean {
  const md = date.slice(5);
  return md >= '12-29' || md <= '01-03';
}

export function isNationalHoliday(date: IsoDate): boolean {
  toUtcMidnight(date); // validates
  if (Number(date.slice(0, 4)) > HOLIDAY_DATA_LAST_YEAR) {
    throw new RangeError(`holiday data ends in ${HOLIDAY_DATA_LAST_YEAR}; update @holiday-jp/holiday_jp`);
  }
  return Object.hasOwn(holidayJp.holidays, date);
}

export function isBusinessDay(date: IsoDate): boolean {
  const weekday = new Date(toUtcMidnight(date)).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  if (isYearEndBreak(date)) return false;
  return !isNationalHoliday(date);
}

/** The first business day strictly after `date`. */
export function nextBusinessDay(date: IsoDate): IsoDate {
  let d = addCalendarDays(date, 1);
  while (!isBusinessDay(d)) d = addCalendarDays(d, 1);
  return d;
}

/** `date` itself when it is a business day, else the next one. */
export function businessDayOnOrAfter(date: IsoDate): IsoDate {
  return isBusinessDay(date) ? date : nextBusinessDay(date);
}

/** The n-th business day after `date` (n ≥ 0; n = 0 is `date` itself, business day or not). */
export function addBusinessDays(date: IsoDate, n: number): IsoDate {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`business days must be a non-negative integer, got ${n}`);
  let d = date;
  for (let i = 0; i < n; i++) d = nextBusinessDay(d);
  return d;
}
