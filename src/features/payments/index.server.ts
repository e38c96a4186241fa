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
export { paymentStateCounts } from './server/state-counts';
