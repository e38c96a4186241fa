// The orders feature's server face (server-only): the repository, the payment and fulfilment
// state machines' writes, the member's order view and the order mails. Other features and the
// back office import from '@/features/orders/server'; the isomorphic face is ../index.ts.
import 'server-only';

export {
  deleteStaleDrafts,
  findOrder,
  findOrderByIdempotencyKey,
  findOrderByNumber,
  findOrderOfCharge,
  findPaidOrderOfMember,
  getOwnOrder,
  insertOrder,
  latestOrder,
  listMemberOrders,
  listOrderEvents,
  orderNumbersOf,
  reloadOrder,
  type OrderEventRow,
  type OrderRow,
} from './repository';
export {
  adoptEarlierAttemptCharge,
  claimForCharge,
  claimOrdersToReconcile,
  markConfirmationMailSent,
  transitionPayment,
  type PaymentGuard,
  type PaymentPatch,
} from './payment-state';
export {
  addOrderNote,
  advanceFulfilment,
  correctDestination,
  correctTracking,
  fulfilmentQueueOrder,
  getOrderDetail,
  listOrdersForStaff,
  recordRefund,
  type StaffOrderFilter,
} from './fulfilment-state';
export { changeReceiptRecipient, lockPaidOrderOfMember, writeReceiptEvent } from './receipt-addressee';
export { orderConfirmationMail, orderRefundMail, orderShippedMail } from './mails';
export { resumability, toOrderView, type OrderView } from './views';
export { ordersBlockingUnregister } from './unregister-blockers';
// Pricing (issue 25 §1: moved here from purchase, so payments prices a charge through orders alone).
export {
  catalogueForCharge,
  firstPurchaseAvailable,
  priceChangedError,
  priceOrThrow,
  priceOrderAtCharge,
  resumableOrderOf,
} from './pricing/first-purchase';
export { loadCatalogue } from './pricing/catalogue-store';
export { defaultCatalogue, type CatalogueItem } from './pricing/catalogue';
export { priceSelection, taxSummaryLines, type PriceBreakdown } from './pricing/price';
// The table read for other features (issue 25 §2): nothing else reads `orders`.
export {
  acceptedOrdersInQueueOrder,
  isOrderOfMember,
  loadOrderForRefund,
  openQueueCounts,
  orderAmountOf,
  orderLabelsOf,
  paidOrdersBetween,
} from './reads';
