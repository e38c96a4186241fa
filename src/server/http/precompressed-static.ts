// No `import 'server-only'`: this module runs in server.ts, our HTTP server, outside Next's
// react-server graph (where that import would throw), and in the build script that writes the files.
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/**
 * Brotli (and gzip) for the build's static JavaScript and CSS, compressed once at build time
 * (scripts/lib/precompress.ts, quality 11 / level 9) instead of gzip level 6 on every request by
 * Next's own compression, which has no Brotli (docs/decisions/0035-brotli-static-assets.md).
 *
 * server.ts asks this module first for every request: a GET or HEAD of `/_next/static/…` whose
 * `.br` or `.gz` sibling exists and whose `Accept-Encoding` allows it is answered from the file;
 * anything else — another path, an unsafe or odd path, a client that accepts neither, a file with
 * no compressed copy, a header rule we cannot evaluate — goes to Next unchanged, which answers as
 * it always did (its own gzip, 404, 400).
 */

/** Text assets of `.next/static` compressed at build time, with the Content-Type Next sends for them. */
export const PRECOMPRESSED_TYPES: Readonly<Record<string, string>> = {
  '.js': 'application/javascript; charset=UTF-8',
  '.mjs': 'application/javascript; charset=UTF-8',
  '.css': 'text/css; charset=UTF-8',
  '.json': 'application/json; charset=UTF-8',
  '.map': 'application/json; charset=UTF-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=UTF-8',
};

export interface Encoding {
  /** the content-coding token of Accept-Encoding / Content-Encoding */
  coding: 'br' | 'gzip';
  /** suffix of the compressed sibling file */
  suffix: '.br' | '.gz';
}

/** In the order we prefer them when the client likes both equally: Brotli is ~15 % smaller. */
export const ENCODINGS: readonly Encoding[] = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
];

/** What Next sends for `/_next/static/…` (hashed names, never change). */
export const STATIC_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const STATIC_PREFIX = '/_next/static/';

/** RFC 9110 §12.4.2: `0`, `0.5`, `0.125`, `1`, `1.000`; anything else is not a qvalue. */
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * `Accept-Encoding` (RFC 9110 §12.5.3) as coding → q. Codings are case-insensitive; `x-gzip` is
 * gzip (§8.4.1.3); an element with a malformed q is dropped (so it never counts as acceptable);
 * the first mention of a coding wins. Absent or empty header → empty map (identity only).
 */
export function parseAcceptEncoding(header: string | string[] | undefined): Map<string, number> {
  const out = new Map<string, number>();
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const element of text.split(',')) {
    const [rawCoding, ...params] = element.split(';');
    let coding = (rawCoding ?? '').trim().toLowerCase();
    if (coding === '' || !/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(coding)) continue;
    if (coding === 'x-gzip') coding = 'gzip';
    let q = 1;
    let valid = true;
    for (const param of params) {
      const eq = param.indexOf('=');
      const name = (eq === -1 ? param : param.slice(0, eq)).trim().toLowerCase();
      if (name !== 'q') continue;
      const value = eq === -1 ? '' : param.slice(eq + 1).trim();
      if (!QVALUE.test(value)) valid = false;
      else q = Number(value);
    }
    if (valid && !out.has(coding)) out.set(coding, q);
  }
  return out;
}

/**
 * The encodings of `available` the client accepts (q above 0; `*` stands for any coding it does
 * not name), best first: highest q, ties in the order of `available`.
 */
export function acceptableEncodings(header: string | string[] | undefined, available: readonly Encoding[] = ENCODINGS): Encoding[] {
  const accepted = parseAcceptEncoding(header);
  const wildcard = accepted.get('*') ?? 0;
  return available
    .map((encoding, order) => ({ encoding, order, q: accepted.get(encoding.coding) ?? wildcard }))
    .filter((e) => e.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order)
    .map((e) => e.encoding);
}

/** The encoding to send among `available`, or null when the client accepts none of them. */
export function chooseEncoding(header: string | string[] | undefined, available: readonly Encoding[] = ENCODINGS): Encoding | null {
  return acceptableEncodings(header, available)[0] ?? null;
}

/**
 * The file under `staticDir` a request URL names, or null when the URL is not a plain
 * `/_next/static/<segments>` path of a precompressed type. Refused (left to Next): empty, `.` and
 * `..` segments, percent-encoded slashes or backslashes, NUL, malformed percent-encoding, and any
 * result that would not stay inside `staticDir`.
 */
