import { describe, expect, it } from 'vitest';

import { ZipcodeSchema } from './schemas';
import { ZIPCODE_MESSAGE, displayZipcode, formatZipcode, isZipcode, normalizeZipcode } from './zipcode';

describe('normalizeZipcode', () => {
  it.each([
    ['1000005', '1000005'],
    ['100-0005', '1000005'],
    ['１００－０００５', '1000005'], // full-width digits and full-width hyphen-minus
    ['１００ー０００５', '1000005'], // 長音符 typed by IME
    ['100ｰ0005', '1000005'], // half-width 長音
    ['100‐0005', '1000005'], // U+2010 hyphen
    ['100−0005', '1000005'], // U+2212 minus
    ['100–0005', '1000005'], // en dash
    [' 100 0005 ', '1000005'],
    ['１００　０００５', '1000005'], // ideographic space
    ['〒100-0005', '1000005'],
    ['〒１００－０００５', '1000005'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeZipcode(input)).toBe(expected);
  });
});

describe('ZipcodeSchema', () => {
  it('gives the 7 digits for any accepted way of writing them', () => {
    expect(ZipcodeSchema.parse('１００－０００５')).toBe('1000005');
  });

  it.each([[''], ['100-000'], ['100-00055'], ['abc-defg'], ['100_0005'], ['١٠٠٠٠٠٥'], ['1'.repeat(40)]])(
    'rejects %s with the one Japanese message',
    (input) => {
      const result = ZipcodeSchema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(ZIPCODE_MESSAGE);
    },
  );

  it('rejects a missing value with the same message', () => {
    expect(ZipcodeSchema.safeParse(undefined).error?.issues[0]?.message).toBe(ZIPCODE_MESSAGE);
  });
});

describe('formatZipcode', () => {
  it('writes 7 digits as 3-4 with a hyphen and leaves anything else alone', () => {
    expect(formatZipcode('1000005')).toBe('100-0005');
    expect(formatZipcode('100')).toBe('100');
  });
});

describe('isZipcode and displayZipcode (the one display form, issue 13)', () => {
  it.each([['1000005'], ['100-0005'], ['１００－０００５'], ['〒100-0005'], [' 100 0005 ']])(
    '%s is a postal code shown as 〒100-0005',
    (input) => {
      expect(isZipcode(input)).toBe(true);
      expect(displayZipcode(input)).toBe('〒100-0005');
      expect(formatZipcode(input)).toBe('100-0005');
    },
  );

  it('is not fooled by 6 or 8 digits, letters or an overlong input', () => {
    for (const input of ['100000', '10000055', 'abcdefg', `1000005${' '.repeat(40)}`]) expect(isZipcode(input)).toBe(false);
    expect(displayZipcode('12345')).toBe('〒12345');
  });
});
