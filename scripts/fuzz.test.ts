import { describe, expect, it } from 'vitest';

import { METHODS, ODD_METHODS, type FuzzRequest } from '../tests/fuzz/arbitraries';
import { discoverRoutes } from '../tests/fuzz/routes';
import { generate, judge } from '../tests/fuzz/runner';

/** The fuzzer's own rules (`npm run fuzz`): what it aims at, and what it calls a failure. */
const routes = discoverRoutes();

function req(overrides: Partial<FuzzRequest>): FuzzRequest {
  return {
    kind: 'api',
    route: '/api/x',
    method: 'GET',
    path: '/api/x',
    cookie: 'none',
    csrf: 'none',
    headers: [],
    body: null,
    identity: 0,
    ...overrides,
  };
}

const json = { 'content-type': 'application/json' };
const errorBody = Buffer.from(JSON.stringify({ error: { code: 'not_found', message: '見つかりません。' } }));

describe('routes found in src/app', () => {
  it('has every API route, with dynamic segments and the methods the file declares, and the pages without route groups', () => {
    const api = routes.filter((r) => r.kind === 'api');
    expect(api.find((r) => r.template === '/api/download/receipt/[file]')).toMatchObject({ declared: ['GET'] });
    expect(api.find((r) => r.template === '/api/credit-cards/card')?.declared.sort()).toEqual(['DELETE', 'GET', 'PATCH', 'POST']);
    // every route file's methods are found, whatever builds the handler (method, staffMethod, publicGet, orderAction…)
    expect(api.filter((r) => r.declared.length === 0).map((r) => r.template)).toEqual([]);
    expect(api.find((r) => r.template === '/api/admin/orders/[id]/tracking')?.declared).toEqual(['POST']);
    expect(api.find((r) => r.template === '/api/[...path]')?.segments.at(-1)).toEqual({ type: 'catchAll', name: 'path' });
    const pages = routes.filter((r) => r.kind === 'page').map((r) => r.template);
    expect(pages).toContain('/');
    expect(pages).toContain('/purchase/select'); // from src/app/(member)/purchase/select
    // route handlers outside /api are fuzzed as pages (any answer but a 5xx): they were left out before
    expect(routes.filter((r) => r.kind === 'page' && r.declared.includes('GET')).map((r) => r.template)).toEqual(
      expect.arrayContaining(['/sitemap.xml', '/sitemaps/companies/[file]', '/sitemaps/pages.xml']),
    );
  });
});

describe('generated requests', () => {
  it('are the same for the same seed, request i whatever the count', () => {
    const a = generate(routes, 7, 40);
    expect(generate(routes, 7, 40)).toEqual(a);
    expect(generate(routes, 7, 10)).toEqual(a.slice(0, 10));
    expect(generate(routes, 8, 40)).not.toEqual(a);
  });

  it('reach every API route and every method in a few thousand requests, with bad encodings and control characters among them', () => {
    const sample = generate(routes, 1, 3000);
    const hit = new Set(sample.map((r) => r.route));
    for (const r of routes.filter((t) => t.kind === 'api')) expect(hit, r.template).toContain(r.template);
    for (const t of ['/sitemap.xml', '/sitemaps/pages.xml']) expect(hit, t).toContain(t);
    // a company sitemap's file name is one the route serves (n.xml) some of the time
    const sitemaps = routes.filter((r) => r.template === '/sitemaps/companies/[file]' || r.template === '/api/health');
    expect(generate(sitemaps, 1, 300).some((r) => /^\/sitemaps\/companies\/0\.xml(\?|$)/.test(r.path))).toBe(true);
    // every method, TRACE and WebDAV's among them, on /api routes and on pages (issue 24 §6)
    expect(new Set(sample.map((r) => r.method))).toEqual(new Set([...METHODS, ...ODD_METHODS]));
    for (const kind of ['api', 'page'] as const) {
      expect(sample.some((r) => r.kind === kind && r.method === 'TRACE')).toBe(true);
      expect(sample.some((r) => r.kind === kind && r.method === 'PROPFIND')).toBe(true);
    }
    expect(sample.some((r) => /%ff/i.test(r.path))).toBe(true);
    // a NUL inside a JSON body is the escape \u0000 in its text
    expect(sample.some((r) => r.body?.kind === 'text' && r.body.value.includes('\\u0000'))).toBe(true);
    expect(sample.some((r) => r.body?.kind === 'bytes')).toBe(true);
    expect(sample.some((r) => r.cookie === 'member' && r.csrf === 'valid')).toBe(true);
  });
});

