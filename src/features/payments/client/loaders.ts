/**
 * What the card forms of other features (purchase's steps, マイページ's card form) load on demand
 * through the payments face (docs/decisions/0090, 0097): payjp.js's loader with PAY.JP's field, and
 * the buyer's words for a PAY.JP error code with it. Each import() fetches that module alone, not
 * the face.
 */
export const loadPayjpJs = () => import('./payjp-js');
export const loadPayjpBuyerMessageText = () => import('./buyer-message').then((m) => m.payjpBuyerMessageText);
