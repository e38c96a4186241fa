import { createHmac } from 'node:crypto';

/**
 * PAY.JP's test cards (pay.jp/docs/testcard, domain.md §3). Any other Luhn-valid number of an
 * accepted brand behaves like 4242424242424242. The emulator never stores a card number: a card
 * keeps its last four digits, brand, fingerprint and the behaviour derived from the number here,
 * so a developer who types a real number into the local stand-in leaves nothing on disk.
 */

export type Brand = 'Visa' | 'MasterCard' | 'JCB' | 'American Express' | 'Diners Club' | 'Discover';

/** Refused when the token is created (402 from POST /v1/tokens). */
export const TOKEN_TIME_ERRORS: Readonly<Record<string, { code: string; message: string }>> = {
  '4000000000000002': { code: 'card_declined', message: 'Card declined.' },
  '4000000000000069': { code: 'expired_card', message: 'Card is expired.' },
  '4000000000000127': { code: 'invalid_cvc', message: 'Invalid CVC.' },
  '4000000000000119': { code: 'processing_error', message: 'An error occurred while processing the card.' },
  '4000003720000278': { code: 'invalid_expiration_date', message: 'Invalid expiration date.' },
  '4000000000001110': { code: 'invalid_expiration_date', message: 'Invalid expiration date.' },
  '36227206271667': { code: 'unacceptable_brand', message: 'This card brand is not accepted.' },
};

/** Behaviour when a charge is authorised (at POST /v1/charges, or at tds_finish for 3-D Secure). */
export interface ChargeBehaviour {
  code: string;
  message: string;
  /** Declined only above this amount (the "over ¥10,000" card); undefined = always. */
  declineAbove?: number;
}

export const CHARGE_TIME_ERRORS: Readonly<Record<string, ChargeBehaviour>> = {
  '4000000000080319': { code: 'card_declined', message: 'Card declined.' },
  '4000000000004012': { code: 'expired_card', message: 'Card is expired.' },
  '4000000000080202': { code: 'card_declined', message: 'Card declined: credit limit exceeded.', declineAbove: 10_000 },
  '4000000000000077': { code: 'invalid_expiration_date', message: 'Invalid expiration date.' },
  '4000000000001111': { code: 'invalid_expiration_date', message: 'Invalid expiration date.' },
};

/** Cards that tokenise fine but report a failed or unavailable check. */
export const CHECK_RESULTS: Readonly<Record<string, { address_zip_check?: string; cvc_check?: string }>> = {
  '4000000000000036': { address_zip_check: 'failed' },
  '4000000000000101': { cvc_check: 'failed' },
  '4000000000000044': { cvc_check: 'unavailable' },
};

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function brandOf(number: string): Brand | undefined {
  const n2 = Number(number.slice(0, 2));
  const n3 = Number(number.slice(0, 3));
  const n4 = Number(number.slice(0, 4));
  if (number.startsWith('4')) return 'Visa';
  if ((n2 >= 51 && n2 <= 55) || (n4 >= 2221 && n4 <= 2720)) return 'MasterCard';
  if (n4 >= 3528 && n4 <= 3589) return 'JCB';
  if (n2 === 34 || n2 === 37) return 'American Express';
  if ((n3 >= 300 && n3 <= 305) || n2 === 36 || n2 === 38 || n2 === 39) return 'Diners Club';
  if (n4 === 6011 || n2 === 65 || (n3 >= 644 && n3 <= 649)) return 'Discover';
  return undefined;
}

/** Same number → same fingerprint (as PAY.JP guarantees); 32 hex characters like PAY.JP's. */
export function fingerprintOf(number: string): string {
  return createHmac('sha256', 'hojin-payjp-emulator-fingerprint').update(number).digest('hex').slice(0, 32);
}

export function chargeBehaviourOf(number: string): ChargeBehaviour | undefined {
  return CHARGE_TIME_ERRORS[number];
}
