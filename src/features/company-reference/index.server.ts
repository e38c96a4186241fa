import 'server-only';

/** The company reference feature's server face: the record of one company for its page and API. */
export { getCompanyRecord, getReferenceRecord, invoiceViewOf } from './server/reference-record';
