/**
 * The honorific rule (docs/decisions/0024) as a module of its own, for a page that imports it on
 * demand (the confirmation step, docs/decisions/0047); the rule itself is ../addressee.ts.
 */
export { receiptAddresseeOf, withHonorific } from '../addressee';

/** This module, imported on demand: the confirmation step's addressee lines (docs/decisions/0047). */
export const loadAddresseeRules = () => import('./addressee');
