/**
 * The buyer's words for a PAY.JP error code, the messages table loaded when a message is first
 * shown (docs/decisions/0021, 0030). Its own module, so a page that only shows a message (the
 * confirmation's PAY.JP return) loads neither the card form's rules nor the table up front
 * (docs/decisions/0036).
 */
import { PAYJP_GENERAL_FAILURE } from '../general-failure';

/** (for a page whose own loader of these words failed: the confirmation's return messages) */
export { PAYJP_GENERAL_FAILURE };

/** The buyer's words for a PAY.JP error code (payjp.js's createToken, `?payment_error=` after 3-D Secure). */
export async function payjpBuyerMessageText(code: string): Promise<string> {
  try {
    const { payjpBuyerMessage } = await import('@/features/payments/payjp-messages');
    return payjpBuyerMessage(code).message;
  } catch {
    // The words could not be loaded (the network failed after the payment step answered).
    return PAYJP_GENERAL_FAILURE;
  }
}
