// No `import 'server-only'`: this module runs in server.ts, our HTTP server, outside Next's
// react-server graph (as peer-address.ts does).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * Requests whose method Next cannot take (issue 24 §6, docs/decisions/0062). Next builds a WHATWG
 * `Request` for every request, and the Fetch standard forbids TRACE and TRACK: the constructor
 * throws, so TRACE answered a plain-text 500 on every route and logged an unstructured error each
 * time; other methods Node's parser accepts (WebDAV's PROPFIND, MKCOL, COPY, MOVE, LOCK, …) got
 * an empty 400 from the App Router. server.ts asks this module first:
 * - an /api path: the request goes on to Next as OPTIONS, which no route declares — every route's
 *   OPTIONS answers 405 JSON with the route's own `Allow` (route.ts `defineRoute`), and an /api
 *   path no route has answers 404 JSON ([[...path]]/route.ts). So the answer is exactly what an
 *   undeclared ordinary method gets, from the one place that knows each route's methods.
 * - any other path (a page): 405 here, `Allow: GET, HEAD`, a short Japanese text.
 * CONNECT never reaches the request handler (Node emits `connect`): `refuseConnect` answers 405.
 */
export const NEXT_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export const PAGE_ALLOW = 'GET, HEAD';
const PAGE_MESSAGE = 'この操作には対応していません。';

/** Whether the path, as the server resolves it (dot segments removed), is under /api. */
function isApiPath(url: string | undefined): boolean {
  try {
    const pathname = new URL(url ?? '/', 'http://localhost').pathname;
    return pathname === '/api' || pathname.startsWith('/api/');
  } catch {
    return (url ?? '').startsWith('/api');
  }
}

/**
 * Returns true when the request was answered here (a page with an odd method); false to hand it
 * to Next — unchanged for an ordinary method, as OPTIONS for an odd method on an /api path.
 */
export function handleOddMethod(req: IncomingMessage, res: ServerResponse): boolean {
  const method = (req.method ?? '').toUpperCase();
  if (NEXT_METHODS.has(method)) return false;
  if (isApiPath(req.url)) {
    req.method = 'OPTIONS';
    return false;
  }
  // The body (a PROPFIND's XML) is not read; Node discards it before the next request.
  res.writeHead(405, {
    Allow: PAGE_ALLOW,
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(PAGE_MESSAGE);
  return true;
}

/** `server.on('connect', refuseConnect)`: a CONNECT (a proxy tunnel) is refused with 405. */
export function refuseConnect(_req: IncomingMessage, socket: Duplex): void {
  const body = Buffer.from(PAGE_MESSAGE);
  socket.end(
    `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${PAGE_ALLOW}\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${PAGE_MESSAGE}`,
  );
}
