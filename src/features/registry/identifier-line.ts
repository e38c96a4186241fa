/**
 * One line naming a company, as a member types or pastes it (the bulk check, the watch list):
 * a 法人番号, an invoice registration number (T + 13 digits), or else an exact name. Isomorphic
 * and zod-free; the registry owns it because it owns the 法人番号 and its check digit.
 */
import { isValidCorporateNumber } from './corporate-number';

/** What an identifier line that cannot be a number gets. */
export const IDENTIFIER_MESSAGES = {
  bad_check_digit: '法人番号の検査用数字（先頭の1桁）が合いません。番号をご確認ください。',
  bad_number: '法人番号は13桁、登録番号はTと13桁の数字です。',
} as const;

export type BulkLine =
  | { kind: 'number'; input: string; corporateNumber: string }
  /** 適格請求書発行事業者登録番号: T + 13 digits (for a corporation, T + its 法人番号). */
  | { kind: 'invoice'; input: string; corporateNumber: string }
  | { kind: 'name'; input: string; name: string }
  | { kind: 'invalid'; input: string; message: string };

// Hyphens of every width and spaces: what people type between groups of digits.
const SEPARATORS = /[\s\-‐‑‒–—―−ー－ｰ_.]/gu;

/** One non-blank line: a 法人番号, a T-number, or else an exact name. */
export function parseBulkLine(raw: string): BulkLine {
  const input = raw.trim();
  const nfkc = input.normalize('NFKC').trim();
  const compact = nfkc.replace(SEPARATORS, '');
  const invoice = /^[Tt](\d+)$/.exec(compact);
  const digits = invoice?.[1] ?? (/^\d+$/.test(compact) ? compact : null);
  if (digits !== null) {
    if (digits.length !== 13) return { kind: 'invalid', input, message: IDENTIFIER_MESSAGES.bad_number };
    if (!isValidCorporateNumber(digits)) return { kind: 'invalid', input, message: IDENTIFIER_MESSAGES.bad_check_digit };
    return { kind: invoice ? 'invoice' : 'number', input, corporateNumber: digits };
  }
  return { kind: 'name', input, name: nfkc.replace(/\s+/gu, ' ') };
}
