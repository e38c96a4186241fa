/**
 * The registry data feature's public face (isomorphic): the shapes of a company as the registry
 * holds it, the NTA code tables, the 法人番号 check digit and the invoice status rule. Server code
 * (stores, import, lookup) is in ./index.server.ts.
 */
export * from './schemas';
export { registryCoverageLead } from './coverage';
export { NTA_CLOSE_CAUSE, type NtaKind, type NtaRow } from '@/features/registry/nta-types';
export { withCheckDigit } from '@/features/registry/corporate-number';
export { invoiceDataAsOf, invoiceStandingOf, todayInJapan, type InvoiceStatus } from './server/invoice/status';
