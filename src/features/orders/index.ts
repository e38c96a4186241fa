// The orders feature's public face (isomorphic): order and fulfilment states with their labels,
// the orderability rule, the company/price/destination shapes. Server code: ./server/index.ts.
export * from './schemas';
export * from './fulfilment';
export * from './orderable';
export { PAYMENT_DEADLINE_MINUTES, PAYMENT_DEADLINE_MS, paymentDeadline } from './constants';
