/**
 * 法人番号 check digit (domain.md §1; 行政手続における特定の個人を識別するための番号の利用等に関する
 * 法律施行令 / 法人番号の指定等に関する省令 第2条). Pure and isomorphic: no `server-only`, no imports,
 * so query validation on either side of the wire can use it.
 *
 * The check digit is the FIRST of the 13 digits. With the 12-digit base P counted from the right
 * (P1 least significant) and weights Q = 1 for odd n, 2 for even n:
 *   check = 9 − (Σ Pn × Qn mod 9)
 */

const ZERO = 48;

/**
 * Check digit for a 12-digit base (ASCII digits). Returns -1 when the input is not exactly
 * 12 ASCII digits, so callers on the hot import path need no exception handling.
 */
export function corporateNumberCheckDigit(base12: string): number {
  if (base12.length !== 12) return -1;
  let sum = 0;
  for (let i = 0; i < 12; i++) {
    const d = base12.charCodeAt(i) - ZERO;
    if (d < 0 || d > 9) return -1;
    // i = 11 is P1 (odd, weight 1); i = 10 is P2 (even, weight 2); …
    sum += (11 - i) % 2 === 0 ? d : d * 2;
  }
  return 9 - (sum % 9);
}

/** True for exactly 13 ASCII digits whose first digit is the check digit of the other 12. */
export function isValidCorporateNumber(value: string): boolean {
  if (value.length !== 13) return false;
  const check = value.charCodeAt(0) - ZERO;
  if (check < 1 || check > 9) return false; // 9 − (x mod 9) is always 1–9
  return corporateNumberCheckDigit(value.slice(1)) === check;
}

export type CorporateNumberProblem = 'format' | 'check-digit';

/**
 * Why a string is not a valid 法人番号, or null when it is one. `format`: not 13 ASCII digits;
 * `check-digit`: 13 digits whose check digit is wrong (worth a message of its own: usually a typo).
 */
export function corporateNumberProblem(value: string): CorporateNumberProblem | null {
  if (!/^\d{13}$/.test(value)) return 'format';
  return isValidCorporateNumber(value) ? null : 'check-digit';
}

/** The 13-digit 法人番号 for a 12-digit base (used by the sample-data generator and tests). */
export function withCheckDigit(base12: string): string {
  const check = corporateNumberCheckDigit(base12);
  if (check < 0) throw new RangeError(`a 12-digit base is required, got ${JSON.stringify(base12)}`);
  return `${check}${base12}`;
}
