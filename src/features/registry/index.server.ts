import 'server-only';

/**
 * The registry data feature's server face: the served SQLite files (registry and invoice), the
 * lookup of a company by 法人番号, and what company search builds on (the open registry, row
 * decoding, company views). Importers and the updater are reached by scripts directly.
 */
export { getRegistryStore, RegistryStore, OpenRegistry } from './server/store/store';
export { registryCoverage } from './server/store/coverage';
export { getInvoiceStore, InvoiceStore } from './server/invoice/store';
export { GRAM_DF_MIN } from './server/store/schema';
export { unpackRow, type RegistryRecord } from './server/store/row-codec';
export { displayAddress, formerNamesOf, historyOf, registryInfo, toSummary } from './server/company/company-view';
export { getCompany, getCompany as findCompanyByNumber } from './server/company/get-company';
export { companiesAtSameAddress } from './server/company/same-address';
export { lookupCompany } from './server/company/lookup';
export { parseCompanyLegalNumberQuery, parseCorporateNumberQuery } from './server/company/query';
export { companyFailure, PUBLIC_CACHE_CONTROL, publicGet, takeOrThrow, UNAVAILABLE_HEADERS } from './server/http';
export {
  codePoints,
  containsExpression,
  englishExpression,
  englishQueryWords,
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
export { importInvoiceFiles } from './server/invoice/import';
export {
  changeFeedStart,
  readInvoiceChanges,
  readRegistryChanges,
  type ChangeBatch,
  type ChangeCursor,
  type InvoiceChange,
  type RegistryChange,
} from './server/changes';
