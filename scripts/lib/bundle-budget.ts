import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

import { brotliOptions } from './precompress';

/**
 * Per-page budgets of issue 13, read from a production build (`.next/`) without a browser:
 *
 * - first-load JavaScript: the chunks Next lists for the route in
 *   `.next/diagnostics/route-bundle-stats.json` (the framework, the root layout's and the page's
 *   client components — what the browser fetches before the page is interactive);
 * - render-blocking CSS: the non-inlined stylesheets of the route's layouts and page
 *   (`entryCSSFiles` of the route's client-reference manifest), which Next puts in <head>.
 *
 * Sizes in KiB (the unit Lighthouse reports), two ways: gzip level 6 (what Next's own compression
 * sends; the level-9 copies server.ts sends to gzip-only clients are within 0.2 % of it) and
 * Brotli quality 11 (what server.ts sends to every current browser: the `.br` copies of the build,
 * docs/decisions/0035-brotli-static-assets.md).
 *
 * Issue 13 asks for first-load JS ≤ 130 KB. That is checked on what browsers receive, Brotli, on
 * every public page and purchase step (`firstLoadJsBrotliKiB`; the staff back office and the
 * member's my-page are not in the list). The gzip budget stays as a guard every page
 * must pass: it is the one that caught zod (88 KiB gzipped) coming back, and it holds for clients
 * without Brotli. docs/decisions/0021-page-weight.md and 0035 have the numbers.
 */
export const BUDGETS = { firstLoadJsKiB: 160, firstLoadJsBrotliKiB: 130, renderBlockingCssKiB: 15 } as const;

/** Routes outside issue 13's "every public page and every purchase step": gzip guard only. */
export const BROTLI_BUDGET_EXEMPT_PREFIXES: readonly string[] = ['/admin', '/my-page'];

/**
 * Pages allowed more gzip, each with its reason. None today: the my-page and back-office forms'
 * 250 KiB allowance ended when they took their schemas on submit (docs/decisions/0032), and the
 * confirmation step's 165 KiB when its PAY.JP messages and cancel panel loaded on demand
 * (docs/decisions/0033).
 */
export const ROUTE_JS_BUDGETS: Readonly<Record<string, number>> = {};

/**
 * Public pages and purchase steps allowed more than 130 KiB of Brotli. None since 2026-12-07
 * (docs/decisions/0097): issue 24's merge had left recipient-info at 130.2 and resume at 130.1
 * (the header's ログアウト, the focus move, saved addresses, the attempt check); the card section's
 * カード名義 / e-mail checks now load when it first checks and PAY.JP's error words with PAY.JP's
 * field, and resume takes the honorific rule and この申込みを取り消す as the confirmation does —
 * recipient-info 129.9 (129.92), resume 129.0. recipient-info has 80 bytes to spare: the next
 * trim there is still its card section's markup (docs/decisions/0047, "Not done").
 * Earlier history: none from 2026-11-27 (0047); held to their sizes rounded up from 2026-11-26
 * (0035), lowered by 0036, 0038, 0042.
 */
export const ROUTE_BROTLI_BUDGETS: Readonly<Record<string, number>> = {};

export interface RouteSize {
  route: string;
  /** gzip level 6 */
  jsKiB: number;
  cssKiB: number;
  /** Brotli quality 11 */
  jsBrotliKiB: number;
  cssBrotliKiB: number;
  jsFiles: string[];
  cssFiles: string[];
}

export interface BudgetViolation {
  route: string;
  what: 'js' | 'js-brotli' | 'css';
  kib: number;
  budget: number;
}

const gzipCache = new Map<string, number>();

export function gzipSize(file: string): number {
  let n = gzipCache.get(file);
  if (n === undefined) {
    n = zlib.gzipSync(fs.readFileSync(file), { level: 6 }).length;
    gzipCache.set(file, n);
  }
  return n;
}

const brotliCache = new Map<string, number>();

/** The build's `.br` copy when it is there and current (what server.ts sends), else the same compression in process. */
export function brotliSize(file: string): number {
  let n = brotliCache.get(file);
  if (n === undefined) {
    const source = fs.statSync(file);
    const copy = fs.statSync(`${file}.br`, { throwIfNoEntry: false });
    n =
      copy !== undefined && copy.mtimeMs >= source.mtimeMs
        ? copy.size
        : Math.min(source.size, zlib.brotliCompressSync(fs.readFileSync(file), brotliOptions(source.size)).length);
    brotliCache.set(file, n);
  }
  return n;
}

const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

interface RouteBundleStat {
  route: string;
  firstLoadChunkPaths: string[];
}

