import { describe, expect, it } from 'vitest';

import { getEnv } from '@/config/env';

import {
  HOLIDAY_DATA_LAST_YEAR,
  addBusinessDays,
  isBusinessDay,
  isNationalHoliday,
  nextBusinessDay,
  tokyoClock,
} from './business-calendar';
import { DELIVERY_WINDOWS, acceptanceDate, scheduledDateMaster } from './scheduled-dates';

/** An instant given as Tokyo wall-clock time. */
const jst = (local: string) => new Date(`${local}+09:00`);
const CUTOFF = '15:00';

describe('business calendar', () => {
  it('has holiday data through at least 2027', () => {
    expect(HOLIDAY_DATA_LAST_YEAR).toBeGreaterThanOrEqual(2027);
    expect(isNationalHoliday('2027-01-11')).toBe(true); // 成人の日 2027
    expect(isNationalHoliday('2027-05-03')).toBe(true);
  });

  it('excludes weekends, national holidays incl. 振替休日, and 12/29–1/3', () => {
    expect(isBusinessDay('2026-05-01')).toBe(true); // Friday
    expect(isBusinessDay('2026-05-02')).toBe(false); // Saturday
    expect(isBusinessDay('2026-05-03')).toBe(false); // Sunday, 憲法記念日
    expect(isBusinessDay('2026-05-04')).toBe(false); // みどりの日
    expect(isBusinessDay('2026-05-06')).toBe(false); // 振替休日
    expect(isBusinessDay('2026-05-07')).toBe(true);
    expect(isBusinessDay('2026-12-28')).toBe(true); // Monday
    for (const d of ['2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03']) {
      expect(isBusinessDay(d), d).toBe(false);
    }
    expect(isBusinessDay('2027-01-04')).toBe(true);
  });

  it('counts business days forward, skipping what is not one', () => {
    expect(nextBusinessDay('2026-05-01')).toBe('2026-05-07');
    expect(addBusinessDays('2026-12-28', 1)).toBe('2027-01-04');
    expect(addBusinessDays('2027-01-04', 5)).toBe('2027-01-12'); // 1/9–1/11 weekend + 成人の日
    expect(addBusinessDays('2026-05-02', 0)).toBe('2026-05-02');
  });

  it('reads the Tokyo date and time of an instant whatever the server time zone', () => {
    expect(tokyoClock(new Date('2026-06-09T23:30:00Z'))).toEqual({ date: '2026-06-10', minutes: 8 * 60 + 30 });
  });

  it('rejects impossible dates', () => {
    expect(() => isBusinessDay('2026-02-30')).toThrow(RangeError);
    expect(() => isBusinessDay('2026/02/01')).toThrow(RangeError);
  });
});

describe('acceptanceDate', () => {
  it('accepts an order up to the cut-off minute the same business day and later ones the next', () => {
    expect(acceptanceDate(jst('2026-06-10T14:59:59'), CUTOFF)).toBe('2026-06-10');
    expect(acceptanceDate(jst('2026-06-10T15:00:30'), CUTOFF)).toBe('2026-06-10');
    expect(acceptanceDate(jst('2026-06-10T15:01:00'), CUTOFF)).toBe('2026-06-11');
    expect(acceptanceDate(jst('2026-06-10T23:59:00'), CUTOFF)).toBe('2026-06-11');
    expect(acceptanceDate(jst('2026-06-10T00:00:00'), CUTOFF)).toBe('2026-06-10');
  });

  it('uses the configured cut-off time', () => {
    expect(acceptanceDate(jst('2026-06-10T14:45:00'), '14:30')).toBe('2026-06-11');
  });

  it('moves an order on a non-business day to the next business day whatever the time', () => {
    expect(acceptanceDate(jst('2026-11-21T09:00:00'), CUTOFF)).toBe('2026-11-24'); // Sat → Mon 勤労感謝の日 → Tue
  });
});

describe('scheduledDateMaster', () => {
  it('uses the documented windows: normal 3–5, express 1–2 business days', () => {
    expect(DELIVERY_WINDOWS).toEqual({
      normal: { minBusinessDays: 3, maxBusinessDays: 5 },
      express: { minBusinessDays: 1, maxBusinessDays: 2 },
    });
  });

  // [case, order instant (Tokyo), normal [start, end], express [start, end]]
  it.each([
    ['an ordinary Wednesday morning', '2026-06-10T10:00:00', ['2026-06-15', '2026-06-17'], ['2026-06-11', '2026-06-12']],
    [
      'Golden Week: Friday 5/1 before the cut-off skips 5/2–5/6',
      '2026-05-01T10:00:00',
      ['2026-05-11', '2026-05-13'],
      ['2026-05-07', '2026-05-08'],
    ],
    [
      'Golden Week: Friday 5/1 after the cut-off is accepted on 5/7',
      '2026-05-01T16:00:00',
      ['2026-05-12', '2026-05-14'],
      ['2026-05-08', '2026-05-11'],
    ],
    [
      'year end: 12/28 before the cut-off resumes on 1/4',
      '2026-12-28T11:00:00',
      ['2027-01-06', '2027-01-08'],
      ['2027-01-04', '2027-01-05'],
    ],
    [
      'year end: 12/28 after the cut-off is accepted on 1/4 and also skips 成人の日',
      '2026-12-28T15:30:00',
      ['2027-01-07', '2027-01-12'],
      ['2027-01-05', '2027-01-06'],
    ],
    [
      'a Saturday order counts from the next business day',
      '2026-11-21T09:00:00',
      ['2026-11-27', '2026-12-01'],
      ['2026-11-25', '2026-11-26'],
    ],
  ])('%s', (_, at, [normalStartDate, normalEndDate], [expressStartDate, expressEndDate]) => {
    expect(scheduledDateMaster(jst(at), CUTOFF)).toEqual({ normalStartDate, normalEndDate, expressStartDate, expressEndDate });
  });

  it('reads the cut-off from configuration (ORDER_CUTOFF_TIME) when none is given', () => {
    const cutoff = getEnv().ORDER_CUTOFF_TIME;
    const [hh, mm] = cutoff.split(':');
    const justAfter = new Date(jst(`2026-06-10T${hh}:${mm}:00`).getTime() + 60_000);
    expect(scheduledDateMaster(justAfter).expressStartDate).toBe('2026-06-12');
    expect(scheduledDateMaster(jst(`2026-06-10T${hh}:${mm}:00`)).expressStartDate).toBe('2026-06-11');
  });
});
