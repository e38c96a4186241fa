import { describe, expect, it } from 'vitest';

import { KIND_CODES, isKindCode, isRecentSearch } from './constants';
import { KindCodeSchema } from './schemas';

describe('zod-free registry checks used by the pages', () => {
  it('isKindCode agrees with KindCodeSchema', () => {
    for (const v of [...KIND_CODES, '', '999', '30', 'toString', '__proto__', 301, null]) {
      expect(isKindCode(v), String(v)).toBe(KindCodeSchema.safeParse(v).success);
    }
  });

  it('isRecentSearch takes back only the stored shape', () => {
    expect(isRecentSearch({ q: 'トヨタ' })).toBe(true);
    expect(isRecentSearch({ q: 'トヨタ', prefecture: '23', includeClosed: true })).toBe(true);
    for (const bad of [
      null,
      [],
      'トヨタ',
      { q: '' },
      { q: 'x'.repeat(101) },
      { q: 'a', prefecture: '1' },
      { q: 'a', prefecture: 23 },
      { q: 'a', includeClosed: 'true' },
      { q: 'a', extra: 1 },
    ]) {
      expect(isRecentSearch(bad), JSON.stringify(bad)).toBe(false);
    }
  });
});
