import 'server-only';

// The orders feature's server face (server-only): the repository, the payment and fulfilment
// state machines' writes, the member's order view and the order mails. Other features and the
// back office import from '@/features/orders/index.server'; the client-safe face is ./index.ts.

export {
  ORDER_NOT_FOUND_MESSAGE,
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
  type NewOrder,
  type OrderEventRow,
  type OrderRow,
} from './server/repository';
export {
  adoptEarlierAttemptCharge,
  claimForCharge,
  claimOrdersToReconcile,
  markConfirmationMailSent,
  transitionPayment,
  type ChargeClaim,
  type PaymentGuard,
  type PaymentPatch,
  type PriceSnapshotLike,
} from './server/payment-state';
export {
  addOrderNote,
  advanceFulfilment,
  correctDestination,
  correctTracking,
  fulfilmentQueueOrder,
  getOrderDetail,
  listOrdersForStaff,
  recordRefund,
  type DestinationCorrectionInput,
  type DestinationFields,
  type FulfilmentStepInput,
  type TrackingCorrectionInput,
  type OrderDetail,
  type RefundInput,
  type StaffOrderCursor,
  type StaffOrderFilter,
  type StaffOrderRow,
} from './server/fulfilment-state';
export { changeReceiptRecipient, lockPaidOrderOfMember, writeReceiptEvent, type ReceiptAddresseeChange } from './server/receipt-addressee';
export { orderConfirmationMail, orderRefundMail, orderShippedMail } from './server/mails';
export { resumability, toOrderView, type OrderView } from './server/views';
export { ordersBlockingUnregister } from './server/unregister-blockers';