export function staticFileFor(staticDir: string, url: string | undefined): string | null {
  if (url === undefined) return null;
  const end = url.search(/[?#]/);
  const pathname = end === -1 ? url : url.slice(0, end);
  if (!pathname.startsWith(STATIC_PREFIX)) return null;
  const segments: string[] = [];
  for (const raw of pathname.slice(STATIC_PREFIX.length).split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (segment === '' || segment === '.' || segment === '..' || /[/\\\0]/.test(segment)) return null;
    segments.push(segment);
  }
  const last = segments[segments.length - 1] ?? '';
  if (!Object.hasOwn(PRECOMPRESSED_TYPES, path.extname(last))) return null;
  const root = path.resolve(staticDir);
  const file = path.resolve(root, ...segments);
  return file.startsWith(root + path.sep) ? file : null;
}

/** If-None-Match (RFC 9110 §13.1.2): `*`, or any listed tag equal by the weak comparison. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}

interface HeaderRule {
  regex: string;
  headers: { key: string; value: string }[];
  has?: unknown[];
  missing?: unknown[];
}

/**
 * The headers next.config.ts's `headers()` adds to a path (read from the build's
 * routes-manifest.json, so next.config.ts stays their one owner), or null when a matching rule has
 * conditions (`has`/`missing`) or parameters in its values, which only Next evaluates.
 */
export function headersFromManifest(nextDir: string): (pathname: string) => [string, string][] | null {
  const manifest = JSON.parse(fs.readFileSync(path.join(nextDir, 'routes-manifest.json'), 'utf8')) as {
    headers?: HeaderRule[];
    basePath?: string;
  };
  if (manifest.basePath) return () => null;
  const rules = (manifest.headers ?? []).map((rule) => ({ ...rule, pattern: new RegExp(rule.regex) }));
  return (pathname) => {
    const out: [string, string][] = [];
    for (const rule of rules) {
      if (!rule.pattern.test(pathname)) continue;
      if ((rule.has?.length ?? 0) > 0 || (rule.missing?.length ?? 0) > 0) return null;
      for (const { key, value } of rule.headers) {
        if (/:[A-Za-z_]/.test(key) || /:[A-Za-z_]/.test(value)) return null;
        out.push([key, value]);
      }
    }
    return out;
  };
}

async function statFile(file: string): Promise<fs.Stats | null> {
  try {
    const stat = await fs.promises.stat(file);
    return stat.isFile() ? stat : null;
  } catch {
    return null;
  }
}

export type StaticHandler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * The handler for server.ts. `nextDir` is the production build (`.next`); without its
 * routes-manifest.json (no build yet) every request goes to Next.
 */
export function createPrecompressedStatic(nextDir: string): StaticHandler {
  let headersFor: (pathname: string) => [string, string][] | null;
  try {
    headersFor = headersFromManifest(nextDir);
  } catch {
    return (_req, _res, next) => next();
  }
  const staticDir = path.join(nextDir, 'static');

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const file = staticFileFor(staticDir, req.url);
    if (file === null) return false;
    const accepted = acceptableEncodings(req.headers['accept-encoding']);
    if (accepted.length === 0) return false;
    const source = await statFile(file);
    if (source === null) return false;
    let encoding: Encoding | null = null;
    let stat: fs.Stats | null = null;
    for (const candidate of accepted) {
      const s = await statFile(file + candidate.suffix);
      // A copy older than its source is from an earlier build: not ours to send.
      if (s !== null && s.mtimeMs >= source.mtimeMs) {
        encoding = candidate;
        stat = s;
        break;
      }
    }
    if (encoding === null || stat === null) return false;
    const pathname = (req.url ?? '').split(/[?#]/)[0] ?? '';
    const extra = headersFor(pathname);
    if (extra === null) return false;

    const etag = `"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}-${encoding.coding}"`;
    for (const [key, value] of extra) res.setHeader(key, value);
    res.setHeader('Cache-Control', STATIC_CACHE_CONTROL);
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('ETag', etag);
    const ifNoneMatch = req.headers['if-none-match'];
    if (etagMatches(ifNoneMatch, etag)) {
      res.statusCode = 304;
      res.end();
      return true;
    }
    res.statusCode = 200;
    res.setHeader('Content-Type', PRECOMPRESSED_TYPES[path.extname(file)] ?? 'application/octet-stream');
    res.setHeader('Content-Encoding', encoding.coding);
    res.setHeader('Content-Length', stat.size);
    if (req.method === 'HEAD') {
      res.end();
      return true;
    }
    try {
      await pipeline(fs.createReadStream(file + encoding.suffix), res);
    } catch {
      // The client went away, or the file vanished mid-read (a rebuild): the headers are out, so
      // the only honest end is a cut connection, which the browser retries.
      res.destroy();
    }
    return true;
  }

  return (req, res, next) => {
    // Cheap synchronous test first: everything but /_next/static/ goes straight to Next.
    if (!req.url?.startsWith(STATIC_PREFIX)) {
      next();
      return;
    }
    serve(req, res).then(
      (handled) => {
        if (!handled) next();
      },
      () => {
        if (!res.headersSent) next();
        else res.destroy();
      },
    );
  };
}
