import { describe, expect, it } from 'vitest';

import {
  ORDER_NUMBER_ALPHABET,
  ORDER_NUMBER_PATTERN,
  isOrderNumber,
  newOrderNumber,
  orderNumberMonth,
  parseOrderNumberInput,
} from './order-number';

describe('the order number alphabet', () => {
  it('has 30 distinct symbols and none of the look-alikes 0 O 1 I L (nor U)', () => {
    expect(new Set(ORDER_NUMBER_ALPHABET).size).toBe(30);
    expect(ORDER_NUMBER_ALPHABET.length).toBe(30);
    for (const c of '0O1ILU') expect(ORDER_NUMBER_ALPHABET).not.toContain(c);
  });
});

describe('orderNumberMonth', () => {
  it('is the year and month in Japan time', () => {
    expect(orderNumberMonth(new Date('2026-11-15T03:00:00Z'))).toBe('2611');
    // 2026-11-30 15:00 UTC is 1 December 00:00 in Tokyo
    expect(orderNumberMonth(new Date('2026-11-30T14:59:59Z'))).toBe('2611');
    expect(orderNumberMonth(new Date('2026-11-30T15:00:00Z'))).toBe('2612');
    // New Year in Tokyo while it is still December in UTC
    expect(orderNumberMonth(new Date('2026-12-31T15:00:00Z'))).toBe('2701');
    expect(orderNumberMonth(new Date('2100-01-10T00:00:00Z'))).toBe('0001');
  });
});

describe('newOrderNumber', () => {
  it('is HJ-YYMM-XXXXX with five characters of the alphabet', () => {
    const at = new Date('2026-11-26T01:00:00Z');
    for (let i = 0; i < 200; i++) {
      const n = newOrderNumber(at);
      expect(n).toMatch(/^HJ-2611-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{5}$/);
      expect(isOrderNumber(n)).toBe(true);
    }
  });

  it('draws every symbol about equally often (rejection sampling: no bias towards the first symbols)', () => {
    const counts = new Map<string, number>();
    const at = new Date();
    for (let i = 0; i < 6000; i++) for (const c of newOrderNumber(at).slice(-5)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(30);
    // 30,000 symbols: 1,000 each expected; ±20 % is far outside chance (σ ≈ 31)
    for (const n of counts.values()) expect(Math.abs(n - 1000)).toBeLessThan(200);
  });

  it('skips bytes that would bias the draw (240–255) and maps the rest modulo 30', () => {
    const bytes = [255, 240, 0, 29, 30, 239, 1, 2];
    const source = (b: Uint8Array) => {
      for (let i = 0; i < b.length; i++) b[i] = bytes.shift() ?? 5;
    };
    // 0 → '2', 29 → 'Z', 30 → '2', 239 (= 7 × 30 + 29) → 'Z', 1 → '3'
    expect(newOrderNumber(new Date('2026-11-26T01:00:00Z'), source)).toBe('HJ-2611-2Z2Z3');
  });

  it('gives different numbers (24.3 million a month)', () => {
    const at = new Date();
    const seen = new Set(Array.from({ length: 2000 }, () => newOrderNumber(at)));
    expect(seen.size).toBeGreaterThan(1990);
  });
});

describe('the format check', () => {
  it.each([
    ['HJ-2611-4K7QX', true],
    ['HJ-2601-22222', true],
    ['HJ-2612-ZZZZZ', true],
    ['hj-2611-4k7qx', false], // canonical form is upper case; typed input goes through parseOrderNumberInput
    ['HJ-2613-4K7QX', false], // no 13th month
    ['HJ-2600-4K7QX', false],
    ['HJ-2611-4K7Q', false], // four characters
    ['HJ-2611-4K7QXX', true], // the long form (0058)
    ['HJ-2611-4K7QXXX', false],
    ['HJ-2611-4K7Q0', false], // 0 is not in the alphabet
    ['HJ-2611-4K7QO', false],
    ['HJ-2611-4K7QI', false],
    ['HJ-2611-4K7QL', false],
    ['HJ-2611-4K7QU', false],
    ['HJ26114K7QX', false],
    ['7f0c8a9e-2d1b-4c3a-9e8f-1a2b3c4d5e6f', false],
    [' HJ-2611-4K7QX', false],
  ])('%s → %s', (value, ok) => {
    expect(ORDER_NUMBER_PATTERN.test(value)).toBe(ok);
    expect(isOrderNumber(value)).toBe(ok);
  });
});

describe('parseOrderNumberInput: the number as staff type what a member quotes', () => {
  it.each([
    ['HJ-2611-4K7QX', 'HJ-2611-4K7QX'],
    ['hj-2611-4k7qx', 'HJ-2611-4K7QX'],
    ['HJ26114K7QX', 'HJ-2611-4K7QX'],
    ['hj 2611 4k7qx', 'HJ-2611-4K7QX'],
    ['  HJ-2611-4K7QX\t', 'HJ-2611-4K7QX'],
    ['ＨＪ－２６１１－４Ｋ７ＱＸ', 'HJ-2611-4K7QX'], // full-width, as typed with a Japanese IME
    ['ｈｊ２６１１４ｋ７ｑｘ', 'HJ-2611-4K7QX'],
    ['HJ‐2611‐4K7QX', 'HJ-2611-4K7QX'], // U+2010 hyphen
    ['HJ−2611−4K7QX', 'HJ-2611-4K7QX'], // U+2212 minus
    ['HJー2611ー4K7QX', 'HJ-2611-4K7QX'], // katakana long vowel mark, a common IME slip
    ['HJ－２６１１　４Ｋ７ＱＸ', 'HJ-2611-4K7QX'], // full-width space
    ['2611-4K7QX', 'HJ-2611-4K7QX'], // prefix left out
    ['26114k7qx', 'HJ-2611-4K7QX'],
  ])('%s → %s', (typed, canonical) => {
    expect(parseOrderNumberInput(typed)).toBe(canonical);
  });

  it.each([
    [''],
    ['HJ'],
    ['HJ-2611-4K7Q'], // too short
    ['HJ-2611-4K7QXYZ'], // too long (six is the long form, 0058)
    ['HJ-2611-4K7Q0'], // a character the alphabet does not have is refused, not guessed
    ['HJ-2611-4K7QO'],
    ['HJ-2611-4K7QI'],
    ['HJ-2613-4K7QX'], // no 13th month
    ['XX-2611-4K7QX'],
    ['HJ-2611-4K7Q!'],
    ['7f0c8a9e-2d1b-4c3a-9e8f-1a2b3c4d5e6f'],
    ['R-2026-000123'], // a receipt number is not an order number
  ])('%s → null', (typed) => {
    expect(parseOrderNumberInput(typed)).toBeNull();
  });
});
