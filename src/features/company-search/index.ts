/**
 * The company search feature's public face (isomorphic): the search's shapes and messages, the
 * /search URL state and the remembered last search. Server code is in ./index.server.ts.
 */
export * from './schemas';
export { type SearchedCorporate, SearchedCorporateSchema } from './client/searched-corporate';
export * from './bulk';
export * from './bulk-schemas';
