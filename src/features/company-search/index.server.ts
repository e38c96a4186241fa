import 'server-only';

/**
 * The company search feature's server face: its HTTP answers, the bulk check, the CSV and the
 * /search page's first answer. The search itself is the registry's (`searchCompanies`, 0101).
 */
export { searchFailure } from './server/http';
export { CORPORATE_SEARCH_PATH, corporateSearchMethods } from './server/search-route';
export { bulkCheck } from './server/bulk-check';
export { searchCsv } from './server/search-csv';
export { citiesOf } from './server/cities';
export { initialSearch, registryStatus } from './server/initial-search';
