// The orders feature's public face (isomorphic): order and fulfilment states with their labels,
// the orderability rule, the order number, the company/price/destination shapes. Server code: ./server/index.ts.
export * from './schemas';
export * from './destination';
export * from './fulfilment';
export * from './orderable';
export * from './addressee';
export * from './order-number';
export * from './selection';
export * from './refund-statement';
export { issuerOf, type IssuerOperator } from './issuer';
export {
  DRAFT_ORDERS_PER_MEMBER,
  DRAFT_ORDER_MAX_AGE_MS,
  MAX_QUANTITY_PER_ITEM,
  MIN_QUANTITY_PER_ITEM,
  PAYMENT_DEADLINE_MINUTES,
  PAYMENT_DEADLINE_MS,
  TOO_MANY_DRAFTS_MESSAGE,
  paymentDeadline,
} from './constants';
export * from './registry-number';