describe('judge', () => {
  it('fails any 5xx, HTML or plain text from /api, and an /api error without the JSON error shape', () => {
    expect(judge(req({}), 500, json, errorBody)).toMatch(/500/);
    expect(judge(req({ kind: 'page', path: '/search' }), 502, {}, Buffer.alloc(0))).toMatch(/502/);
    expect(judge(req({ path: '/api' }), 404, { 'content-type': 'text/html; charset=utf-8' }, Buffer.from('<html>'))).toMatch(/HTML/);
    expect(judge(req({}), 400, { 'content-type': 'text/plain' }, Buffer.from('Bad Request'))).toMatch(/not JSON/);
    expect(judge(req({}), 400, json, Buffer.from('{"message":"x"}'))).toMatch(/error:\{code,message\}/);
    expect(judge(req({}), 200, { 'content-type': 'text/plain' }, Buffer.from('ok'))).toMatch(/not JSON/);
    // a 405 must say what the route allows
    expect(judge(req({ method: 'TRACE' }), 405, json, errorBody)).toMatch(/Allow/);
    expect(judge(req({ method: 'TRACE' }), 405, { ...json, allow: 'GET, HEAD' }, errorBody)).toBeNull();
    // CSV only as a named download
    expect(judge(req({}), 200, { 'content-type': 'text/csv' }, Buffer.from('a,b'))).toMatch(/not JSON/);
  });

  it('accepts JSON errors, 429, redirects, downloads, page 404s and the HTTP parser refusing invalid HTTP', () => {
    expect(judge(req({}), 404, json, errorBody)).toBeNull();
    expect(judge(req({}), 429, json, errorBody)).toBeNull();
    expect(judge(req({}), 303, {}, Buffer.alloc(0))).toBeNull();
    expect(judge(req({}), 200, { 'content-type': 'application/pdf' }, Buffer.from('%PDF'))).toBeNull();
    const csv = { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="x.csv"' };
    expect(judge(req({}), 200, csv, Buffer.from('\uFEFF"a"'))).toBeNull();
    expect(judge(req({ kind: 'page', path: '/nope' }), 404, { 'content-type': 'text/html' }, Buffer.from('<html>'))).toBeNull();
    expect(judge(req({ path: '/api/users/ÿ' }), 400, {}, Buffer.alloc(0))).toBeNull();
    // `/api/..` is `/` once the dot segments are resolved: a page, not an API answer.
    expect(judge(req({ path: '/api/..' }), 200, { 'content-type': 'text/html' }, Buffer.from('<html>'))).toBeNull();
  });
});

describe('a kept-alive connection the server has closed', () => {
  it('is answered by sending the request again on a new connection, once', async () => {
    const http = await import('node:http');
    const { send } = await import('../tests/fuzz/runner');
    let connections = 0;
    const served = new WeakMap<object, number>();
    // Each connection answers its first request and drops the next one unanswered, as a server
    // does that closes an idle keep-alive connection just as the client reuses it.
    const server = http.createServer((request, response) => {
      const n = (served.get(request.socket) ?? 0) + 1;
      served.set(request.socket, n);
      if (n > 1) {
        request.socket.destroy();
        return;
      }
      response.end(`answer on connection ${connections}`);
    });
    server.on('connection', () => (connections += 1));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const address = server.address();
      if (address === null || typeof address === 'string') throw new Error('no port');
      const base = new URL(`http://127.0.0.1:${address.port}/`);
      const first = await send(base, 'GET', '/a', {}, null, '127.0.0.1', 5000);
      expect(first.body.toString()).toBe('answer on connection 1');
      const second = await send(base, 'POST', '/b', {}, Buffer.from('{}'), '127.0.0.1', 5000);
      expect(second.status).toBe(200);
      expect(second.body.toString()).toBe('answer on connection 2');
      expect(connections).toBe(2);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
