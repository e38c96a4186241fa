import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * Per-page budgets of issue 13, read from a production build (`.next/`) without a browser:
 *
 * - first-load JavaScript: the chunks Next lists for the route in
 *   `.next/diagnostics/route-bundle-stats.json` (the framework, the root layout's and the page's
 *   client components — what the browser fetches before the page is interactive);
 * - render-blocking CSS: the non-inlined stylesheets of the route's layouts and page
 *   (`entryCSSFiles` of the route's client-reference manifest), which Next puts in <head>.
 *
 * Sizes are gzip (level 6, what `next start` sends) in KiB, the unit Lighthouse reports.
 *
 * Issue 13 asks for first-load JS ≤ 130 KB. Next 16.4 and React 19.3 alone are about 128 KiB
 * (react-dom 71, the app router 44, its helpers and the Turbopack runtime 13) and next/link 8 more,
 * before any of our code, so that figure cannot be met on this framework; the budget here is the
 * one the pages meet today with a margin that still catches a regression of the kind issue 13
 * found (zod alone is 88 KiB). docs/decisions/0021-page-weight.md has the numbers.
 */
export const BUDGETS = { firstLoadJsKiB: 160, renderBlockingCssKiB: 15 } as const;

/**
 * Pages allowed more, each with its reason. The my-page forms still build zod schemas in the
 * component (basic-info, unregister) or import the receipts' schema module (payment-history);
 * moving them to schemas loaded on submit, as the public forms do, is issue 13 item 3's work.
 * The back office's notice and order forms check with zod in the browser too; they are staff-only
 * pages on the office network, never a visitor's first load, so they get the same allowance.
 * The payment history is allowed 251: it sat at 249.6 KiB, and the checked browser-storage
 * helper (issue 13 item 3; about 0.3 KiB on every page, docs/decisions/0030) took it to 250.1.
 * The confirmation step is back under the general 160 since the PAY.JP messages table is loaded on
 * demand (it had 165 while it was at 160.1; docs/decisions/0021).
 */
export const ROUTE_JS_BUDGETS: Readonly<Record<string, number>> = {
  '/my-page/basic-info': 250,
  '/my-page/unregister': 250,
  '/my-page/payment-history': 251,
  '/admin/notices': 250,
  '/admin/notices/[id]': 250,
  '/admin/orders/[id]': 250,
};

export interface RouteSize {
  route: string;
  jsKiB: number;
  cssKiB: number;
  jsFiles: string[];
  cssFiles: string[];
}

export interface BudgetViolation {
  route: string;
  what: 'js' | 'css';
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
      const js = jsFiles.reduce((n, f) => n + gzipSize(path.join(root, f)), 0);
      const css = cssFiles.reduce((n, f) => n + gzipSize(path.join(nextDir, f)), 0);
      return { route: s.route, jsKiB: kib(js), cssKiB: kib(css), jsFiles, cssFiles };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
}

export function violations(
  sizes: readonly RouteSize[],
  budgets: { firstLoadJsKiB: number; renderBlockingCssKiB: number } = BUDGETS,
  routeJs: Readonly<Record<string, number>> = ROUTE_JS_BUDGETS,
): BudgetViolation[] {
  const out: BudgetViolation[] = [];
  for (const s of sizes) {
    const js = routeJs[s.route] ?? budgets.firstLoadJsKiB;
    if (s.jsKiB > js) out.push({ route: s.route, what: 'js', kib: s.jsKiB, budget: js });
    if (s.cssKiB > budgets.renderBlockingCssKiB)
      out.push({ route: s.route, what: 'css', kib: s.cssKiB, budget: budgets.renderBlockingCssKiB });
  }
  return out;
}
