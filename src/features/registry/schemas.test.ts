import { describe, expect, it } from 'vitest';
import { CompanyLookupParamsSchema } from './schemas';

describe('CompanyLookupParamsSchema', () => {
  it('requires a corporate number', () => {
    expect(CompanyLookupParamsSchema.safeParse({ corporateNumber: '' }).error?.issues[0]?.message).toBe('法人番号を入力してください。');
    expect(CompanyLookupParamsSchema.parse({ corporateNumber: ' 8040001999013 ' })).toEqual({ corporateNumber: '8040001999013' });
  });
});
