// The purchase feature's public face for other features. Server-only: the payments feature prices
// an order at charge time with the one first-purchase rule (docs/decisions/0008, issue 11 §5).
// Client components of other features have nothing to import from here.
export { catalogueForCharge, priceChangedError, priceOrderAtCharge } from './server/first-purchase';
