/**
 * The payments feature's face for client components of other features: the カード名義 / e-mail
 * rules typed beside PAY.JP's card field, the buyer's words for PAY.JP outcomes (loaded when one is
 * shown) and この申込みを取り消す (docs/decisions/0023). No server code, no zod.
 */
import { PAYJP_GENERAL_FAILURE } from './general-failure';

export type { PayjpBuyerMessage } from './server/payjp/messages';
export { cardEmailError, cardNameError, normalizeCardEmail, normalizeCardName, normalizeCardNameInput } from './card-holder';
export { CancelUnpaidOrder } from './components/unpaid-order';
// The payments endpoints as the browser calls them are in ./client/api.ts, imported directly
// (docs/decisions/0030).
export type { PurchaseResult } from './client/api';

/**
 * The buyer's words for a PAY.JP error code (payjp.js's createToken, `?payment_error=` after
 * 3-D Secure). The table of every code (~2.5 KiB gzipped) is loaded when a message is first needed,
 * not on the purchase pages' first load (docs/decisions/0021, 0030).
 */
export async function payjpBuyerMessageText(code: string): Promise<string> {
  try {
    const { payjpBuyerMessage } = await import('./server/payjp/messages');
    return payjpBuyerMessage(code).message;
  } catch {
    // The words could not be loaded (the network failed after the payment step answered).
    return PAYJP_GENERAL_FAILURE;
  }
}
