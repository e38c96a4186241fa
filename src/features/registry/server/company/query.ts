import { isValidCorporateNumber } from '../nta/corporate-number';

/**
 * Reading a search box entry as a 法人番号: 13 digits in any width, with spaces or any
 * hyphen-like separators (「1234-5678-90123」「１２３４５６７８９０１２３」), optionally prefixed by
 * T as in a 適格請求書発行事業者登録番号 (T + 法人番号).
 */
export type CorporateNumberQuery =
  { type: 'valid'; corporateNumber: string } | { type: 'bad-check-digit'; corporateNumber: string } | { type: 'not-a-number' };

const SEPARATORS = /[\s\-‐‑‒–—―−ー－ｰ_.]/gu;

export function parseCorporateNumberQuery(raw: string): CorporateNumberQuery {
  let s = raw.normalize('NFKC').replace(SEPARATORS, '');
  if (s.length === 14 && (s[0] === 'T' || s[0] === 't')) s = s.slice(1);
  if (!/^\d{13}$/.test(s)) return { type: 'not-a-number' };
  return isValidCorporateNumber(s) ? { type: 'valid', corporateNumber: s } : { type: 'bad-check-digit', corporateNumber: s };
}
