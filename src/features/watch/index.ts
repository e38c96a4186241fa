/**
 * The watch feature's client-safe face (issue 15; docs/architecture.md, "Feature faces"): limits,
 * labels, the API shapes, the import list's rule and the ★ button's loader. Server code is in
 * ./index.server.ts.
 */
export * from './constants';
export * from './schemas';
export { readWatchImport, type WatchImportLines } from './rules';
export { WatchButton } from './components/watch-button';
export { loadWatchButton } from './client/load-watch-button';
