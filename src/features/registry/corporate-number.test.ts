import { describe, expect, it } from 'vitest';
import { corporateNumberCheckDigit, corporateNumberProblem, isValidCorporateNumber, withCheckDigit } from './corporate-number';

describe('法人番号 check digit', () => {
  it.each(['8040001999013', '5111101000006', '1180301018771', '4000012090001'])('accepts the documented example %s', (n) => {
    expect(isValidCorporateNumber(n)).toBe(true);
    expect(corporateNumberProblem(n)).toBeNull();
  });

  it('computes the first digit from the other twelve', () => {
    expect(corporateNumberCheckDigit('040001999013')).toBe(8);
    expect(withCheckDigit('180301018771')).toBe('1180301018771');
  });

  it('rejects every single-digit change of a valid number except 0↔9, which mod 9 cannot see', () => {
    const valid = '8040001999013';
    for (let i = 0; i < 13; i++) {
      for (let d = 0; d <= 9; d++) {
        const was = Number(valid[i]);
        if (d === was || Math.abs(d - was) === 9) continue;
        const changed = valid.slice(0, i) + String(d) + valid.slice(i + 1);
        expect(isValidCorporateNumber(changed), changed).toBe(false);
      }
    }
    expect(isValidCorporateNumber('8940001999013')).toBe(true); // the documented blind spot
  });

  it('tells a wrong check digit apart from a malformed number', () => {
    expect(corporateNumberProblem('8040001999014')).toBe('check-digit');
    expect(corporateNumberProblem('804000199901')).toBe('format');
    expect(corporateNumberProblem('８０４０００１９９９０１３')).toBe('format'); // full-width: the caller normalises first
    expect(corporateNumberProblem('80400019990a3')).toBe('format');
  });

  it('returns -1 instead of throwing for a base that is not 12 digits', () => {
    expect(corporateNumberCheckDigit('12345')).toBe(-1);
    expect(corporateNumberCheckDigit('04000199901x')).toBe(-1);
    expect(() => withCheckDigit('123')).toThrow(RangeError);
  });
});
