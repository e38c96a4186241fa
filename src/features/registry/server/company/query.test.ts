import { describe, expect, it } from 'vitest';
import { parseCompanyLegalNumberQuery, parseCorporateNumberQuery } from './query';

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

describe('parseCompanyLegalNumberQuery', () => {
  it.each([
    ['as the record page and a certificate print it', '0104-01-067252'],
    ['bare', '010401067252'],
    ['in full-width digits with a full-width hyphen', '０１０４－０１－０６７２５２'],
  ])('reads a 会社法人等番号 %s as its 法人番号', (_, input) => {
    expect(parseCompanyLegalNumberQuery(input)).toBe('5010401067252');
  });

  it('reads nothing else', () => {
    for (const other of ['5010401067252', '01040106725', 'T010401067252', 'ソニー', ''])
      expect(parseCompanyLegalNumberQuery(other), other).toBeNull();
  });
});
