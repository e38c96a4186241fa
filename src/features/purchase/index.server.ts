import 'server-only';

// The purchase feature's server face for other features: the payments feature prices an order at
// charge time with the one first-purchase rule (docs/decisions/0008, issue 11 §5). Client
// components of other features have nothing to import from the purchase feature.
export { catalogueForCharge, priceChangedError, priceOrderAtCharge } from './server/first-purchase';
