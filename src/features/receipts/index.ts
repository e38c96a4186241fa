/**
 * The receipts feature's public face (isomorphic): schemas and labels for the payment history
 * and receipt links. Server code lives in ./server and is imported by route handlers directly.
 */
export * from './schemas';
export { issuerOf, type IssuerOperator } from './issuer';
export {
  RefundStatementFileSchema,
  RefundStatementSnapshotSchema,
  buildRefundStatementSnapshot,
  refundStatementPath,
  type RefundStatementFacts,
  type RefundStatementSnapshot,
} from './refund-statement';
