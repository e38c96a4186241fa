import 'server-only';

// The orders feature's server face (server-only): the repository, the payment and fulfilment
// state machines' writes, the member's order view and the order mails. Other features and the
// back office import from '@/features/orders/index.server'; the client-safe face is ./index.ts.

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
} from './server/repository';
export {
  adoptEarlierAttemptCharge,
  claimForCharge,
  claimOrdersToReconcile,
  markConfirmationMailSent,
  transitionPayment,
  type PaymentGuard,
  type PaymentPatch,
} from './server/payment-state';
export {
  addOrderNote,
  advanceFulfilment,
  correctDestination,
  correctTracking,
  getOrderDetail,
  listOrdersForStaff,
  recordRefund,
  type StaffOrderFilter,
} from './server/fulfilment-state';
export { changeReceiptRecipient, lockPaidOrderOfMember, writeReceiptEvent } from './server/receipt-addressee';
export { orderConfirmationMail, orderRefundMail, orderShippedMail } from './server/mails';
export { resumability, toOrderView, type OrderView } from './server/views';
export { ordersBlockingUnregister } from './server/unregister-blockers';
// Pricing (issue 25 §1: moved here from purchase, so payments prices a charge through orders alone).
export {
  catalogueForCharge,
  firstPurchaseAvailable,
  priceChangedError,
  priceOrThrow,
  priceOrderAtCharge,
  resumableOrderOf,
} from './server/pricing/first-purchase';
export { loadCatalogue } from './server/pricing/catalogue-store';
export { defaultCatalogue, type CatalogueItem } from './server/pricing/catalogue';
export { priceSelection, taxSummaryLines, type PriceBreakdown } from './server/pricing/price';
// The table read for other features (issue 25 §2): nothing else reads `orders`.
export {
  acceptedOrdersInQueueOrder,
  isOrderOfMember,
  loadOrderForRefund,
  openQueueCounts,
  orderAmountOf,
  orderLabelsOf,
  orderStatusCounts,
  paidOrdersBetween,
} from './server/reads';
