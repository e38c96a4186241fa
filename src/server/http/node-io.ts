import 'server-only';

import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

import { parse as parseCookies } from 'cookie';

import { Answer } from './answer';
import type { RouteRequest } from './route-request';

/**
 * The route wrapper on Node's own request and response (the public API's lean path, issue 26 §5):
 * `NodeRouteRequest` gives the wrapper what it reads of a request — method, headers, URL, cookies,
 * body — straight from `IncomingMessage`, each part made only when asked for; `writeAnswer` writes
 * the wrapper's answer to `ServerResponse`. No web `Request`, `NextRequest` or `Response` is built
 * for an ordinary JSON answer (docs/decisions/0098, docs/performance.md).
 */

/** `Headers.get` and `has` over Node's parsed headers (their names are already lower case). */
class NodeHeaders {
  constructor(private readonly raw: IncomingHttpHeaders) {}

  get(name: string): string | null {
    const value = this.raw[name.toLowerCase()];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(', ') : value;
  }

  has(name: string): boolean {
    return this.raw[name.toLowerCase()] !== undefined;
  }
}

export class NodeRouteRequest implements RouteRequest {
  readonly method: string;
  readonly headers: NodeHeaders;
  readonly nextUrl: URL;
  private cookieJar: Record<string, string | undefined> | undefined;
  private stream: ReadableStream<Uint8Array> | null | undefined;

  constructor(private readonly req: IncomingMessage) {
    this.method = (req.method ?? 'GET').toUpperCase();
    this.headers = new NodeHeaders(req.headers);
    this.nextUrl = requestUrl(req);
  }

  get url(): string {
    return this.nextUrl.href;
  }

  readonly cookies = {
    get: (name: string): { name: string; value: string } | undefined => {
      this.cookieJar ??= parseCookies(this.headers.get('cookie') ?? '');
      const value = this.cookieJar[name];
      return value === undefined ? undefined : { name, value };
    },
  };

  /** The body as a web stream, made on first use; none for GET and HEAD (as a web Request). */
  get body(): ReadableStream<Uint8Array> | null {
    if (this.stream === undefined) {
      this.stream = this.method === 'GET' || this.method === 'HEAD' ? null : (Readable.toWeb(this.req) as ReadableStream<Uint8Array>);
    }
    return this.stream;
  }

  /** A web Request of the same call, for the one handler that needs one (the MCP SDK's transport). */
  toWebRequest(): Request {
    const headers = new Headers();
    for (const [name, value] of Object.entries(this.req.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
    }
    const body = this.body;
    return new Request(this.url, { method: this.method, headers, body, ...(body ? { duplex: 'half' } : {}) } as RequestInit);
  }
}

/** The request's URL: its path and query under this server's own origin (the Host header as sent, when it is one). */
function requestUrl(req: IncomingMessage): URL {
  const path = req.url?.startsWith('/') ? req.url : '/';
  const host = req.headers.host;
  if (host && /^[A-Za-z0-9.\-:[\]]+$/.test(host)) {
    try {
      return new URL(path, `http://${host}`);
    } catch {
      // an unusable Host: the local origin below
    }
  }
  return new URL(path, 'http://localhost');
}

/** The web Request behind a route request: itself when it is one, else made from Node's. */
export function asWebRequest(request: RouteRequest): Request {
  if (request instanceof NodeRouteRequest) return request.toWebRequest();
  return request as unknown as Request;
}

/**
 * Writes an answer to Node's response, with the `common` headers unless it has its own: an
 * `Answer` as one write with its length; a web
 * `Response` with its headers and then its body, chunk by chunk as it comes (the MCP transport,
 * files), cancelled when the client goes away.
 */
export async function writeAnswer(
  res: ServerResponse,
  answer: Response | Answer,
  head: boolean,
  common: Record<string, string> = {},
): Promise<void> {
  if (answer instanceof Answer) {
    const headers = { ...common, ...answer.headers.toNode() };
    const body = head || answer.body === null ? null : answer.body;
    if (body !== null) headers['Content-Length'] = String(Buffer.byteLength(body));
    res.writeHead(answer.status, headers);
    res.end(body ?? undefined);
    return;
  }
  const headers: Record<string, string | string[]> = { ...common };
  answer.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = answer.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  res.writeHead(answer.status, headers);
  if (head || answer.body === null) {
    res.end();
    await answer.body?.cancel().catch(() => undefined);
    return;
  }
  const reader = answer.body.getReader();
  const gone = () => void reader.cancel().catch(() => undefined);
  res.once('close', gone);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) await drained(res);
      if (res.destroyed) return;
    }
    res.end();
  } finally {
    res.off('close', gone);
  }
}

/** Until Node's response can take more (or the client is gone). */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
