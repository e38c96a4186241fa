import { describe, expect, it } from 'vitest';

import { companyRegistryNumber } from './registry-number';

describe('会社法人等番号', () => {
  it('is the 法人番号 without its check digit, written 4-2-6', () => {
    // トヨタ自動車株式会社: 法人番号 1180301018771, 会社法人等番号 1803-01-018771
    expect(companyRegistryNumber('1180301018771')).toBe('1803-01-018771');
    expect(companyRegistryNumber('118030101877')).toBeNull();
    expect(companyRegistryNumber('abc')).toBeNull();
  });
});
