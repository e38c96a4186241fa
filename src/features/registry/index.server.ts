import 'server-only';

/**
 * The registry data feature's server face: the served SQLite files (registry and invoice), the
 * lookup of a company by 法人番号, and what company search builds on (the open registry, row
 * decoding, company views). Importers and the updater are reached by scripts directly.
 */
export { getRegistryStore, RegistryStore, OpenRegistry, type RegistryState, type RegistryCity } from './server/store/store';
export { registryCoverage } from './server/store/coverage';
export { getInvoiceStore, InvoiceStore, type InvoiceLookup, type InvoiceRegistration } from './server/invoice/store';
export { GRAM_DF_MIN } from './server/store/schema';
export { unpackRow, type RegistryRecord } from './server/store/row-codec';
export { displayAddress, formerNamesOf, historyOf, registryInfo, toRecordView, toSummary } from './server/company/company-view';
export { getCompany, getCompany as findCompanyByNumber } from './server/company/get-company';
export { companiesAtSameAddress, SAME_ADDRESS_LIMIT, type SameAddressCompany } from './server/company/same-address';
export { lookupCompany, type RegistryCompany, type RegistryCompanyOutcome } from './server/company/lookup';
export { parseCompanyLegalNumberQuery, parseCorporateNumberQuery, type CorporateNumberQuery } from './server/company/query';
export { companyFailure, PUBLIC_CACHE_CONTROL, takeOrThrow, UNAVAILABLE_HEADERS } from './server/http';
export {
  codePoints,
  containsExpression,
  englishExpression,
  englishQueryWords,
  addressExpression,
  addressGrams,
  addressExpressionOf,
  addressSearchText,
  ADDRESS_GRAM,
  ADDRESS_SEP,
  ADDRESS_GRAM_LENGTH,
  ADDRESS_GRAM_MAX,
  cityExpression,
  postCodeExpression,
  postCodeQuery,
  kindExpression,
  markedKinds,
  nameExactExpression,
  namePrefixExpression,
  readingPrefixExpression,
} from './server/store/index-tokens';
export { importInvoiceFiles, InvoiceImportError } from './server/invoice/import';
export { INVOICE_COLUMNS } from './server/invoice/types';
export {
  readInvoiceChanges,
  readRegistryChanges,
  type ChangeBatch,
  type ChangeCursor,
  type InvoiceChange,
  type RegistryChange,
} from './server/changes';
export type { InvoiceChangeState } from './server/invoice/writer';
