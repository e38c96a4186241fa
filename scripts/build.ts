import { ensureBuild } from './lib/stack';

/**
 * `npm run build`: the production build — `next build`, then the Brotli and gzip copies of the
 * static JavaScript and CSS that server.ts sends (docs/decisions/0035-brotli-static-assets.md).
 * The same step `npm start` and the test stack run when the sources changed.
 */
ensureBuild(process.env as Record<string, string>, { force: true }).catch((error: unknown) => {
  console.error('[hojin] ビルドに失敗しました:', error instanceof Error ? error.message : error);
  process.exit(1);
});
