/** The watch feature's zod-free face for client components (docs/decisions/0021). */
export * from './constants';
export { WatchButton } from './components/watch-button';
