// The payments feature's client-safe face (docs/architecture.md, "Feature faces"): the buyer's
// words for every PAY.JP outcome, the card form's rules, the endpoints as the browser calls them
// (docs/decisions/0030) and この申込みを取り消す (docs/decisions/0023). Server code (PAY.JP client,
// cards, the order payment state machine) is in ./server; other features' server code uses
// ./index.server.ts. A client component's chunk keeps only what it imports (docs/decisions/0036);
// what a page loads on demand has a loader of its own (loadCancelUnpaidOrder, payjpBuyerMessageText).
export {
  PAYJP_ERROR_MESSAGES,
  payjpBuyerMessage,
  payjpOutcomeMessage,
  type PayjpBuyerAction,
  type PayjpBuyerMessage,
} from './payjp-messages';
// The カード名義 and 3-D Secure e-mail typed beside PAY.JP's card field: one rule for the form and
// the words of PAY.JP's invalid_card_name (issue 13).
export { CARD_EMAIL_MESSAGE, CARD_NAME_MAX_LENGTH, CARD_NAME_MESSAGES, cardEmailError, cardNameError } from './card-holder';
export { normalizeCardEmail, normalizeCardName, normalizeCardNameInput } from './card-name';
// Loaded on demand by a card form (docs/decisions/0097): the checks, payjp.js, the words for an error code.
export { loadCardHolderChecks, loadPayjpBuyerMessageText, loadPayjpJs, type CardHolderChecks } from './client/loaders';
export type { PayjpCardElement, PayjpInstance, PayjpToken, PayjpTokenResult } from './client/payjp-js';
// One card form for members everywhere: PAY.JP's field as a hook, the holder's fields as one component.
export { CardFieldError, usePayjpCardElement } from './client/use-payjp-card-element';
export { CardHolderFields } from './components/card-holder-fields';
// Refunds (docs/decisions/0018-refunds.md): the one rule that splits a refund between the 10 % and
// the non-taxable Ministry parts. The refund service itself (requestRefund, listRefunds,
// refundTotals, reconcileRefunds) is server-only, in ./server/refunds.ts, and used by route
// handlers directly like the rest of ./server: exporting it here would pull server-only code into
// the client components that import this index.
export {
  REFUND_TAX_RATE_PERCENT,
  containedTaxYen,
  remainingAfter,
  splitRefund,
  type RefundRemaining,
  type RefundSplit,
  type RefundSplitResult,
} from './refund-split';
// One attempt per order at a time (docs/decisions/0057): the words for an attempt the order no longer has.
export { ATTEMPT_SUPERSEDED_MESSAGE, SUPERSEDED_ATTEMPT_CODE, SUPERSEDED_ATTEMPT_MESSAGE } from './client/attempts';
// The browser's side (docs/decisions/0030): the endpoints, the cards, the words loaded on demand.
export {
  cancelOrder,
  latestOrderKey,
  purchase,
  retryPayment,
  type ChargeRequest,
  type LatestOrder,
  type PaymentCard,
  type PurchaseResult,
  type RetryPaymentRequest,
} from './client/api';
export { addCard, cardsKey, deleteCard, setDefaultCard, type CardView } from './client/cards';
export { PAYJP_GENERAL_FAILURE, payjpBuyerMessageText } from './client/buyer-message';
export { CancelUnpaidOrder } from './components/unpaid-order';
export { loadCancelUnpaidOrder } from './client/load-cancel-unpaid-order';
