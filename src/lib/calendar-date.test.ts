import { describe, expect, it } from 'vitest';

import { isCalendarDate } from './calendar-date';

describe('isCalendarDate', () => {
  it('takes real days and refuses anything else without throwing', () => {
    expect(isCalendarDate('2026-12-07')).toBe(true);
    expect(isCalendarDate('2024-02-29')).toBe(true);
    for (const bad of [
      '2026-02-30',
      '2025-02-29',
      '0000-00-00',
      '2026-13-01',
      'today',
      '2026-1-1',
      '20260101',
      ' ',
      '',
      '９９９９-01-01',
    ]) {
      expect(isCalendarDate(bad), bad).toBe(false);
    }
  });
});
