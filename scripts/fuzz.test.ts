import { describe, expect, it } from 'vitest';

import { METHODS, ODD_METHODS, type FuzzRequest } from '../tests/fuzz/arbitraries';
import { discoverRoutes, leanRoutesOf } from '../tests/fuzz/routes';
import { generate, judge, leanAuthorization, resolveDates } from '../tests/fuzz/runner';

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

describe('the public API routes found in src/features/api/server', () => {
  const lean = routes.filter((r) => r.kind === 'lean');

  it('has every /v1 route and /mcp with the methods of its entry, `:name` as a dynamic segment', () => {
    const byTemplate = Object.fromEntries(lean.map((r) => [r.template, [...r.declared].sort()]));
    expect(byTemplate).toMatchObject({
      '/v1/openapi.json': ['GET'],
      '/v1/companies': ['GET'],
      '/v1/companies/[corporateNumber]': ['GET'],
      '/v1/companies/batch': ['POST'],
      '/v1/invoice-registrations/[registrationNumber]': ['GET'],
      '/v1/changes': ['GET'],
      '/v1/watch': ['GET', 'POST'],
      '/v1/watch/[corporateNumber]': ['DELETE'],
      '/mcp': ['POST'],
    });
    expect(lean.find((r) => r.template === '/v1/invoice-registrations/[registrationNumber]')?.segments.at(-1)).toEqual({
      type: 'dynamic',
      name: 'registrationNumber',
    });
    // as for /api routes: an entry whose methods the fuzzer cannot find is a failure here
    expect(lean.filter((r) => r.declared.length === 0).map((r) => r.template)).toEqual([]);
  });

  it('reads an entry without a method as declaring none (which the test above refuses)', () => {
    const source = `export const V1_ROUTES = [
      { path: '/v1/a/:id', template: '/v1/a/{id}', methods: { GET: { summary: 'x' }, DELETE: { summary: 'y' } } },
      { path: '/v1/b', template: '/v1/b', methods: {} },
      { path: '/mcp', methods: { POST: { spec: apiMethod({}) } } },
    ];`;
    expect(leanRoutesOf(source).map((r) => [r.template, r.declared])).toEqual([
      ['/v1/a/[id]', ['GET', 'DELETE']],
      ['/v1/b', []],
      ['/mcp', ['POST']],
    ]);
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

  it('reach every /v1 route and /mcp with each kind of key, MCP messages for each tool, and relative dates', () => {
    const sample = generate(routes, 1, 3000).filter((r) => r.kind === 'lean');
    for (const r of routes.filter((t) => t.kind === 'lean')) expect(new Set(sample.map((s) => s.route)), r.template).toContain(r.template);
    for (const cookie of ['member', 'pre', 'garbage', 'none'] as const) expect(sample.some((r) => r.cookie === cookie)).toBe(true);
    const mcp = sample.filter((r) => r.route === '/mcp' && r.method === 'POST');
    const accepts = mcp.filter((r) => r.headers.some(([k, v]) => k === 'accept' && v === 'application/json, text/event-stream'));
    expect(accepts.length / mcp.length).toBeGreaterThan(0.6);
    const bodies = mcp.map((r) => r.body?.value ?? '');
    for (const tool of ['search_companies', 'get_company', 'check_invoice_registration', 'bulk_check', 'recent_changes'])
      expect(
        bodies.some((b) => b.includes('"tools/call"') && b.includes(`"name":"${tool}"`)),
        tool,
      ).toBe(true);
    for (const method of ['initialize', 'tools/list']) expect(bodies.some((b) => b.includes(`"method":"${method}"`))).toBe(true);
    expect(sample.some((r) => r.route === '/v1/companies/batch' && r.body?.value.startsWith('{"items":['))).toBe(true);
    expect(sample.some((r) => /^\/v1\/companies\/\d{13}(\?|$)/.test(r.path))).toBe(true);
    expect(sample.some((r) => /^\/v1\/invoice-registrations\/T\d{13}(\?|$)/.test(r.path))).toBe(true);
    // the change feed keeps 90 days: its dates are relative to the day of the run
    const since = sample.find((r) => /^\/v1\/changes\?since=__daysago_\d+__/.test(r.path));
    expect(since).toBeDefined();
    expect(resolveDates(since?.path ?? '')).toMatch(/^\/v1\/changes\?since=\d{4}-\d{2}-\d{2}/);
  });
});

describe('the API key a public API request carries', () => {
  const keys = { live: 'hj_live_LIVE', revoked: 'hj_live_REVOKED' };
  it('is the live key for the member, the revoked key for the pre-session, a bad bearer for garbage, none for none', () => {
    const lean = (cookie: FuzzRequest['cookie']) => req({ kind: 'lean', route: '/v1/companies', path: '/v1/companies', cookie });
    expect(leanAuthorization(lean('member'), keys)).toBe('Bearer hj_live_LIVE');
    expect(leanAuthorization(lean('pre'), keys)).toBe('Bearer hj_live_REVOKED');
    expect(leanAuthorization(lean('garbage'), keys)).not.toMatch(/LIVE|REVOKED/);
    expect(leanAuthorization(lean('garbage'), keys)).toBeTruthy();
    expect(leanAuthorization(lean('none'), keys)).toBeUndefined();
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

describe('judge on the public API (/v1, /mcp)', () => {
  const lean = (overrides: Partial<FuzzRequest>) => req({ kind: 'lean', route: '/v1/companies', path: '/v1/companies', ...overrides });
  const problemType = { 'content-type': 'application/problem+json' };
  const problem = (status: number) => Buffer.from(JSON.stringify({ type: 'x', title: 'x', status, detail: '見つかりません。' }));
  const rpcError = Buffer.from(JSON.stringify({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null }));

  it('fails any 5xx, an error that is not problem details with its own status and a detail, and a 405/401/429 without its header', () => {
    expect(judge(lean({}), 500, problemType, problem(500))).toMatch(/500/);
    expect(judge(lean({}), 404, json, errorBody)).toMatch(/problem\+json/);
    expect(judge(lean({}), 405, { 'content-type': 'text/plain' }, Buffer.from('x'))).toMatch(/Allow/);
    expect(judge(lean({ method: 'TRACE' }), 405, { 'content-type': 'text/plain', allow: 'GET, HEAD' }, Buffer.from('x'))).toMatch(
      /problem\+json/,
    );
    expect(judge(lean({}), 404, problemType, problem(400))).toMatch(/status/);
    expect(judge(lean({}), 404, problemType, Buffer.from('{"status":404}'))).toMatch(/detail/);
    expect(judge(lean({}), 404, problemType, Buffer.from('<html>'))).toMatch(/parse/);
    expect(judge(lean({}), 401, problemType, problem(401))).toMatch(/WWW-Authenticate/);
    expect(judge(lean({}), 429, problemType, problem(429))).toMatch(/Retry-After/);
    expect(judge(lean({}), 200, { 'content-type': 'application/json' }, Buffer.from('{"a":'))).toMatch(/parse/);
    expect(judge(lean({}), 200, { 'content-type': 'text/html' }, Buffer.from('<html>'))).toMatch(/not JSON/);
    // a JSON-RPC error is the MCP transport's, and only /mcp's
    expect(judge(lean({}), 400, json, rpcError)).toMatch(/problem\+json/);
    // a tool that threw something other than hojin's Japanese refusal: the SDK's isError result with the exception's message
    const toolResult = (text: string) =>
      Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: 4, result: { content: [{ type: 'text', text }], isError: true } }));
    const mcp = lean({ route: '/mcp', path: '/mcp', method: 'POST' });
    expect(judge(mcp, 200, json, toolResult('Invalid time value'))).toMatch(/unexpected error: Invalid time value/);
    expect(judge(mcp, 200, json, toolResult('続きの位置の指定が正しくありません。'))).toBeNull();
    expect(judge(mcp, 200, json, toolResult('MCP error -32602: Input validation error'))).toBeNull();
  });

  it('accepts problem details, /mcp JSON-RPC errors, JSON successes, 204/202 without a body, and what Next answers for paths not under /v1', () => {
    expect(judge(lean({}), 404, problemType, problem(404))).toBeNull();
    expect(judge(lean({}), 405, { ...problemType, allow: 'GET, HEAD, OPTIONS' }, problem(405))).toBeNull();
    expect(judge(lean({}), 401, { ...problemType, 'www-authenticate': 'Bearer realm="hojin"' }, problem(401))).toBeNull();
    expect(judge(lean({}), 429, { ...problemType, 'retry-after': '1' }, problem(429))).toBeNull();
    expect(judge(lean({ route: '/mcp', path: '/mcp', method: 'POST' }), 406, json, rpcError)).toBeNull();
    expect(judge(lean({}), 200, { 'content-type': 'application/json; charset=utf-8' }, Buffer.from('{"items":[]}'))).toBeNull();
    expect(judge(lean({}), 204, {}, Buffer.alloc(0))).toBeNull();
    // the first 256 KiB of a longer answer (a batch of 1,000) do not parse, and are not expected to
    expect(judge(lean({}), 200, { 'content-type': 'application/json' }, Buffer.from('{"rows":[{"a":1},'), false)).toBeNull();
    expect(judge(lean({ route: '/mcp', path: '/mcp', method: 'POST' }), 202, {}, Buffer.alloc(0))).toBeNull();
    expect(judge(lean({ method: 'HEAD' }), 200, { 'content-type': 'application/json' }, Buffer.alloc(0))).toBeNull();
    // `//v1//companies` and `/V1/…` are not the router's (server.ts matches the path as sent): Next's answer, a page's rules
    expect(judge(lean({ path: '//v1//companies' }), 308, {}, Buffer.alloc(0))).toBeNull();
    expect(judge(lean({ path: '/V1/COMPANIES' }), 404, { 'content-type': 'text/html' }, Buffer.from('<html>'))).toBeNull();
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
