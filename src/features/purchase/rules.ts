/**
 * The purchase flow's rules without zod (which companies can be ordered is the orders feature's
 * zod-free orderable.ts), for the pages: schemas.ts builds its schemas from these
 * and re-exports them, so each rule keeps one owner while the pages ship no zod up front (issue 13).
 */

// Copies of one certificate per order: the orders feature's rule (it prices the selection).
export { MAX_QUANTITY_PER_ITEM } from '@/features/orders';

/**
 * What the buyer is told when the company of an order cannot be used — by order creation (the API's
 * answer) and by /purchase/select opened for a company (`?corporateNumber=`), which looks the
 * company up the same way (docs/decisions/0033).
 */
export function companyNotFoundMessage(corporateNumber: string): string {
  return `法人番号 ${corporateNumber} の法人は見つかりませんでした。会社を検索して選び直してください。`;
}
export const INVALID_CORPORATE_NUMBER_MESSAGE = 'ご指定の法人番号が正しくありません。会社を検索して選び直してください。';
export const REGISTRY_UNAVAILABLE_FOR_ORDER_MESSAGE =
  '法人情報を確認できないため、ただいまご注文を受け付けられません。時間をおいてもう一度お試しください。';

/** Saved delivery addresses kept per member (docs/decisions/0063): the least recently used goes first. */
export const SAVED_ADDRESS_LIMIT = 10;
