import { describe, expect, it } from 'vitest';

import { apiKey, withQuery } from './api-key';

describe('withQuery', () => {
  it('appends the set values and leaves out empty ones', () => {
    expect(withQuery('/api/x', { a: 'あ b', n: 2, t: true, e: '', u: undefined, z: null })).toBe('/api/x?a=%E3%81%82+b&n=2&t=true');
  });

  it('gives the bare path when no value is set', () => {
    expect(withQuery('/api/x', { e: '' })).toBe('/api/x');
  });
});

describe('apiKey', () => {
  it('is the path itself at run time (the SWR fetcher sends it as GET)', () => {
    expect(apiKey<{ n: number }>('/api/x?a=1')).toBe('/api/x?a=1');
  });
});
