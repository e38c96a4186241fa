// The payments feature's server face (server-only), for other features: the refunds service
// (docs/decisions/0018-refunds.md) and the one handler that tells the orders feature and the member
// when a refund succeeded. Route handlers of payments itself import ./server modules directly.
import 'server-only';

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
} from './refunds';
export { recordSucceededRefund } from './refund-succeeded';
export { withTodaysPrices } from './todays-price';
