// The purchase feature's client-safe face (docs/architecture.md, "Feature faces"): the request
// bodies of the payment endpoints as the browser sends them, derived from their schemas (types only:
// nothing here reaches a bundle). The first-purchase pricing rule is in ./index.server.ts.
export type { ChargeRequest, RetryPaymentRequest } from './schemas';
