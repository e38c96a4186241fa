/**
 * A bare node:http server around the same search function, zod schema and JSON answer as
 * GET /api/corporates/search (and /v1/companies, /v1/companies/{n} for bench/api.ts) — no Next.js, no route wrapper (no rate limit, no logging, no CSRF
 * or session handling). It exists only for `npm run bench:registry-http -- --server bare`, to
 * measure what this machine could serve without the framework's per-request cost; it is not a
 * way to run the service.
 *
 *   REGISTRY_PATH=… tsx --conditions=react-server bench/bare-search-server.ts --port 3397
 */
import http from 'node:http';
import { parseArgs } from 'node:util';

import { SearchParamsSchema } from '../src/features/company-search';
import { searchFailure } from '../src/features/company-search/index.server';
import { searchCompanies, getRegistryStore } from '../src/features/registry/index.server';
import { todayInJapan } from '../src/features/registry';
import { companyOf } from '../src/features/api/server/v1';

const { values } = parseArgs({ options: { port: { type: 'string' } }, strict: true });
const port = Number(values.port ?? 3397);

function send(res: http.ServerResponse, status: number, body: unknown, cache = 'no-store'): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': cache });
  res.end(JSON.stringify(body));
}

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'GET') return send(res, 405, { error: { code: 'method_not_allowed', message: '許可されていないメソッドです。' } });
    if (url.pathname === '/api/payjp/public-key') return send(res, 200, { result: '' });
    if (url.pathname === '/api/health') {
      const state = getRegistryStore().acquire();
      return send(res, 200, { registry: state.ok ? state.registry.meta.counts : null });
    }
    // bench/api.ts: GET /v1/companies/{n} and /v1/companies?q= as the lean path answers them, without key, limits or metering.
    const company = /^\/v1\/companies\/(\d{13})$/.exec(url.pathname);
    if (company) {
      const answer = companyOf(company[1] as string, todayInJapan());
      return answer instanceof Error ? send(res, answer.status, { detail: answer.message }) : send(res, 200, answer);
    }
    if (url.pathname !== '/api/corporates/search' && url.pathname !== '/v1/companies')
      return send(res, 404, { error: { code: 'not_found', message: 'Not found' } });
    const parsed = SearchParamsSchema.safeParse(Object.fromEntries(url.searchParams));
    if (!parsed.success) return send(res, 400, { error: { code: 'bad_request', message: parsed.error.issues[0]?.message ?? '' } });
    const outcome = searchCompanies(parsed.data);
    if (!outcome.ok) {
      const failure = searchFailure(outcome);
      return send(res, failure.status, { error: { code: failure.code, message: failure.message } });
    }
    return send(res, 200, outcome.result, 'public, max-age=60');
  })
  .listen(port, '127.0.0.1');
