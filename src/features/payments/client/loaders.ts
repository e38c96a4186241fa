/**
 * What a card form beside PAY.JP's card field loads on demand through the payments face (purchase's
 * recipient and resume steps, the confirmation's PAY.JP return, マイページ's card form; docs/decisions/0090,
 * 0097): payjp.js's loader with PAY.JP's field; the buyer's words for a PAY.JP error code (the
 * messages table, ~2.5 KiB gzipped, is loaded when a message is first shown — docs/decisions/0021,
 * 0030); the カード名義 / e-mail checks and their messages, loaded when a form first checks (on
 * leaving a field, on submit): the face's converting functions are all a form needs while it is
 * typed into. Each import() fetches that module alone, not the face; this file loads nothing at
 * run time. Every page that takes one of these takes the others too.
 *
 * この申込みを取り消す's loader stays apart (load-cancel-unpaid-order.ts): in this module it grew the
 * confirmation's first load by 129 bytes (Brotli) and recipient-info's by 17, past its 130 KiB
 * budget — the bundler keeps a module's unused loaders (docs/decisions/0110).
 */
import type { cardEmailError, cardNameError } from '../card-holder';

export const loadPayjpJs = () => import('./payjp-js');
export const loadPayjpBuyerMessageText = () => import('./buyer-message').then((m) => m.payjpBuyerMessageText);

export function loadCardHolderChecks(): Promise<CardHolderChecks> {
  return import('../card-holder');
}
export interface CardHolderChecks {
  cardNameError: typeof cardNameError;
  cardEmailError: typeof cardEmailError;
}
