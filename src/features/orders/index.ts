// The orders feature's client-safe face (docs/architecture.md, "Feature faces"): order and
// fulfilment states with their labels, the orderability rule, the order number, the
// company/price/destination shapes. Server code: ./index.server.ts.
export * from './schemas';
export * from './destination';
export * from './fulfilment';
export * from './orderable';
export * from './addressee';
export * from './order-number';
export * from './selection';
export * from './refund-statement';
export { receiptPath, refundStatementPath } from './download-paths';
export { issuerOf, type IssuerOperator } from './issuer';
export { DRAFT_ORDERS_PER_MEMBER, DRAFT_ORDER_MAX_AGE_MS, MAX_QUANTITY_PER_ITEM, PAYMENT_DEADLINE_MS, paymentDeadline } from './constants';
export * from './registry-number';
// The honorific rule loaded on demand (the confirmation step, docs/decisions/0047).
export { loadAddresseeRules } from './client/addressee';
