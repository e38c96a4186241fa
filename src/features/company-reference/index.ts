/**
 * The reference service's client-safe face: the record's shapes (the public API's company answer
 * is built from them). Server code is in ./index.server.ts.
 */
export { InvoiceViewSchema, TimelineEntrySchema } from './schemas';
