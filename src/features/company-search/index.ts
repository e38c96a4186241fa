/**
 * The company search feature's client-safe face (docs/architecture.md, "Feature faces"): the
 * search's shapes, values and messages, the /search URL state, the remembered last search and the
 * bulk check's parser. Server code is in ./index.server.ts.
 */
export * from './constants';
export * from './schemas';
export { type SearchedCorporate, SearchedCorporateSchema } from './client/searched-corporate';
export { corporateChoiceOf, type CorporateChoice } from './client/store-searched-corporate';
export * from './bulk';
export * from './bulk-schemas';
