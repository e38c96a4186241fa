/**
 * The registry data feature's client-safe face (docs/architecture.md, "Feature faces"): the shapes
 * of a company as the registry holds it, the NTA code tables, the 法人番号 check digit and the
 * invoice status rule. Server code (stores, import, lookup) is in ./index.server.ts.
 */
export * from './schemas';
export { COMPANY_ERROR_MESSAGES, KIND_CODES, isKindCode, type CompanyErrorCode, type KindCode } from './constants';
export { registryCoverageLead, type RegistryCoverage } from './coverage';
export { NTA_CLOSE_CAUSE, NTA_KIND, NTA_PROCESS, type NtaKind, type NtaRow } from './nta-types';
export { corporateNumberCheckDigit, isValidCorporateNumber, withCheckDigit } from './corporate-number';
export { IDENTIFIER_MESSAGES, parseBulkLine, type BulkLine } from './identifier-line';
export {
  INVOICE_STATUS_LABELS,
  INVOICE_UNKNOWN_LABEL,
  invoiceDataAsOf,
  invoiceStandingOf,
  invoiceStatusOn,
  todayInJapan,
  type InvoiceStanding,
  type InvoiceStatus,
} from './invoice-status';
