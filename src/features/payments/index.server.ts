import 'server-only';

// The payments feature's server face (server-only), for other features: the refunds service
// (docs/decisions/0018-refunds.md), the one handler that tells the orders feature and the member
// when a refund succeeded, and the price of the day. Route handlers of payments itself import
// ./server modules directly.

export {
  OUTSIDE_REFUND_LABEL,
  findRefundStatementOfOrder,
  listRefunds,
  listRefundsSettledBetween,
  listSucceededRefunds,
  refundTotals,
  requestRefund,
  type FoundRefundStatement,
  type Refund,
  type RefundStatus,
  type RefundTotals,
} from './server/refunds';
export { recordSucceededRefund } from './server/refund-succeeded';
export { withTodaysPrices } from './server/todays-price';
