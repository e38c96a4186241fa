import 'server-only';

/** The company search feature's server face: the search over the registry and its HTTP answers. */
export { searchCompanies } from './server/search';
export { searchFailure } from './server/http';
export { bulkCheck } from './server/bulk-check';
export { searchCsv } from './server/search-csv';
export { citiesOf } from './server/cities';
export { initialSearch, registryStatus } from './server/initial-search';
