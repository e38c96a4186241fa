import { SUPERSEDED_ATTEMPT_CODE, SUPERSEDED_ATTEMPT_MESSAGE, payjpBuyerMessageText } from '@/features/payments';

/** Codes of `?payment_error=` that are ours, not PAY.JP's (the 3-D Secure return, /api/payments/tds-return). */
const RETURN_ERRORS: Record<string, string> = {
  not_found: 'ご注文が見つかりませんでした。お手数ですが、もう一度ご注文手続きを行ってください。',
  no_charge_created: 'お支払いは完了していません（料金は請求されていません）。お手数ですが、もう一度ご注文手続きを行ってください。',
  [SUPERSEDED_ATTEMPT_CODE]: SUPERSEDED_ATTEMPT_MESSAGE,
};

/**
 * What the confirmation says for `?payment_error=<code>`: our own codes, else PAY.JP's code in the
 * buyer's words. Loaded only when the page has such a code (docs/decisions/0038).
 */
export function returnErrorText(code: string): Promise<string> {
  return Object.hasOwn(RETURN_ERRORS, code) ? Promise.resolve(RETURN_ERRORS[code]!) : payjpBuyerMessageText(code);
}
