/**
 * The orders feature's limits without zod, for client components (issue 13: zod kept out of the
 * pages' first-load JavaScript). schemas.ts builds its schemas from these and re-exports them.
 */

/** Copies of one certificate per order (operator rule; the Legal Affairs Bureau has no limit). */
export const MIN_QUANTITY_PER_ITEM = 1;
export const MAX_QUANTITY_PER_ITEM = 10;

/**
 * The longest 領収書の宛名 (UTF-16 units, as zod's `.max` counts), after NFKC: the one limit of the order
 * form, the order API, the stored receipt and the PDF (docs/decisions/0009 §10). 100 fits the long
 * names members really give — a registered 商号 with its department and a person
 * (「特定非営利活動法人…… 経理部 山田 太郎」) — and the PDF prints it in full: one line when it
 * fits, otherwise up to three smaller lines above the 宛名 rule (receipts' render-receipt.ts checks
 * the box). Defined here because the addressee is part of the order; receipts re-export it.
 */
export const RECEIPT_ADDRESSEE_MAX_LENGTH = 100;

/**
 * How long an unpaid order stays open after its latest payment attempt started (docs/decisions/0023):
 * until then the member may pay it again (お支払いを再開) or cancel it; afterwards the payment
 * reconciler makes it 期限切れ — after asking PAY.JP whether the charge completed after all. The
 * same length as PAY.JP's 3-D Secure window (domain.md §3), so an attempt expires here when PAY.JP
 * would no longer finish its charge.
 */
export const PAYMENT_DEADLINE_MINUTES = 30;
export const PAYMENT_DEADLINE_MS = PAYMENT_DEADLINE_MINUTES * 60_000;

/**
 * How long a draft (an order created on the confirmation page but never sent to PAY.JP, status
 * `pending`) is kept before the reconciler deletes it (decision 0023, amendment): a day — far past
 * the 30-minute payment window, so nobody in the middle of paying loses it, and short enough that
 * an abandoned draft's addressee and address are not kept without a purpose.
 */
export const DRAFT_ORDER_MAX_AGE_HOURS = 24;
export const DRAFT_ORDER_MAX_AGE_MS = DRAFT_ORDER_MAX_AGE_HOURS * 3_600_000;

/**
 * How many drafts one member may hold at once (docs/decisions/0058): a confirmation page makes one
 * per visit, so a member going back and forth makes a handful; 400 in 5 s is a script. At the limit
 * a new order is refused (429 `too_many_drafts`) until the member pays one or the drafts age out.
 */
export const DRAFT_ORDERS_PER_MEMBER = 20;
export const TOO_MANY_DRAFTS_MESSAGE = `作成途中のご注文が多すぎるため、新しいご注文を作成できません（${DRAFT_ORDERS_PER_MEMBER}件まで）。お支払いの済んでいないご注文は作成から${DRAFT_ORDER_MAX_AGE_HOURS}時間で自動的に削除されます。お急ぎの場合はお問い合わせ窓口までご連絡ください。`;

/** When an unpaid order's payment deadline ends: its latest attempt's start (or its creation) + the deadline. */
export function paymentDeadline(order: { chargingStartedAt: Date | null; createdAt: Date }): Date {
  return new Date((order.chargingStartedAt ?? order.createdAt).getTime() + PAYMENT_DEADLINE_MS);
}
