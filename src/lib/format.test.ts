import { describe, expect, it, vi } from 'vitest';

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

describe('format without Intl (issue 24 §8, docs/decisions/0068)', () => {
  const tokyo = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const intlParts = (date: Date) => {
    const p = Object.fromEntries(tokyo.formatToParts(date).map((x) => [x.type, x.value]));
    return `${p.year}/${p.month}/${p.day} ${Number(p.hour)}:${p.minute}`;
  };

  it('gives the same Tokyo date and time as Intl over a century of instants', () => {
    // every 61 h 13 min 17 s from 2000 to 2100 (every hour of the day and most minutes come round), and the minutes around Tokyo's midnight and the UTC day's end
    const from = Date.UTC(2000, 0, 1);
    const to = Date.UTC(2100, 0, 1);
    for (let t = from; t < to; t += (61 * 3600 + 13 * 60 + 17) * 1000) {
      const date = new Date(t);
      expect(`${formatDateSlash(date)} ${formatDateTimeJa(date).split(' ')[1]}`).toBe(intlParts(date));
    }
    for (const iso of ['2026-12-31T14:59:59.999Z', '2026-12-31T15:00:00Z', '2028-02-28T15:00:00Z', '2028-02-29T23:59:00Z']) {
      const date = new Date(iso);
      expect(`${formatDateSlash(date)} ${formatDateTimeJa(date).split(' ')[1]}`).toBe(intlParts(date));
    }
  });

  it('makes no Intl formatter: the first one loads ICU data on the main thread of a purchase step', () => {
    const numberFormat = vi.spyOn(Intl, 'NumberFormat');
    const dateTimeFormat = vi.spyOn(Intl, 'DateTimeFormat');
    const toLocaleString = vi.spyOn(Number.prototype, 'toLocaleString');
    try {
      expect(formatYen(1050)).toBe('1,050円');
      expect(formatYen(-1600)).toBe('-1,600円');
      expect(formatYenTaxIncluded(0)).toBe('0円（税込）');
      expect(formatDateTimeJa(new Date('2026-12-07T03:00:00Z'))).toBe('2026年12月7日 12:00');
      expect(formatDateJa(new Date('2026-12-07T15:00:00Z'))).toBe('2026年12月8日');
      expect(numberFormat).not.toHaveBeenCalled();
      expect(dateTimeFormat).not.toHaveBeenCalled();
      expect(toLocaleString).not.toHaveBeenCalled();
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('an invalid date throws as Intl did', () => {
    expect(() => formatDateJa(new Date(Number.NaN))).toThrow(RangeError);
  });
});
