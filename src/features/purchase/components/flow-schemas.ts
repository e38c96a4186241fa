/**
 * The zod schemas the purchase pages check in the browser, in their own chunk: the pages load it
 * with `purchaseSchemas()` (lazy-schemas.ts) when they check an address, so zod is not part of
 * their first-load JavaScript (issue 13). DestinationSchema is the orders feature's own (the server's).
 */
export { DestinationSchema } from '@/features/orders';
export { fieldErrors } from '@/lib/field-errors';
