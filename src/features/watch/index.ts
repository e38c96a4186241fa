/**
 * The watch feature's client-safe face (issue 15; docs/architecture.md, "Feature faces"): limits,
 * labels, the API shapes, and the ★ button's loader. Server code is in
 * ./index.server.ts.
 */
export * from './constants';
export * from './schemas';
export { loadWatchButton } from './client/load-watch-button';
