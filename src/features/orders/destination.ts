/**
 * The destination's fields without zod (issue 13): labels, limits and messages that
 * DestinationSchema (./schemas.ts, the order API's and the recipient form's one schema) is built
 * from, for client components that must not load zod up front. Which characters the address may
 * hold is the address feature's rule (printable.ts); the postal code is its ZipcodeSchema.
 */
import { displayZipcode } from '@/features/address';

import { RECEIPT_ADDRESSEE_MAX_LENGTH } from './constants';

export interface DestinationTextField {
  /** The field's name in messages (「{label}を入力してください。」). */
  label: string;
  /** UTF-16 units after NFKC and trimming, as zod's `.max` counts. */
  maxLength: number;
  required: boolean;
}

/** The free-text fields of a destination; each must also be printable (address feature). */
export const DESTINATION_TEXT_FIELDS = {
  recipient: { label: 'お届け先の宛名', maxLength: 60, required: true },
  destinationCity: { label: '市区町村', maxLength: 60, required: true },
  destinationStreet: { label: '町名・番地', maxLength: 100, required: true },
  destinationApartmentEtc: { label: '建物名・部屋番号', maxLength: 100, required: false },
  // What the form and API accept, the receipt stores and the PDF prints in full.
  receiptRecipient: { label: '領収書の宛名', maxLength: RECEIPT_ADDRESSEE_MAX_LENGTH, required: true },
} as const satisfies Record<string, DestinationTextField>;
export type DestinationTextKey = keyof typeof DESTINATION_TEXT_FIELDS;

export const PREFECTURE_MESSAGE = '都道府県を選択してください。';

/** Text as the schema checks and stores it: NFKC (security.md "Input and output"), trimmed. */
export function normalizeDestinationText(value: string): string {
  return value.normalize('NFKC').trim();
}

export function requiredMessage(label: string): string {
  return `${label}を入力してください。`;
}

/**
 * Whether every field the destination requires has a value (after NFKC and trimming), by the same
 * `required` flags DestinationSchema is built from — without zod. Pages use it to tell at once that
 * a stored address is unfinished; whether a finished one is valid is the schema's to say (on submit,
 * and the order API's).
 */
export function destinationFilledIn(
  d: Partial<Record<DestinationTextKey | 'destinationZipCode' | 'destinationPrefecture', unknown>>,
): boolean {
  const filled = (v: unknown) => typeof v === 'string' && normalizeDestinationText(v) !== '';
  if (!filled(d.destinationZipCode) || !filled(d.destinationPrefecture)) return false;
  return (Object.keys(DESTINATION_TEXT_FIELDS) as DestinationTextKey[]).every((k) => !DESTINATION_TEXT_FIELDS[k].required || filled(d[k]));
}

export function maxLengthMessage(label: string, max: number): string {
  return `${label}は${max}文字以内で入力してください。`;
}

/** The fields an address line is made of (a stored order's or the flow's destination). */
export interface DestinationAddress {
  destinationZipCode: string;
  destinationPrefecture: string;
  destinationCity: string;
  destinationStreet: string;
  destinationApartmentEtc: string;
}

/**
 * 「〒100-0005 東京都千代田区丸の内1-1-1 サンプルビル3階」: the one way the completion page, the
 * order mail and the back office write a destination (the postal code in its display form).
 */
export function formatDestinationAddress(d: DestinationAddress): string {
  const building = d.destinationApartmentEtc ? ` ${d.destinationApartmentEtc}` : '';
  return `${displayZipcode(d.destinationZipCode)} ${d.destinationPrefecture}${d.destinationCity}${d.destinationStreet}${building}`;
}
