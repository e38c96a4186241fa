import { describe, expect, it } from 'vitest';

import { groupDigits } from './digits';

describe('groupDigits', () => {
  it('writes integers as toLocaleString("ja-JP") does', () => {
    for (const n of [0, 7, 999, 1000, 12345, 100000, 1234567, 5_500_000, -1000, -42, Number.MAX_SAFE_INTEGER]) {
      expect(groupDigits(n)).toBe(n.toLocaleString('ja-JP'));
    }
  });

  it('leaves other numbers to Intl', () => {
    expect(groupDigits(1234.5)).toBe((1234.5).toLocaleString('ja-JP'));
  });
});
