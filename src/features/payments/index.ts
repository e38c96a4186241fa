// The payments feature's public face (isomorphic): the buyer's words for every PAY.JP outcome.
// Server code (PAY.JP client, cards, the order payment state machine) is in ./server.
export {
  PAYJP_ERROR_MESSAGES,
  payjpBuyerMessage,
  payjpOutcomeMessage,
  type PayjpBuyerAction,
  type PayjpBuyerMessage,
} from './server/payjp/messages';
