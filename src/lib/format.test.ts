import { describe, expect, it } from 'vitest';

import { formatDateJa, formatDateSlash, formatDateTimeJa, formatIsoDateJa, formatYen, formatYenTaxIncluded } from './format';

describe('format', () => {
  it('formats yen with separators and the tax-included label', () => {
    expect(formatYen(12345)).toBe('12,345円');
    expect(formatYenTaxIncluded(1100)).toBe('1,100円（税込）');
  });

  it('formats dates in Asia/Tokyo whatever the machine time zone', () => {
    const lateUtc = new Date('2026-03-31T15:30:00Z'); // 2026-04-01 00:30 in Tokyo
    expect(formatDateJa(lateUtc)).toBe('2026年4月1日');
    expect(formatDateSlash(lateUtc)).toBe('2026/04/01');
    expect(formatDateTimeJa(lateUtc)).toBe('2026年4月1日 0:30');
    expect(formatIsoDateJa('2017-05-09')).toBe('2017年5月9日');
  });

  it('gives a date-time with seconds (audit rows) in the same style as without', () => {
    const at = new Date('2026-11-26T22:31:56.900Z'); // 2026-11-27 07:31:56 in Tokyo
    expect(formatDateTimeJa(at)).toBe('2026年11月27日 7:31');
    expect(formatDateTimeJa(at, { seconds: true })).toBe('2026年11月27日 7:31:56');
    expect(formatDateTimeJa(new Date('2026-11-26T15:00:05Z'), { seconds: true })).toBe('2026年11月27日 0:00:05');
  });
});
