import { describe, expect, it } from 'vitest';
import { parseCorporateNumberQuery } from './query';

describe('parseCorporateNumberQuery', () => {
  it.each(['8040001999013', '5111101000006', '1180301018771', '4000012090001'])(
    'accepts the NTA specification example %s (domain.md §1)',
    (n) => {
      expect(parseCorporateNumberQuery(n)).toEqual({ type: 'valid', corporateNumber: n });
    },
  );

  it.each([
    ['full-width digits', '８０４０００１９９９０１３'],
    ['hyphens of any kind', '8040-0019‐99013'],
    ['spaces', ' 8040 0019 99013 '],
    ['a T prefix (registration number)', 'T8040001999013'],
    ['a full-width Ｔ prefix', 'Ｔ８０４０００１９９９０１３'],
  ])('reads %s', (_, input) => {
    expect(parseCorporateNumberQuery(input)).toEqual({ type: 'valid', corporateNumber: '8040001999013' });
  });

  it('tells a wrong check digit apart from text', () => {
    expect(parseCorporateNumberQuery('9040001999013')).toEqual({ type: 'bad-check-digit', corporateNumber: '9040001999013' });
    expect(parseCorporateNumberQuery('804000199901')).toEqual({ type: 'not-a-number' });
    expect(parseCorporateNumberQuery('トヨタ')).toEqual({ type: 'not-a-number' });
    expect(parseCorporateNumberQuery('80400019990133')).toEqual({ type: 'not-a-number' });
  });
});
