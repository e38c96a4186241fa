import fs from 'node:fs';
import path from 'node:path';

/**
 * The routes the fuzzer aims at, read from the source tree at start (never a hand-kept list), so a
 * route added tomorrow is fuzzed without anyone touching the fuzzer: every `route.ts` under
 * src/app (the /api routes, and the route handlers outside /api such as the sitemaps), every
 * `page.tsx` under src/app, and the public API's lean routes (/v1, /mcp: the `path: '…'` entries
 * of src/features/api/server/v1.ts and mcp.ts with their method keys, and the router's own
 * `routes.push({ path: '…', methods: […] })` such as /v1/openapi.json). Route groups `(name)` do not appear in URLs; dynamic
 * segments (`[id]`, `[...path]`, Hono's `:name`) are filled by the arbitraries.
 */
export interface RouteTemplate {
  /**
   * 'api': an /api route, judged by the JSON error shape; 'page': a page, or a route handler outside
   * /api (/sitemap.xml, /sitemaps/…), which may answer XML or plain text but never a 5xx; 'lean': the
   * public API (/v1, /mcp) served ahead of Next, judged by RFC 9457 problem details and sent with
   * an API key instead of a session.
   */
  kind: 'api' | 'page' | 'lean';
  /** URL path with the dynamic segments as written in the folder names, e.g. /api/download/receipt/[file] */
  template: string;
  segments: Segment[];
  /** methods the route declares (`GET: method(`, `export const GET`, a lean route's `GET: {`); GET for pages */
  declared: string[];
}

export type Segment = { type: 'static'; value: string } | { type: 'dynamic'; name: string } | { type: 'catchAll'; name: string };

export const ROOT = path.resolve(__dirname, '..', '..');
const APP_DIR = path.join(ROOT, 'src', 'app');
const API_SERVER_DIR = path.join(ROOT, 'src', 'features', 'api', 'server');
/** the lean route tables (`path: '/v1/…'` entries) and the router that mounts them */
const LEAN_TABLES = ['v1.ts', 'mcp.ts'];
const LEAN_ROUTER = 'router.ts';

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
      // `GET: method(…)`, `POST: staffMethod(…)`, `GET: publicGet(…)`: a method key of defineRoute's table given a call,
      // or a feature's declared method (`GET: corporateSearchMethods.GET`)
      new RegExp(`\\b${m}\\s*:\\s*[A-Za-z_$][\\w$]*(\\(|\\.${m}\\b)`).test(source) ||
      new RegExp(`export\\s+(const|async function|function)\\s+${m}\\b`).test(source)
    ) {
      found.add(m);
    }
  }
  return [...found];
}

/**
 * The lean routes of one route table's source: each `path: '/v1/…'` (Hono syntax, `:name` a
 * dynamic segment) with the method keys of its entry (`GET: {`, `POST: apiMethod(`), read up to the
 * next `path:`. An entry whose methods are not found declares none, which the fuzzer's test refuses.
 */
export function leanRoutesOf(source: string): RouteTemplate[] {
  const routes: RouteTemplate[] = [];
  const starts = [...source.matchAll(/\bpath:\s*(['"`])(\/[^'"`]*)\1/g)];
  starts.forEach((m, i) => {
    const entry = source.slice(m.index + m[0].length, starts[i + 1]?.index ?? source.length);
    const declared = METHOD_NAMES.filter((name) => new RegExp(`\\b${name}\\s*:\\s*(\\{|[A-Za-z_$][\\w$]*\\()`).test(entry));
    routes.push(leanRoute(m[2] ?? '/', declared));
  });
  return routes;
}

/** Routes the router mounts itself (`routes.push({ path: '/v1/openapi.json', methods: ['GET'] })`). */
function routerRoutesOf(source: string): RouteTemplate[] {
  const byPath = new Map<string, string[]>();
  for (const m of source.matchAll(/\broutes\.push\(\{\s*path:\s*(['"`])(\/[^'"`]*)\1,\s*methods:\s*\[([^\]]*)\]/g)) {
    const methods = [...(m[3] ?? '').matchAll(/['"`]([A-Z]+)['"`]/g)].map((x) => x[1] ?? 'GET');
    byPath.set(m[2] ?? '/', methods);
  }
  return [...byPath].map(([p, methods]) => leanRoute(p, methods));
}

function leanRoute(honoPath: string, declared: string[]): RouteTemplate {
  const segments: Segment[] = honoPath
    .split('/')
    .filter(Boolean)
    .map((part) =>
      part.startsWith(':') ? { type: 'dynamic', name: part.slice(1).replace(/[{?].*$/, '') } : { type: 'static', value: part },
    );
  return { kind: 'lean', template: templateOf(segments), segments, declared };
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
  const read = (file: string) => fs.readFileSync(path.join(API_SERVER_DIR, file), 'utf8');
  routes.push(...routerRoutesOf(read(LEAN_ROUTER)), ...LEAN_TABLES.flatMap((file) => leanRoutesOf(read(file))));
  return routes;
}
