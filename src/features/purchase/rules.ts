/**
 * The purchase flow's rules without zod (which companies can be ordered is the orders feature's
 * zod-free orderable.ts), for the pages: schemas.ts builds its schemas from these
 * and re-exports them, so each rule keeps one owner while the pages ship no zod up front (issue 13).
 */

/** Copies of one certificate per order (operator rule; the Legal Affairs Bureau has no limit). */
export const MIN_QUANTITY_PER_ITEM = 1;
export const MAX_QUANTITY_PER_ITEM = 10;
