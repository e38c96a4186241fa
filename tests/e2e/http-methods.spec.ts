import http from 'node:http';
import net from 'node:net';

import { expect, test } from '@playwright/test';

import { E2E_BASE_URL, E2E_PORT } from './support/e2e-env';

/**
 * Every method on every route, through the real server (server.ts), issue 24 §6 and
 * docs/decisions/0062. Before: TRACE answered a plain-text 500 on every route (Next builds a WHATWG
 * Request, which refuses TRACE) and WebDAV methods on /api an empty 400. Now an /api route answers
 * 405 JSON with its own `Allow`, an /api path no route has 404 JSON, a page 405 with
 * `Allow: GET, HEAD` — never a 5xx.
 */
interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

function send(method: string, path: string, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: E2E_PORT,
        method,
        path,
        headers: {
          host: new URL(E2E_BASE_URL).host,
          ...(body ? { 'content-type': 'application/xml', 'content-length': String(Buffer.byteLength(body)) } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const ODD = ['TRACE', 'PROPFIND', 'PROPPATCH', 'MKCOL', 'COPY', 'MOVE', 'LOCK', 'UNLOCK', 'SEARCH', 'REPORT', 'PURGE'];
const PROPFIND_BODY = '<?xml version="1.0"?><propfind xmlns="DAV:"><allprop/></propfind>';

test('odd methods on /api routes: 405 JSON with the route’s own Allow', async () => {
  for (const method of ODD) {
    for (const [path, allow] of [
      ['/api/health', 'GET, HEAD'],
      ['/api/credit-cards/card', null],
      ['/api/users/login', 'POST'],
    ] as const) {
      const res = await send(method, path, method === 'PROPFIND' ? PROPFIND_BODY : undefined);
      expect(res.status, `${method} ${path}: ${res.text}`).toBe(405);
      expect(res.headers['content-type'], `${method} ${path}`).toMatch(/^application\/json/);
      const parsed = JSON.parse(res.text) as { error: { code: string; message: string } };
      expect(parsed.error.code).toBe('method_not_allowed');
      expect(parsed.error.message).toBe('この操作には対応していません。');
      if (allow) expect(res.headers.allow).toBe(allow);
      else expect(res.headers.allow?.split(', ').sort()).toEqual(['DELETE', 'GET', 'HEAD', 'PATCH', 'POST']);
    }
  }
});

test('odd methods on an /api path no route has: 404 JSON', async () => {
  for (const method of ['TRACE', 'MKCOL', 'PROPFIND']) {
    const res = await send(method, '/api/no-such-route');
    expect(res.status, `${method}: ${res.text}`).toBe(404);
    expect((JSON.parse(res.text) as { error: { code: string } }).error.code).toBe('not_found');
  }
});

test('odd methods on pages and files: 405 with Allow: GET, HEAD, never a 5xx', async () => {
  for (const method of ODD) {
    for (const path of ['/', encodeURI('/search?q=トヨタ'), '/login', '/admin', '/sitemap.xml', '/no-such-page']) {
      const res = await send(method, path);
      expect(res.status, `${method} ${path}: ${res.text}`).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
      expect(res.text).toBe('この操作には対応していません。');
    }
  }
});

test('CONNECT is refused with 405, and the ordinary methods still work', async () => {
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(E2E_PORT, '127.0.0.1', () =>
      socket.write(`CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n`),
    );
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (text += d));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
  expect(answer).toMatch(/^HTTP\/1\.1 405 /);
  expect((await send('GET', '/api/health')).status).toBe(200);
  const put = await send('PUT', '/api/health');
  expect(put.status).toBe(405);
  expect(put.headers.allow).toBe('GET, HEAD');
});
