/**
 * Postal-code input (domain.md §6): one field that accepts whatever a Japanese user types or
 * pastes — full-width digits, any hyphen-like character, spaces, a leading 〒 — normalised once,
 * the same way in the browser and on the server; shown one way everywhere: 〒100-0005 (issue 13).
 * Isomorphic and zod-free: the recipient form imports it without loading zod (the schema built on
 * it is ZipcodeSchema in ./schemas.ts).
 */

export const ZIPCODE_MESSAGE = '郵便番号は7桁の数字で入力してください。';

/**
 * The longest postal code as typed that is looked at (「〒 １００ － ０００５ 」 and the like);
 * longer input is refused before it is normalised. The form's field takes as many characters.
 */
export const ZIPCODE_INPUT_MAX_LENGTH = 32;

/**
 * Hyphen-like characters people put between the 3 and 4 digits, after NFKC (which already turns
 * － U+FF0D into '-' and ｰ U+FF70 into ー U+30FC): - ‐ ‑ ‒ – — ― − ー ─ ━ ⁃ ﹣ ˗.
 */
const HYPHENS = /[-\u2010-\u2015\u2212\u30fc\u2500\u2501\u2043\ufe63\u02d7]/g;
/** Any white space (NFKC turns the ideographic space U+3000 into U+0020 already). */
const SPACES = /\s+/g;
const SEVEN_DIGITS = /^\d{7}$/;

/**
 * NFKC, then drop a leading 〒, spaces and hyphen-like characters. The result is the 7 digits
 * when the input was a postal code, or something the schema rejects. Never throws.
 */
export function normalizeZipcode(input: string): string {
  return input.normalize('NFKC').replace(SPACES, '').replace(/^〒/, '').replace(HYPHENS, '');
}

/** Whether `input`, as typed, is a postal code (7 digits once normalised). */
export function isZipcode(input: string): boolean {
  return input.length <= ZIPCODE_INPUT_MAX_LENGTH && SEVEN_DIGITS.test(normalizeZipcode(input));
}

/**
 * A postal code in its display form without the mark: '1000005', '１００－０００５' → '100-0005'.
 * Anything that is not a postal code is returned as it was.
 */
export function formatZipcode(zipcode: string): string {
  const digits = zipcode.length <= ZIPCODE_INPUT_MAX_LENGTH ? normalizeZipcode(zipcode) : '';
  return SEVEN_DIGITS.test(digits) ? `${digits.slice(0, 3)}-${digits.slice(3)}` : zipcode;
}

/** The one display form with the mark, for pages, mails, PDFs and the back office: 〒100-0005. */
export function displayZipcode(zipcode: string): string {
  return `〒${formatZipcode(zipcode)}`;
}
