import 'server-only';

/** The company search feature's server face: the search over the registry and its HTTP answers. */
export { searchCompanies, type SearchCompaniesParams } from './server/search';
export { searchFailure } from './server/http';
export { bulkCheck, type BulkCheckOutcome } from './server/bulk-check';
export { searchCsv, SEARCH_CSV_HEADER, searchCsvRow, type SearchCsvOutcome } from './server/search-csv';
export { citiesOf } from './server/cities';
export { initialSearch, registryStatus } from './server/initial-search';
