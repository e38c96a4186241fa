/**
 * The payments feature's face for client components of other features: the buyer's words for
 * PAY.JP outcomes and この申込みを取り消す (docs/decisions/0023). No server code, no zod.
 */
export { payjpBuyerMessage, payjpOutcomeMessage, type PayjpBuyerMessage } from './server/payjp/messages';
export { CancelUnpaidOrder } from './components/unpaid-order';
// The payments endpoints as the browser calls them are in ./client/api.ts, imported directly
// (docs/decisions/0030).
export type { PurchaseResult } from './client/api';
