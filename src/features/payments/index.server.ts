import 'server-only';

// The payments feature's server face (server-only), for other features: the refunds service
// (docs/decisions/0018-refunds.md; a caller adds only its audit row, 0100) and the price of the day. Route handlers of payments itself import
// ./server modules directly.

export {
  findRefundStatementOfOrder,
  listRefunds,
  listRefundsSettledBetween,
  listSucceededRefunds,
  refundTotals,
  requestRefund,
  type FoundRefundStatement,
  type Refund,
  type RefundAuditEvent,
  type RefundStatus,
  type RefundTotals,
} from './server/refunds';
export { OUTSIDE_REFUND_LABEL } from './server/refund-succeeded';
export { withTodaysPrices } from './server/todays-price';
export { ensurePayjpPlan } from './server/plans';
// The PAY.JP adapter for the API's subscriptions (issue 27 §2, docs/decisions/0113): the api feature
// owns its subscriptions and reads PAY.JP through this client; the member's customer and cards stay here.
export { getPayjpClient, type PayjpClient } from './server/payjp/client';
export { PayjpApiError, PayjpError, describePayjpFailure } from './server/payjp/errors';
export { isThreeDSecurePassed, type PayjpCharge, type PayjpSubscription } from './server/payjp/schemas';
export { buildThreeDSecureStartUrl } from './server/payjp/three-d-secure';
export { findCustomerId } from './server/customers';
export { paymentStateCounts } from './server/state-counts';
// Plain rules the API's subscriptions need on the server, without the client face's components (and their CSS).
export { containedTaxYen } from './refund-split';
export { payjpBuyerMessage } from './payjp-messages';
