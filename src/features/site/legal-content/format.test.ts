import { describe, expect, it } from 'vitest';
import { formatBusinessDays, formatJapaneseDate, formatYen, formatYenNonTaxable, formatYenTaxIncluded, siteOrigin } from './format';
import { legalOperatorInfo } from './operator-from-env';
import { parseEnv } from '@/config/env';
import { siteInfoFrom } from '@/config/site';

describe('legal formatting', () => {
  it('formats yen with thousands separators and the tax label', () => {
    expect(formatYen(0)).toBe('0円');
    expect(formatYenTaxIncluded(1100)).toBe('1,100円（税込）');
    expect(formatYenTaxIncluded(1234567)).toBe('1,234,567円（税込）');
    expect(formatYenNonTaxable(480)).toBe('480円（非課税）');
  });

  it('rejects fractional and negative amounts', () => {
    expect(() => formatYen(1.5)).toThrow(RangeError);
    expect(() => formatYen(-1)).toThrow(RangeError);
  });

  it('formats ISO dates as Japanese prose dates without time-zone shifts', () => {
    expect(formatJapaneseDate('2026-04-01')).toBe('2026年4月1日');
    expect(formatJapaneseDate('2026-12-31')).toBe('2026年12月31日');
    expect(() => formatJapaneseDate('2026/04/01')).toThrow(RangeError);
    expect(() => formatJapaneseDate('2026-13-01')).toThrow(RangeError);
  });

  it('formats business-day ranges', () => {
    expect(formatBusinessDays({ minBusinessDays: 2, maxBusinessDays: 4 })).toBe('2〜4営業日');
    expect(formatBusinessDays({ minBusinessDays: 3, maxBusinessDays: 3 })).toBe('3営業日');
  });

  it('strips trailing slashes from the site URL', () => {
    expect(siteOrigin('https://hojin.example/')).toBe('https://hojin.example');
  });

  it('maps the configuration to OperatorInfo', () => {
    const env = parseEnv({ OPERATOR_NAME: '株式会社設定テスト', APP_BASE_URL: 'https://hojin.example' });
    const operator = legalOperatorInfo(siteInfoFrom(env));
    expect(operator.name).toBe('株式会社設定テスト');
    expect(operator.siteUrl).toBe('https://hojin.example');
    expect(operator.invoiceNumber).toMatch(/^T\d{13}$/);
  });
});
