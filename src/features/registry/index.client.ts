/**
 * The registry data feature's zod-free face for client components (issue 13, docs/decisions/0021): the
 * same values and rules as ./index.ts, without the schemas (whose zod would join the page's
 * first-load JavaScript). Everything here is also re-exported by ./index.ts.
 */
export { COMPANY_ERROR_MESSAGES, KIND_CODES, isKindCode, type CompanyErrorCode, type KindCode } from './constants';
export { isValidCorporateNumber } from './corporate-number';
export { IDENTIFIER_MESSAGES, parseBulkLine, type BulkLine } from './identifier-line';
