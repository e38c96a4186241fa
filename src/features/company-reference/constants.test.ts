import { describe, expect, it } from 'vitest';

import { isRecentSearch } from './constants';

describe('zod-free reference checks used by the pages', () => {
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