/** The client-reference manifest of a page route: `app-path-routes-manifest` maps route groups away. */
function manifestFor(nextDir: string, route: string): string | null {
  const routesFile = path.join(nextDir, 'app-path-routes-manifest.json');
  if (!fs.existsSync(routesFile)) return null;
  const routes = JSON.parse(fs.readFileSync(routesFile, 'utf8')) as Record<string, string>;
  const appPath = Object.entries(routes).find(([key, value]) => value === route && key.endsWith('/page'))?.[0];
  if (appPath === undefined) return null;
  const file = path.join(nextDir, 'server', 'app', `${appPath}_client-reference-manifest.js`);
  return fs.existsSync(file) ? file : null;
}

/** Stylesheets the route links in <head> (inlined ones are in the HTML and not fetched). */
export function cssFilesOf(nextDir: string, route: string): string[] {
  const manifest = manifestFor(nextDir, route);
  if (manifest === null) return [];
  const text = fs.readFileSync(manifest, 'utf8');
  // The manifest is `globalThis.__RSC_MANIFEST["/route/page"] = {…};`: the object literal is JSON.
  const assign = text.indexOf('"] = {');
  if (assign === -1) return [];
  const manifestJson = JSON.parse(text.slice(assign + 5).replace(/;\s*$/, '')) as {
    entryCSSFiles?: Record<string, { path: string; inlined?: boolean }[]>;
  };
  const files = new Set<string>();
  for (const list of Object.values(manifestJson.entryCSSFiles ?? {})) {
    for (const f of list) if (!f.inlined) files.add(f.path);
  }
  return [...files];
}

/** Sizes of every page route of the build in `nextDir` (API and metadata routes have no client JS). */
export function measureRoutes(nextDir: string): RouteSize[] {
  const statsFile = path.join(nextDir, 'diagnostics', 'route-bundle-stats.json');
  if (!fs.existsSync(statsFile)) throw new Error(`${statsFile} がありません。先に next build を実行してください。`);
  const stats = JSON.parse(fs.readFileSync(statsFile, 'utf8')) as RouteBundleStat[];
  const root = path.dirname(nextDir);
  return stats
    .map((s) => {
      const jsFiles = s.firstLoadChunkPaths;
      const cssFiles = cssFilesOf(nextDir, s.route);
      const js = jsFiles.map((f) => path.join(root, f));
      const css = cssFiles.map((f) => path.join(nextDir, f));
      const sum = (files: string[], size: (file: string) => number) => kib(files.reduce((n, f) => n + size(f), 0));
      return {
        route: s.route,
        jsKiB: sum(js, gzipSize),
        cssKiB: sum(css, gzipSize),
        jsBrotliKiB: sum(js, brotliSize),
        cssBrotliKiB: sum(css, brotliSize),
        jsFiles,
        cssFiles,
      };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
}

export interface Budgets {
  firstLoadJsKiB: number;
  firstLoadJsBrotliKiB: number;
  renderBlockingCssKiB: number;
}

/** The Brotli budget of a route, or null when only the gzip guard applies to it. */
export function brotliBudgetOf(
  route: string,
  budgets: Budgets = BUDGETS,
  routeBrotli: Readonly<Record<string, number>> = ROUTE_BROTLI_BUDGETS,
): number | null {
  if (BROTLI_BUDGET_EXEMPT_PREFIXES.some((p) => route === p || route.startsWith(`${p}/`))) return null;
  return routeBrotli[route] ?? budgets.firstLoadJsBrotliKiB;
}

export function violations(
  sizes: readonly RouteSize[],
  budgets: Budgets = BUDGETS,
  routeJs: Readonly<Record<string, number>> = ROUTE_JS_BUDGETS,
  routeBrotli: Readonly<Record<string, number>> = ROUTE_BROTLI_BUDGETS,
): BudgetViolation[] {
  const out: BudgetViolation[] = [];
  for (const s of sizes) {
    const js = routeJs[s.route] ?? budgets.firstLoadJsKiB;
    if (s.jsKiB > js) out.push({ route: s.route, what: 'js', kib: s.jsKiB, budget: js });
    const br = brotliBudgetOf(s.route, budgets, routeBrotli);
    if (br !== null && s.jsBrotliKiB > br) out.push({ route: s.route, what: 'js-brotli', kib: s.jsBrotliKiB, budget: br });
    if (s.cssKiB > budgets.renderBlockingCssKiB)
      out.push({ route: s.route, what: 'css', kib: s.cssKiB, budget: budgets.renderBlockingCssKiB });
  }
  return out;
}
