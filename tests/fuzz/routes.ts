import fs from 'node:fs';
import path from 'node:path';

/**
 * The routes the fuzzer aims at, read from the source tree at start (never a hand-kept list), so a
 * route added tomorrow is fuzzed without anyone touching the fuzzer: every `route.ts` under
 * src/app (the /api routes, and the route handlers outside /api such as the sitemaps) and every
 * `page.tsx` under src/app. Route groups `(name)` do not appear in URLs; dynamic segments (`[id]`,
 * `[...path]`) are filled by the arbitraries.
 */
export interface RouteTemplate {
  /**
   * 'api': an /api route, judged by the JSON error shape; 'page': a page, or a route handler outside
   * /api (/sitemap.xml, /sitemaps/…), which may answer XML or plain text but never a 5xx.
   */
  kind: 'api' | 'page';
  /** URL path with the dynamic segments as written in the folder names, e.g. /api/download/receipt/[file] */
  template: string;
  segments: Segment[];
  /** methods the route file declares (`GET: method(` or `export const GET`); empty for pages */
  declared: string[];
}

export type Segment = { type: 'static'; value: string } | { type: 'dynamic'; name: string } | { type: 'catchAll'; name: string };

export const ROOT = path.resolve(__dirname, '..', '..');
const APP_DIR = path.join(ROOT, 'src', 'app');

function walk(dir: string, file: string, out: string[]): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, file, out);
    else if (entry.name === file) out.push(full);
  }
}

function segmentsOf(relDir: string): Segment[] {
  const out: Segment[] = [];
  for (const part of relDir.split(path.sep).filter(Boolean)) {
    if (/^\(.*\)$/.test(part) || part.startsWith('@')) continue; // route groups and parallel slots
    const catchAll = /^\[\[?\.\.\.(.+?)\]\]?$/.exec(part);
    const dynamic = /^\[(.+)\]$/.exec(part);
    if (catchAll) out.push({ type: 'catchAll', name: catchAll[1] ?? 'path' });
    else if (dynamic) out.push({ type: 'dynamic', name: dynamic[1] ?? 'id' });
    else out.push({ type: 'static', value: part });
  }
  return out;
}

function templateOf(segments: Segment[]): string {
  const parts = segments.map((s) => (s.type === 'static' ? s.value : s.type === 'dynamic' ? `[${s.name}]` : `[...${s.name}]`));
  return `/${parts.join('/')}`;
}

const METHOD_NAMES = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

function declaredMethods(source: string): string[] {
  const found = new Set<string>();
  for (const m of METHOD_NAMES) {
    if (
      // `GET: method(…)`, `POST: staffMethod(…)`, `GET: publicGet(…)`: a method key of defineRoute's table given a call
      new RegExp(`\\b${m}\\s*:\\s*[A-Za-z_$][\\w$]*\\(`).test(source) ||
      new RegExp(`export\\s+(const|async function|function)\\s+${m}\\b`).test(source)
    ) {
      found.add(m);
    }
  }
  return [...found];
}

export function discoverRoutes(): RouteTemplate[] {
  const routeFiles: string[] = [];
  walk(APP_DIR, 'route.ts', routeFiles);
  const pageFiles: string[] = [];
  walk(APP_DIR, 'page.tsx', pageFiles);
  const routes: RouteTemplate[] = [];
  for (const file of routeFiles.sort()) {
    const segments = segmentsOf(path.relative(APP_DIR, path.dirname(file)));
    const template = templateOf(segments);
    const kind = template === '/api' || template.startsWith('/api/') ? 'api' : 'page';
    routes.push({ kind, template, segments, declared: declaredMethods(fs.readFileSync(file, 'utf8')) });
  }
  for (const file of pageFiles.sort()) {
    const segments = segmentsOf(path.relative(APP_DIR, path.dirname(file)));
    routes.push({ kind: 'page', template: segments.length === 0 ? '/' : templateOf(segments), segments, declared: ['GET'] });
  }
  return routes;
}
