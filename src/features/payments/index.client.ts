/**
 * The payments feature's face for client components of other features: この申込みを取り消す
 * (docs/decisions/0023). No server code, no zod. The card form's rules and the buyer's words for
 * PAY.JP's codes (loaded on demand) are in ./client/card-form.ts, the endpoints as the browser calls
 * them in ./client/api.ts, each imported directly (docs/decisions/0030).
 */
export { CancelUnpaidOrder } from './components/unpaid-order';
