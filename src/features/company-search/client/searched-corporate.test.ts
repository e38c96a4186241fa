import { describe, expect, it } from 'vitest';

import { sampleCompany } from '@tests/support/company-search';
import { SearchedCorporateSchema, lastSearchHref, toSearchedCorporate } from './searched-corporate';

const company = sampleCompany({
  furigana: 'ショウゴウヘンコウゴ',
  streetNumber: '丸の内一丁目1番1号',
  address: '東京都千代田区丸の内一丁目1番1号',
  match: 'exact',
});

describe('searched_corporate', () => {
  it('keeps what the purchase flow shows and parses back with its schema', () => {
    const stored = toSearchedCorporate(company, new Date('2026-01-02T03:04:05Z'));
    expect(SearchedCorporateSchema.parse(JSON.parse(JSON.stringify(stored)))).toEqual({
      corporateNumber: '8040001999013',
      name: '株式会社商号変更後',
      furigana: 'ショウゴウヘンコウゴ',
      kind: '301',
      kindLabel: '株式会社',
      prefectureName: '東京都',
      postCode: '1000005',
      address: '東京都千代田区丸の内一丁目1番1号',
      closed: false,
      closeDate: null,
      selectedAt: '2026-01-02T03:04:05.000Z',
    });
  });

  it('refuses an edited value with extra or malformed fields', () => {
    const stored = toSearchedCorporate(company);
    expect(SearchedCorporateSchema.safeParse({ ...stored, corporateNumber: '123' }).success).toBe(false);
    expect(SearchedCorporateSchema.safeParse({ ...stored, extra: 1 }).success).toBe(false);
  });

  it('leads back to the stored search, dropping values the page would not accept', () => {
    expect(lastSearchHref({ q: 'トヨタ', pref: '23', closed: true, kind: '301' })).toBe(
      '/search?q=%E3%83%88%E3%83%A8%E3%82%BF&pref=23&closed=1&kind=301',
    );
    expect(lastSearchHref({ q: 'a', pref: '99', closed: false, kind: 'x' })).toBe('/search?q=a');
  });
});
