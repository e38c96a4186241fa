import 'server-only';

import { getRegistryStore, type OpenRegistry, type RegistryStore } from '@/features/registry/index.server';

import { referencePath } from '../schemas';

/**
 * The company record pages for search engines (issue 13): a sitemap index pointing at sitemaps
 * of at most 50,000 URLs each, the limit of the sitemap protocol (sitemaps.org) that Google and
 * Bing enforce. About 5.8 million companies make about 117 sitemaps.
 *
 * Chunks are keyset pages over the unique index on company.corporate_number (never OFFSET): chunk
 * n lists the visible companies whose 法人番号 is greater than the last one of chunk n − 1. The
 * index needs those starting keys, so the first request after a registry file is opened walks the
 * index once (5.8M integers, a few seconds) and keeps every 50,000th number with that open file;
 * a swapped registry file is a new OpenRegistry and gets its own boundaries.
 */

export const SITEMAP_URL_LIMIT = 50_000;

/** Search engines re-read these at most daily; the registry changes at most daily. */
export const SITEMAP_CACHE_CONTROL = 'public, max-age=3600, s-maxage=86400, stale-while-revalidate=86400';

/** After-keys of each chunk: chunk n lists numbers greater than starts[n] (−1 for the first). */
const boundaries = new WeakMap<OpenRegistry, number[]>();

function chunkStarts(reg: OpenRegistry, perChunk: number): number[] {
  const cached = boundaries.get(reg);
  if (cached !== undefined) return cached;
  const starts: number[] = [];
  let seen = 0;
  let last = -1;
  // hihyoji = 1 rows are not found by the record page, so they are not listed either.
  const rows = reg
    .statement('SELECT corporate_number FROM company WHERE hihyoji = 0 ORDER BY corporate_number')
    .pluck(true)
    .iterate() as IterableIterator<number>;
  for (const number of rows) {
    if (seen % perChunk === 0) starts.push(last);
    last = number;
    seen += 1;
  }
  boundaries.set(reg, starts);
  return starts;
}

export type SitemapOutcome<T> = { ok: true; value: T } | { ok: false; code: 'registry_unavailable' | 'not_found' };

export interface SitemapOptions {
  store?: RegistryStore;
  /** URLs per chunk; tests use small chunks. */
  perChunk?: number;
}

/** Number of company sitemaps for the current registry file. */
export function companySitemapCount(options: SitemapOptions = {}): SitemapOutcome<number> {
  const state = (options.store ?? getRegistryStore()).acquire();
  if (!state.ok) return { ok: false, code: 'registry_unavailable' };
  return { ok: true, value: chunkStarts(state.registry, options.perChunk ?? SITEMAP_URL_LIMIT).length };
}

/** Record-page paths of chunk `index` (0-based), in 法人番号 order. */
export function companySitemapPaths(index: number, options: SitemapOptions = {}): SitemapOutcome<string[]> {
  const state = (options.store ?? getRegistryStore()).acquire();
  if (!state.ok) return { ok: false, code: 'registry_unavailable' };
  const perChunk = options.perChunk ?? SITEMAP_URL_LIMIT;
  const starts = chunkStarts(state.registry, perChunk);
  if (!Number.isInteger(index) || index < 0 || index >= starts.length) return { ok: false, code: 'not_found' };
  const numbers = state.registry
    .statement('SELECT corporate_number FROM company WHERE corporate_number > ? AND hihyoji = 0 ORDER BY corporate_number LIMIT ?')
    .pluck(true)
    .all(starts[index], perChunk) as number[];
  // 法人番号 are 13 digits (the check digit, 1–9, comes first); padded in case a number ever starts with 0.
  return { ok: true, value: numbers.map((n) => referencePath(String(n).padStart(13, '0'))) };
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);
}

/** A <urlset> of absolute URLs. */
export function urlsetXml(urls: readonly string[]): string {
  const body = urls.map((u) => `<url><loc>${escapeXml(u)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

/** A <sitemapindex> of absolute sitemap URLs. */
export function sitemapIndexXml(urls: readonly string[]): string {
  const body = urls.map((u) => `<sitemap><loc>${escapeXml(u)}</loc></sitemap>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}
