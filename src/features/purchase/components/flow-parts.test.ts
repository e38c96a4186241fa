import { describe, expect, it } from 'vitest';

import { isSearchedCorporate } from './flow-company';

describe('isSearchedCorporate (the stored company the purchase pages read on load)', () => {
  const stored = { corporateNumber: '1180301018771', name: 'トヨタ自動車株式会社', kind: '301', kindLabel: '株式会社', closed: false };

  it('takes the search page’s stored company, other fields included', () => {
    expect(isSearchedCorporate(stored)).toBe(true);
    expect(isSearchedCorporate({ ...stored, furigana: 'トヨタジドウシャ', selectedAt: '2026-11-24T00:00:00Z' })).toBe(true);
    expect(isSearchedCorporate({ corporateNumber: '1180301018771', name: 'A', kind: '301' })).toBe(true);
  });

  it.each([
    ['not JSON object', 'トヨタ'],
    ['null', null],
    ['an array', [stored]],
    ['a 12-digit number', { ...stored, corporateNumber: '118030101877' }],
    ['a number as a number', { ...stored, corporateNumber: 1180301018771 }],
    ['an empty name', { ...stored, name: '' }],
    ['no kind', { corporateNumber: stored.corporateNumber, name: stored.name }],
    ['closed as a string', { ...stored, closed: 'false' }],
    ['kindLabel not a string', { ...stored, kindLabel: 1 }],
  ])('refuses %s', (_name, value) => {
    expect(isSearchedCorporate(value)).toBe(false);
  });
});
