/**
 * One attempt per order at a time (docs/decisions/0057): the words for a page of an attempt the
 * order no longer has. Plain values (no zod, no server code), for the 3-D Secure return, the retry
 * and the pages that show them.
 */

/** `?payment_error=` of a late 3-D Secure return from an earlier attempt's page that could not complete the order. */
export const SUPERSEDED_ATTEMPT_CODE = 'superseded_attempt';

export const SUPERSEDED_ATTEMPT_MESSAGE =
  'この本人認証の画面は、後から始めたお支払いに置き換えられていたため、この画面でのお支払いは行われていません（この画面の分の料金は請求されていません）。下に表示しているお申込みの状況をご確認ください。';

/** A retry from a page that saw an attempt the order has since replaced (POST /api/payments/retry 409 `payment_attempt_changed`). */
export const ATTEMPT_SUPERSEDED_MESSAGE =
  'このお申込みのお支払いは、別の画面（または直前の操作）で新しく始められています。二重のご請求を防ぐため、この画面からのお支払いは行いませんでした。最新の状況を表示します。';
