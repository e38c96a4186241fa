import 'server-only';

import { addBusinessDays, businessDayOnOrAfter, nextBusinessDay, tokyoClock, type IsoDate } from './business-calendar';
import { serverConfig } from '@/config/server';

/**
 * Delivery windows in business days, counted from the acceptance day (受付日). They match what the
 * terms of use and 特定商取引法に基づく表記 promise: 通常配送 3〜5営業日, 速達配送 1〜2営業日.
 * Change them together with those pages (src/features/site/legal-content).
 */
export const DELIVERY_WINDOWS = {
  normal: { minBusinessDays: 3, maxBusinessDays: 5 },
  express: { minBusinessDays: 1, maxBusinessDays: 2 },
} as const;

/** spec §3 `scheduledDateMaster`: all 'YYYY-MM-DD' strings (Asia/Tokyo). */
export interface ScheduledDateMaster {
  normalStartDate: IsoDate;
  normalEndDate: IsoDate;
  expressStartDate: IsoDate;
  expressEndDate: IsoDate;
}

function parseClock(hhmm: string): number {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  if (!m) throw new RangeError(`cut-off time must be HH:MM, got ${hhmm}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/**
 * The day an order placed at `now` is accepted (受付日), as the legal pages word it: an order
 * confirmed on a business day up to the cut-off minute (「15:00までに」: 15:00:59 still counts,
 * 15:01 does not) is accepted that day; a later one, or one on a non-business day, on the next
 * business day.
 */
export function acceptanceDate(now: Date, cutoffTime: string): IsoDate {
  const cutoff = parseClock(cutoffTime);
  const { date, minutes } = tokyoClock(now);
  const sameDay = businessDayOnOrAfter(date);
  if (sameDay !== date) return sameDay; // not a business day: the cut-off does not matter
  return minutes <= cutoff ? date : nextBusinessDay(date);
}

/**
 * The normal and express delivery windows for an order placed at `now`: each end is that many
 * business days after the acceptance day (DELIVERY_WINDOWS).
 */
export function scheduledDateMaster(now: Date, cutoffTime: string = serverConfig().orderCutoffTime): ScheduledDateMaster {
  const accepted = acceptanceDate(now, cutoffTime);
  return {
    normalStartDate: addBusinessDays(accepted, DELIVERY_WINDOWS.normal.minBusinessDays),
    normalEndDate: addBusinessDays(accepted, DELIVERY_WINDOWS.normal.maxBusinessDays),
    expressStartDate: addBusinessDays(accepted, DELIVERY_WINDOWS.express.minBusinessDays),
    expressEndDate: addBusinessDays(accepted, DELIVERY_WINDOWS.express.maxBusinessDays),
  };
}
