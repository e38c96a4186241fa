import 'server-only';

/**
 * The registry data feature's server face: the served SQLite files (registry and invoice), the
 * lookup of a company by 法人番号, the search over the registry's index and the bulk check's
 * lookups (the index's format and the queries over it are the registry's alone, docs/decisions/0101),
 * and the change feed the watch job reads. Importers and the updater are reached by scripts directly.
 */
export { getRegistryStore, RegistryStore, OpenRegistry } from './server/store/store';
export { registryCoverage } from './server/store/coverage';
export { servedSnapshotId } from './server/snapshot/snapshot';
export { getInvoiceStore, InvoiceStore } from './server/invoice/store';
export { unpackRow, type RegistryRecord } from './server/store/row-codec';
export { displayAddress } from './server/company/company-view';
export { getCompany, getCompany as findCompanyByNumber } from './server/company/get-company';
export { companiesAtSameAddress } from './server/company/same-address';
export { lookupCompany } from './server/company/lookup';
export { parseCorporateNumberQuery } from './server/company/query';
export { companyFailure, PUBLIC_CACHE_CONTROL, publicGet, takeOrThrow, UNAVAILABLE_HEADERS } from './server/http';
// The search over the index (docs/decisions/0101): the index's format and every query over it stay in here.
export { searchCompanies } from './server/search/search';
export { companiesNamedExactly, companyRowByNumber, type CompanyRow } from './server/search/exact-name';
export { companiesByFormerName, type FormerNameMatch } from './server/search/former-names';
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
