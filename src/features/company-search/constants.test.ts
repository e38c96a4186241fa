import { describe, expect, it } from 'vitest';

import { isCityCode } from './constants';
import { SearchParamsSchema } from './schemas';

describe('zod-free company search checks used by the pages', () => {
  it('isCityCode agrees with the schema’s city field', () => {
    for (const v of ['101', '211', '000', '1', '1011', 'abc', '１０１', '', ' 101']) {
      const schema = SearchParamsSchema.safeParse({ q: 'トヨタ', prefecture: '13', city: v }).success;
      expect(isCityCode(v), v).toBe(schema);
    }
  });
});
