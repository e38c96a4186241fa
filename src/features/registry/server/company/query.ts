import 'server-only';

import { isValidCorporateNumber, withCheckDigit } from '@/features/registry/corporate-number';

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

/**
 * Reading a search box entry as a 会社法人等番号: the 12 digits the Legal Affairs Bureau prints on a
 * certificate (「0104-01-067252」, office 4 - kind 2 - serial 6), which are the last 12 digits of the
 * 法人番号 of a 設立登記法人 (domain.md §1). The record page shows it in that form, so a visitor
 * who copies it into the search box is looking for that company: its 法人番号 is the 12 digits
 * with their check digit in front. Null for anything else.
 */
export function parseCompanyLegalNumberQuery(raw: string): string | null {
  const s = raw.normalize('NFKC').replace(SEPARATORS, '');
  return /^\d{12}$/.test(s) ? withCheckDigit(s) : null;
}
