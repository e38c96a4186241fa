/**
 * The registry data feature's client-safe face (docs/architecture.md, "Feature faces"): the shapes
 * of a company as the registry holds it, the NTA code tables, the 法人番号 check digit and the
 * invoice status rule. Server code (stores, import, lookup) is in ./index.server.ts.
 */
export * from './schemas';
export { COMPANY_ERROR_MESSAGES, isKindCode, type CompanyErrorCode, type KindCode } from './constants';
export { registryCoverageLead } from './coverage';
export { NTA_CLOSE_CAUSE, NTA_KIND, type NtaKind, type NtaRow } from './nta-types';
export { isValidCorporateNumber, withCheckDigit } from './corporate-number';
export { IDENTIFIER_MESSAGES, parseBulkLine } from './identifier-line';
export { invoiceDataAsOf, invoiceStandingOf, todayInJapan, type InvoiceStatus } from './invoice-status';
// The search over the registry's index (docs/decisions/0101): its limits and messages.
export {
  ADDRESS_QUERY_MIN,
  SEARCH_COUNT_CAP,
  SEARCH_ERROR_MESSAGES,
  SEARCH_MAX_PAGES,
  SEARCH_PAGE_SIZE,
  type SearchErrorCode,
} from './search-rules';
