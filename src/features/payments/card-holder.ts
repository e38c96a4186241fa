/**
 * What the buyer types beside PAY.JP's card field (issue 13): the カード名義 and the e-mail
 * address for 3-D Secure, both sent to PAY.JP with the token (never to our server). PAY.JP (EMV
 * 3-D Secure) takes a name of at most 45 half-width letters, digits, spaces, periods and hyphens,
 * and refuses others with `invalid_card_name`. A Japanese keyboard often types the name in full
 * width (「ＴＡＲＯ　ＹＡＭＡＤＡ」): that is converted, not refused — NFKC, upper case, one space
 * between words — as the buyer types and when the field is left. The form checks with these
 * functions and the payments feature words PAY.JP's `invalid_card_name` with the same message.
 * Isomorphic and zod-free (the purchase page imports it without loading zod).
 */

import { THREE_D_SECURE } from '@/lib/payment-terms';

import { normalizeCardEmail, normalizeCardName } from './card-name';

export { normalizeCardEmail, normalizeCardName, normalizeCardNameInput } from './card-name';

export const CARD_NAME_MAX_LENGTH = 45;

export const CARD_NAME_MESSAGES = {
  required: 'カード名義を、カードに記載のとおり入力してください（例：TARO YAMADA）。',
  tooLong: `カード名義は${CARD_NAME_MAX_LENGTH}文字以内で入力してください。`,
  invalid: `カード名義は半角英字（${CARD_NAME_MAX_LENGTH}文字以内）で、カードに記載のとおり入力してください。`,
} as const;

export const CARD_EMAIL_MESSAGE = `本人認証（${THREE_D_SECURE}）に使うメールアドレスを入力してください。`;

const CARD_NAME = /^[A-Z0-9.-]+(?: [A-Z0-9.-]+)*$/;
/** What PAY.JP accepts for `card[email]`: something@domain.tld, no spaces. */
const CARD_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What is wrong with a カード名義 (normalised here first), or null when PAY.JP will take it. */
export function cardNameError(input: string): string | null {
  const name = normalizeCardName(input);
  if (name === '') return CARD_NAME_MESSAGES.required;
  if (!CARD_NAME.test(name)) return CARD_NAME_MESSAGES.invalid;
  if (name.length > CARD_NAME_MAX_LENGTH) return CARD_NAME_MESSAGES.tooLong;
  return null;
}

export function cardEmailError(input: string): string | null {
  return CARD_EMAIL.test(normalizeCardEmail(input)) ? null : CARD_EMAIL_MESSAGE;
}
