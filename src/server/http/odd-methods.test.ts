import http from 'node:http';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { handleOddMethod } from './odd-methods';

/**
 * server.ts's first step (issue 24 §6): methods Next cannot take never reach it. The stand-in for
 * Next's handler does what Next does first — build a WHATWG Request, which throws for TRACE — and
 * answers 500 when that throws, as Next did; the real server is tested in tests/e2e/http-methods.spec.ts.
 */
const seen: string[] = [];
const server = http.createServer((req, res) => {
  if (handleOddMethod(req, res)) return;
  try {
    new Request(`http://localhost${req.url}`, { method: req.method });
  } catch {
    res.writeHead(500).end('Internal Server Error');
    return;
  }
  seen.push(`${req.method} ${req.url}`);
  res.writeHead(200).end();
});
let port = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function send(method: string, path: string): Promise<{ status: number; allow?: string; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('methods Next cannot take', () => {
  it('on a page: 405 with Allow: GET, HEAD, not the 500 of a refused Request', async () => {
    for (const m of ['TRACE', 'PROPFIND', 'MKCOL', 'M-SEARCH']) {
      expect(await send(m, '/search?q=x')).toEqual({ status: 405, allow: 'GET, HEAD', text: 'この操作には対応していません。' });
    }
  });

  it('on /api: handed on as OPTIONS (the route answers 405 JSON with its Allow); ordinary methods unchanged', async () => {
    seen.length = 0;
    expect((await send('TRACE', '/api/health')).status).toBe(200);
    expect((await send('PROPFIND', '/api/x/../users/login')).status).toBe(200);
    expect((await send('PUT', '/api/health')).status).toBe(200);
    expect((await send('GET', '/')).status).toBe(200);
    expect(seen).toEqual(['OPTIONS /api/health', 'OPTIONS /api/x/../users/login', 'PUT /api/health', 'GET /']);
    // /api/.. resolves to /: a page
    expect((await send('TRACE', '/api/..')).status).toBe(405);
  });
});
