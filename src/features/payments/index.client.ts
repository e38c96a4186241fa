/**
 * The payments feature's face for client components of other features: the buyer's words for
 * PAY.JP outcomes and この申込みを取り消す (docs/decisions/0023). No server code, no zod.
 */
export { payjpBuyerMessage, payjpOutcomeMessage, type PayjpBuyerMessage } from './server/payjp/messages';
export { CancelUnpaidOrder, type PurchaseResult } from './components/unpaid-order';

/**
 * The same two, fetched on first use: the purchase confirmation needs them only after a failed
 * payment or for an unfinished order, so they stay out of its first load (issue 13 §1).
 */
export const loadPayjpBuyerMessage = () => import('./server/payjp/messages').then((m) => m.payjpBuyerMessage);
export const loadCancelUnpaidOrder = () => import('./components/unpaid-order').then((m) => ({ default: m.CancelUnpaidOrder }));
