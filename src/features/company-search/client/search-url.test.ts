import { describe, expect, it } from 'vitest';

import {
  EMPTY_SEARCH_STATE,
  formatResultCount,
  parseSearchUrl,
  searchApiPath,
  searchCsvPath,
  searchApiQuery,
  searchPageHref,
  searchUrlQuery,
} from './search-url';
import { SearchParamsSchema } from '../schemas';

describe('search URL state', () => {
  it('reads q, pref, closed and kind from a query string', () => {
    expect(parseSearchUrl(new URLSearchParams('q=トヨタ&pref=23&city=211&closed=1&kind=301'))).toEqual({
      q: 'トヨタ',
      pref: '23',
      city: '211',
      addr: '',
      closed: true,
      kind: '301',
    });
  });

  it('drops unknown or malformed values instead of failing', () => {
    expect(parseSearchUrl({ q: ['a', 'b'], pref: '99', city: '101', closed: 'yes', kind: '300' })).toEqual({
      q: 'a',
      pref: '',
      city: '',
      addr: '',
      closed: false,
      kind: '',
    });
    expect(parseSearchUrl({})).toEqual(EMPTY_SEARCH_STATE);
  });

  it('writes a short, stable query string and leaves empty values out', () => {
    expect(searchUrlQuery({ q: ' ソニー ', pref: '', city: '', addr: '', closed: false, kind: '' })).toBe('q=%E3%82%BD%E3%83%8B%E3%83%BC');
    expect(searchPageHref({ q: 'a', pref: '13', city: '', addr: '', closed: true, kind: '305' })).toBe(
      '/search?q=a&pref=13&closed=1&kind=305',
    );
    expect(searchPageHref({ q: 'a', pref: '13', city: '103', addr: '', closed: false, kind: '' })).toBe('/search?q=a&pref=13&city=103');
    // A 市区町村 without its prefecture means nothing (the codes repeat across prefectures).
    expect(searchPageHref({ q: 'a', pref: '', city: '103', addr: '', closed: false, kind: '' })).toBe('/search?q=a');
    expect(parseSearchUrl({ q: 'a', pref: '13', city: '1x3' }).city).toBe('');
    expect(searchPageHref(EMPTY_SEARCH_STATE)).toBe('/search');
  });

  it('round-trips through the URL', () => {
    const state = { q: '日本 建設', pref: '47', city: '201', addr: '久茂地1', closed: true, kind: '399' as const };
    expect(parseSearchUrl(new URLSearchParams(searchUrlQuery(state)))).toEqual(state);
  });

  it('translates to an API query the API schema accepts', () => {
    const query = searchApiQuery({ q: 'トヨタ', pref: '23', city: '211', addr: '', closed: true, kind: '301' });
    expect(query).toEqual({ q: 'トヨタ', prefecture: '23', city: '211', includeClosed: '1', kind: '301' });
    expect(SearchParamsSchema.parse(query)).toEqual({ q: 'トヨタ', prefecture: '23', city: '211', includeClosed: true, kind: ['301'] });
    expect(searchApiPath({ q: 'a', pref: '', city: '', addr: '', closed: false, kind: '' }, 'abc')).toBe(
      '/api/corporates/search?q=a&cursor=abc',
    );
  });

  it('downloads the same search as CSV, without a cursor', () => {
    expect(searchCsvPath({ q: 'トヨタ', pref: '23', city: '', addr: '', closed: true, kind: '301' })).toBe(
      '/api/corporates/search/csv?q=%E3%83%88%E3%83%A8%E3%82%BF&prefecture=23&includeClosed=1&kind=301',
    );
    expect(searchCsvPath({ q: 'トヨタ', pref: '23', city: '211', addr: '', closed: false, kind: '' })).toBe(
      '/api/corporates/search/csv?q=%E3%83%88%E3%83%A8%E3%82%BF&prefecture=23&city=211',
    );
    expect(searchCsvPath(EMPTY_SEARCH_STATE)).toBeNull();
  });

  it('searches the address field alone, or with a name, from 2 characters', () => {
    const alone = searchApiQuery({ ...EMPTY_SEARCH_STATE, addr: ' 丸の内二丁目 ', pref: '13', city: '101' });
    expect(alone).toEqual({ address: '丸の内二丁目', prefecture: '13', city: '101' });
    expect(SearchParamsSchema.parse(alone)).toEqual({ address: '丸の内二丁目', prefecture: '13', city: '101', includeClosed: false });
    expect(searchApiQuery({ ...EMPTY_SEARCH_STATE, q: 'ソニー', addr: '港南' })).toEqual({ q: 'ソニー', address: '港南' });
    // One character is still being typed: not searched (alone), left out (with a name).
    expect(searchApiQuery({ ...EMPTY_SEARCH_STATE, addr: '町' })).toBeNull();
    expect(searchApiQuery({ ...EMPTY_SEARCH_STATE, q: 'ソニー', addr: '町' })).toEqual({ q: 'ソニー' });
    expect(searchPageHref({ ...EMPTY_SEARCH_STATE, addr: '大手町1', pref: '13' })).toBe(
      '/search?pref=13&addr=%E5%A4%A7%E6%89%8B%E7%94%BA1',
    );
  });

  it('has nothing to search for a blank query', () => {
    expect(searchApiQuery({ ...EMPTY_SEARCH_STATE, q: '   ', pref: '13' })).toBeNull();
    expect(searchApiPath(EMPTY_SEARCH_STATE)).toBeNull();
  });

  it('shows the count, or 「1,000件以上」 beyond the cap', () => {
    expect(formatResultCount({ count: 0, countCapped: false })).toBe('0件');
    expect(formatResultCount({ count: 162, countCapped: false })).toBe('162件');
    expect(formatResultCount({ count: 1000, countCapped: false })).toBe('1,000件');
    expect(formatResultCount({ count: 1000, countCapped: true })).toBe('1,000件以上');
  });
});
