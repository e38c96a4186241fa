// The payments feature's public face (isomorphic): the buyer's words for every PAY.JP outcome.
// Server code (PAY.JP client, cards, the order payment state machine, refunds) is in ./server;
// the card-holder rules (./card-holder.ts) and the refund split (./refund-split.ts,
// docs/decisions/0018-refunds.md) are imported directly by the modules that use them.
export { payjpBuyerMessage } from '@/features/payments/payjp-messages';
// One attempt per order at a time (docs/decisions/0057): the code of an attempt the order no longer has.
export { SUPERSEDED_ATTEMPT_CODE } from './client/attempts';
