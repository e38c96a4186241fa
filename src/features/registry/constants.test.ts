import { describe, expect, it } from 'vitest';

import { KIND_CODES, isKindCode } from './constants';
import { KindCodeSchema } from './schemas';

describe('zod-free registry checks used by the pages', () => {
  it('isKindCode agrees with KindCodeSchema', () => {
    for (const v of [...KIND_CODES, '', '999', '30', 'toString', '__proto__', 301, null]) {
      expect(isKindCode(v), String(v)).toBe(KindCodeSchema.safeParse(v).success);
    }
  });
});
