/** The watch feature's zod-free face for client components (docs/decisions/0021). */
export * from './constants';
export { readWatchImport, type WatchImportLines } from './rules';
export { WatchButton } from './components/watch-button';
