/**
 * Postal-code input (domain.md §6): one field that accepts whatever a Japanese user types or
 * pastes — full-width digits, any hyphen-like character, spaces, a leading 〒 — normalised once,
 * the same way in the browser and on the server. Isomorphic.
 */
import { z } from '@/lib/zod-ja';

export const ZIPCODE_MESSAGE = '郵便番号は7桁の数字で入力してください。';

/**
 * Hyphen-like characters people put between the 3 and 4 digits, after NFKC (which already turns
 * － U+FF0D into '-' and ｰ U+FF70 into ー U+30FC): - ‐ ‑ ‒ – — ― − ー ─ ━ ⁃ ﹣ ˗.
 */
const HYPHENS = /[-\u2010-\u2015\u2212\u30fc\u2500\u2501\u2043\ufe63\u02d7]/g;
/** Any white space (NFKC turns the ideographic space U+3000 into U+0020 already). */
const SPACES = /\s+/g;

/**
 * NFKC, then drop a leading 〒, spaces and hyphen-like characters. The result is the 7 digits
 * when the input was a postal code, or something the schema rejects. Never throws.
 */
export function normalizeZipcode(input: string): string {
  return input.normalize('NFKC').replace(SPACES, '').replace(/^〒/, '').replace(HYPHENS, '');
}

/** '1000005' → '100-0005' (display form). */
export function formatZipcode(zipcode: string): string {
  return /^\d{7}$/.test(zipcode) ? `${zipcode.slice(0, 3)}-${zipcode.slice(3)}` : zipcode;
}

/** A postal code as typed → its 7 ASCII digits, with the one Japanese message otherwise. */
export const ZipcodeSchema = z
  .string({ error: ZIPCODE_MESSAGE })
  // Longer than any way of writing 7 digits: refuse before normalising.
  .max(32, { error: ZIPCODE_MESSAGE })
  .transform(normalizeZipcode)
  .pipe(z.string().regex(/^\d{7}$/, { error: ZIPCODE_MESSAGE }));
