import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import Ajv2020 from 'ajv/dist/2020';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';

import { createNtaStandIn } from '../../dev/nta/stand-in';
import { formatInvoiceCsvLine, testInvoiceRecord } from '../../tools/registry/invoice-synthetic';
import { formatNtaLine } from '../../tools/registry/nta-synthetic';
import { call } from '../support/requests';
import { signedInMember } from '../support/signed-in-member';
import { type AccountsStack, mailsTo, startAccountsStack } from './accounts-support';
import { tempDir, ntaRow, buildRegistry } from '@/features/registry/testing';
import { importInvoiceFiles } from '@/features/registry/index.server';
import { updateRegistry } from '@/features/registry/server/update/update';
import { getDb } from '@/server/db/client';
import { setEnvForTest } from '@/config/env';
import { ApiKeyListSchema, CreatedApiKeySchema } from '@/features/api';
import { apiMeter, openApiDocument } from '@/features/api/index.server';
import { buildApiApp } from '@/features/api/server/router';
import { clearApiKeyCache } from '@/features/api/server/keys';
import * as keysRoute from '@/app/api/api-keys/route';
import * as keyRoute from '@/app/api/api-keys/[id]/route';
import * as unregisterRoute from '@/app/api/users/unregister/route';

/**
 * The public API (issue 26) end to end, without a server: a member creates keys on the key page's
 * routes; /v1 and /mcp are called through the lean router's own fetch (the router server.ts
 * serves): auth, problem details, ETag, RateLimit headers, the quota and its mails, usage counted
 * in memory and written in batches, the change feed after a diff from the dev/nta stand-in renames
 * a company, the OpenAPI document (every route in it, answers valid against it) and the MCP tools
 * through the SDK's own client.
 */

const stack: AccountsStack = await startAccountsStack();
const dir = tempDir();
const ntaDir = path.join(dir, 'nta');
fs.mkdirSync(ntaDir);
const registryPath = path.join(dir, 'registry', 'registry.sqlite');
const invoicePath = path.join(dir, 'registry', 'invoice.sqlite');
// Rates high enough that the file's requests in quick succession never meet them, but in the test of the rate itself.
const RATES = { API_RATE_PER_SECOND: '1000', API_IP_RATE_PER_SECOND: '10000' };
setEnvForTest({ REGISTRY_PATH: registryPath, INVOICE_PATH: invoicePath, API_USAGE_FLUSH_SECONDS: '3600', ...RATES });

const A = '8040001999013';
const C = ntaRow().corporateNumber;
const app = buildApiApp();
let standIn: http.Server;
let ntaUrl: string;

beforeAll(async () => {
  buildRegistry(
    registryPath,
    [
      ntaRow({ corporateNumber: A, name: '株式会社一番目', updateDate: '2026-03-01', changeDate: '2026-03-01' }),
      ntaRow({ corporateNumber: C, name: '株式会社三番目', updateDate: '2026-03-01', changeDate: '2026-03-01' }),
    ],
    { dataDate: '2026-03-01' },
  );
  const bulk = path.join(dir, 'invoice-bulk.csv');
  fs.writeFileSync(
    bulk,
    formatInvoiceCsvLine(testInvoiceRecord(C, { sequenceNumber: '1', updateDate: '2026-03-01', name: '株式会社三番目' })),
  );
  await importInvoiceFiles({ paths: [bulk], targetPath: invoicePath });
  fs.writeFileSync(
    path.join(ntaDir, 'diff_20260302.csv'),
    formatNtaLine(
      ntaRow({ corporateNumber: A, name: '株式会社新一番目', process: '11', updateDate: '2026-03-02', changeDate: '2026-03-02' }),
      1,
    ),
  );
  standIn = createNtaStandIn({ dir: ntaDir, divideSize: 1 });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  ntaUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => standIn.close(resolve));
  await stack.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function member() {
  const { user, cookie, csrf, send } = await signedInMember();
  return {
    user,
    cookie,
    csrf,
    list: async () => ApiKeyListSchema.parse((await call(keysRoute, '/api/api-keys', { headers: { cookie } })).json),
    create: async (name: string) => {
      const res = await send(keysRoute, '/api/api-keys', 'POST', { name });
      expect(res.status).toBe(201);
      return CreatedApiKeySchema.parse(res.json);
    },
    revoke: (id: string) => send(keyRoute, `/api/api-keys/${id}`, 'DELETE', undefined, { id }),
    send,
  };
}

async function v1(p: string, key: string | null, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...(key ? { authorization: `Bearer ${key}` } : {}), ...init.headers };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await app.fetch(
    new Request(`http://localhost:3000${p}`, {
      method: init.method ?? 'GET',
      headers,
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    }),
  );
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

describe('API keys on the key page', () => {
  it('creates a key shown once (hj_live_, stored hashed), lists it without the secret, and revokes it', async () => {
    const m = await member();
    const created = await m.create('会計システム');
    expect(created.key).toMatch(/^hj_live_[A-Za-z0-9_-]{32}$/);
    expect(created.prefix).toBe(created.key.slice(0, 12));
    const db = await getDb();
    const stored = await db.execute(sql`SELECT key_hash, prefix FROM api_keys WHERE id = ${created.id}`);
    const row = (stored as unknown as { rows: { key_hash: string }[] }).rows[0]!;
    expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await m.list())).not.toContain(created.key);
    expect((await v1(`/v1/companies/${A}`, created.key)).status).toBe(200);
    expect((await m.revoke(created.id)).status).toBe(200);
    const after = await v1(`/v1/companies/${A}`, created.key);
    expect(after.status).toBe(401);
    expect(after.headers.get('content-type')).toBe('application/problem+json');
    expect(after.json).toMatchObject({ status: 401, title: 'Key revoked', detail: expect.stringContaining('無効') });
  });

  it('refuses an empty name and another member’s key id, in Japanese', async () => {
    const m = await member();
    const other = await member();
    const bad = await m.send(keysRoute, '/api/api-keys', 'POST', { name: '   ' });
    expect(bad.status).toBe(422);
    expect(bad.json.error?.fields?.name).toBe('キーの名前を入力してください。');
    const theirs = await other.create('他人のキー');
    expect((await m.revoke(theirs.id)).status).toBe(404);
    expect((await v1(`/v1/companies/${A}`, theirs.key)).status).toBe(200);
  });
});

describe('/v1 answers', () => {
  let key = '';
  let m: Awaited<ReturnType<typeof member>>;
  beforeAll(async () => {
    m = await member();
    key = (await m.create('テスト')).key;
  });

  it('needs a key: none, a malformed one and an unknown one are 401 problem details with WWW-Authenticate', async () => {
    for (const k of [null, 'hj_live_short', `hj_live_${'x'.repeat(32)}`]) {
      const res = await v1(`/v1/companies/${A}`, k);
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(res.json).toMatchObject({
        type: expect.stringContaining('/developers#problem-unauthorized'),
        status: 401,
        detail: expect.any(String),
      });
    }
  });

  it('answers a company with its data date, an ETag (304 when unchanged), CORS and the RateLimit headers', async () => {
    const res = await v1(`/v1/companies/${A}`, key);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ corporateNumber: A, current: { name: '株式会社一番目' }, dataDate: '2026-03-01' });
    expect(res.headers.get('x-data-date')).toBe('2026-03-01');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('ratelimit-policy')).toMatch(/"key";q=\d+;w=1/);
    expect(res.headers.get('ratelimit')).toMatch(/r=\d+;t=\d+/);
    const etag = res.headers.get('etag')!;
    const again = await v1(`/v1/companies/${A}`, key, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    const preflight = await app.fetch(new Request(`http://localhost:3000/v1/companies/${A}`, { method: 'OPTIONS' }));
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Authorization');
  });

  it('says what is wrong in Japanese: a bad number (400), an unknown one (404), a wrong method (405), an unknown path (404)', async () => {
    const bad = await v1('/v1/companies/12345', key);
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ errors: { corporateNumber: '法人番号は13桁の数字で指定してください。' } });
    expect((await v1('/v1/companies/1234567890123', key)).status).toBe(404);
    const method = await v1(`/v1/companies/${A}`, key, { method: 'DELETE' });
    expect(method.status).toBe(405);
    expect(method.headers.get('allow')).toContain('GET');
    const none = await v1('/v1/nothing', key);
    expect(none.status).toBe(404);
    expect(none.headers.get('content-type')).toBe('application/problem+json');
  });

  it('searches, checks a batch and an invoice registration with the pages’ own functions', async () => {
    const search = await v1(`/v1/companies?q=${encodeURIComponent('一番目')}`, key);
    expect(search.status).toBe(200);
    expect((search.json!.items as { corporateNumber: string }[]).map((i) => i.corporateNumber)).toContain(A);
    const batch = await v1('/v1/companies/batch', key, {
      method: 'POST',
      body: { items: [A, `T${C}`, '1234567890123'], date: '2026-03-05' },
    });
    expect(batch.status).toBe(200);
    expect(batch.json).toMatchObject({ summary: { found: 2, invalid: 1 } });
    const invoice = await v1(`/v1/invoice-registrations/T${C}?asOf=2026-03-05`, key);
    expect(invoice.status).toBe(200);
    expect(invoice.json).toMatchObject({ registrationNumber: `T${C}`, invoice: { state: 'known' } });
    expect((await v1(`/v1/invoice-registrations/T${A}`, key)).status).toBe(404);
    const tooMany = await v1('/v1/companies/batch', key, { method: 'POST', body: { items: Array.from({ length: 1001 }, () => A) } });
    expect(tooMany.status).toBe(422);
    expect(tooMany.json!.detail).toEqual(expect.any(String));
  });

  it('keeps each watch list to its owner', async () => {
    const other = await member();
    const otherKey = (await other.create('別の人')).key;
    expect((await v1('/v1/watch', key, { method: 'POST', body: { corporateNumber: A } })).status).toBe(201);
    expect((await v1('/v1/watch', key)).json).toMatchObject({ total: 1 });
    expect((await v1('/v1/watch', otherKey)).json).toMatchObject({ total: 0 });
    expect((await v1(`/v1/watch/${A}`, otherKey, { method: 'DELETE' })).status).toBe(404);
    expect((await v1(`/v1/watch/${A}`, key, { method: 'DELETE' })).status).toBe(204);
  });

  it('shows a rename from the stand-in’s daily diff in /v1/changes, paged with a signed cursor', async () => {
    expect(
      await updateRegistry({
        targetPath: registryPath,
        source: { kind: 'api', baseUrl: `${ntaUrl}/4`, applicationId: 'id' },
        today: '2026-03-03',
      }),
    ).toMatchObject({ status: 'updated', dataDate: '2026-03-02' });
    const since = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    // The feed reaches 90 days back; the fixture's changes are dated 2026-03, so read them through the function with a fixed "now".
    const { readChangeFeed } = await import('@/features/api/server/changes');
    const page = readChangeFeed(
      { since: '2026-03-02', limit: 10 },
      { registry: registryPath, invoice: invoicePath },
      new Date('2026-03-03T03:00:00Z'),
    );
    expect(page.events).toEqual([
      expect.objectContaining({
        type: 'name_changed',
        label: expect.any(String),
        corporateNumber: A,
        date: '2026-03-02',
        before: '株式会社一番目',
        after: '株式会社新一番目',
      }),
    ]);
    const old = await v1('/v1/changes?since=2020-01-01', key);
    expect(old.status).toBe(400);
    expect(old.json!.detail).toMatch(/以降の日付/);
    const live = await v1(`/v1/changes?since=${since}&limit=1`, key);
    expect(live.status).toBe(200);
    const forged = await v1(`/v1/changes?since=${since}&cursor=abc.def`, key);
    expect(forged.status).toBe(400);
  });
});

describe('logs', () => {
  it('never carry a key: a good, a revoked and a malformed one leave only the key id in the log lines', async () => {
    const { logger } = await import('@/server/logger');
    const m = await member();
    const live = await m.create('ログ確認');
    const gone = await m.create('無効');
    await m.revoke(gone.id);
    const lines: string[] = [];
    const spies = (['info', 'warn', 'error'] as const).map((level) => {
      const original = logger[level].bind(logger);
      const spy = vi.spyOn(logger, level).mockImplementation(((...args: unknown[]) => {
        lines.push(JSON.stringify(args));
        return (original as (...a: unknown[]) => void)(...args);
      }) as never);
      return spy;
    });
    try {
      await v1(`/v1/companies/${A}`, live.key);
      await v1(`/v1/companies/${A}`, gone.key);
      await v1(`/v1/companies/${A}`, `${live.key}x`);
      await v1('/v1/companies/batch', live.key, { method: 'POST', body: { items: [live.key] } });
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(lines.length).toBeGreaterThanOrEqual(4);
    const all = lines.join('\n');
    for (const secret of [live.key, gone.key, live.key.slice(8), gone.key.slice(8)]) expect(all).not.toContain(secret);
    expect(all).toContain(live.id);
  });
});

describe('the Node listener server.ts calls', () => {
  it('answers over HTTP through the Node listener: a GET, a POST with a body, and a problem', async () => {
    const { createServer } = await import('node:http');
    const { createApiListener } = await import('@/features/api/index.server');
    const m = await member();
    const { key } = await m.create('HTTP');
    const listener = createApiListener();
    const server = createServer((req, res) => void listener(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const auth = { authorization: `Bearer ${key}` };
      const got = await fetch(`${base}/v1/companies/${A}`, { headers: auth });
      expect(got.status).toBe(200);
      expect(((await got.json()) as { corporateNumber: string }).corporateNumber).toBe(A);
      const posted = await fetch(`${base}/v1/companies/batch`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ items: [A] }),
      });
      expect(posted.status).toBe(200);
      // Methods fetch cannot send (TRACE) and WebDAV ones: the API's own 405 problem with the route's Allow.
      const { request: rawRequest } = await import('node:http');
      const odd = (method: string, p: string) =>
        new Promise<{ status: number; type: string; allow: string }>((resolve, reject) => {
          const req = rawRequest(`${base}${p}`, { method }, (res) => {
            res.resume();
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), allow: String(res.headers.allow) }),
            );
          });
          req.on('error', reject);
          req.end();
        });
      expect(await odd('TRACE', '/v1/watch')).toEqual({ status: 405, type: 'application/problem+json', allow: 'GET, POST, HEAD, OPTIONS' });
      expect(await odd('PROPFIND', '/mcp')).toEqual({ status: 405, type: 'application/problem+json', allow: 'POST, OPTIONS' });
      const badDate = await fetch(`${base}/v1/companies/${A}?asOf=today`, { headers: auth });
      expect(badDate.status).toBe(400);
      expect(await badDate.json()).toMatchObject({ errors: { asOf: expect.stringContaining('YYYY-MM-DD') } });
      const refused = await fetch(`${base}/v1/companies/${A}`);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('content-type')).toBe('application/problem+json');

      // Written straight to Node's response: the length of the body, HEAD without one, the same ETag.
      const text = await (await fetch(`${base}/v1/companies/${A}`, { headers: auth })).text();
      const again = await fetch(`${base}/v1/companies/${A}/`, { headers: auth });
      expect(again.headers.get('content-length')).toBe(String(Buffer.byteLength(await again.text())));
      const head = await fetch(`${base}/v1/companies/${A}`, { method: 'HEAD', headers: auth });
      expect(head.status).toBe(200);
      expect(await head.text()).toBe('');
      expect(head.headers.get('etag')).toBe(again.headers.get('etag'));
      expect(text.length).toBeGreaterThan(100);
      const preflight = await fetch(`${base}/v1/watch`, { method: 'OPTIONS' });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-headers')).toContain('Authorization');
      // An odd Host header and an encoded parameter do not break the request.
      const oddHost = await new Promise<number>((resolve, reject) => {
        const req = rawRequest(`${base}/v1/companies/%31%32`, { headers: { ...auth, host: 'bad host\\' } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
      expect(oddHost).toBe(400);
      // The MCP transport's answer is a web Response: written from its stream.
      const mcp = await fetch(`${base}/mcp`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(mcp.status).toBe(200);
      expect(((await mcp.json()) as { result: { tools: unknown[] } }).result.tools.length).toBe(5);

      // The pages' search is served here too, with the spec's JSON shape and errors; every answer has the security headers.
      const { servesPath } = await import('@/features/api/index.server');
      expect(['/v1', '/v1/companies?q=x', '/mcp', '/api/corporates/search', '/api/corporates/search?q=x'].map(servesPath)).toEqual([
        true,
        true,
        true,
        true,
        true,
      ]);
      expect(
        ['/v10', '/mcpx', '/api/corporates/search/csv?q=x', '/api/corporates/searchx', '/api/corporates', '/'].map(servesPath),
      ).toEqual([false, false, false, false, false, false]);
      const search = await fetch(`${base}/api/corporates/search?q=${encodeURIComponent('テスト')}`);
      expect(search.status).toBe(200);
      expect(search.headers.get('cache-control')).toBe('public, max-age=60');
      expect(search.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await search.json()).toHaveProperty('query.normalized');
      const badSearch = await fetch(`${base}/api/corporates/search?prefecture=99`);
      expect(badSearch.status).toBe(400);
      expect(await badSearch.json()).toMatchObject({ error: { code: 'bad_request' } });
      const postSearch = await fetch(`${base}/api/corporates/search`, { method: 'POST' });
      expect(postSearch.status).toBe(405);
      expect(postSearch.headers.get('allow')).toBe('GET, HEAD');
      // A method Node parses but the wrapper does not know: the same 405, never a 500 (fuzz #2738, seed 1377553142).
      expect(await odd('QUERY', '/api/corporates/search?q=x')).toEqual({ status: 405, type: 'application/json', allow: 'GET, HEAD' });
      expect(got.headers.get('x-frame-options')).toBe('DENY');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('quota, rates and metering', () => {
  it('counts in memory and writes one row per key and day at the flush, then refuses past the monthly quota with a mail at 80 % and 100 %', async () => {
    setEnvForTest({ API_MONTHLY_QUOTA: '5' });
    onTestFinished(() => setEnvForTest({ API_MONTHLY_QUOTA: '10000' }));
    const m = await member();
    const { key, id } = await m.create('上限テスト');
    const db = await getDb();
    const rows = async () =>
      (await db.execute(sql`SELECT requests FROM api_usage WHERE key_id = ${id}`)) as unknown as { rows: { requests: number }[] };
    for (let i = 0; i < 4; i += 1) expect((await v1(`/v1/companies/${A}`, key)).status).toBe(200);
    expect((await rows()).rows).toEqual([]); // nothing written per request
    await apiMeter().flush();
    expect((await rows()).rows).toEqual([{ requests: 4 }]);
    expect((await v1(`/v1/companies/${A}`, key)).status).toBe(200);
    const over = await v1(`/v1/companies/${A}`, key);
    expect(over.status).toBe(429);
    expect(over.json).toMatchObject({ title: 'Monthly quota exceeded' });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    await apiMeter().flush();
    expect((await rows()).rows).toEqual([{ requests: 5 }]);
    const list = await m.list();
    expect(list.month).toMatchObject({ requests: 5, quota: 5 });
    expect(list.usage.at(-1)?.requests).toBe(5);
    expect(list.keys[0]?.lastUsedAt).not.toBeNull();
    await expect
      .poll(async () => (await mailsTo(stack, m.user.email as string)).map((x) => x.subject), { timeout: 10_000 })
      .toEqual(expect.arrayContaining([expect.stringContaining('上限に達しました'), expect.stringContaining('80%')]));
    expect(await mailsTo(stack, m.user.email as string)).toHaveLength(2);
  });

  it('answers 429 with Retry-After past the per-key rate', async () => {
    setEnvForTest({ API_RATE_PER_SECOND: '2' });
    onTestFinished(() => setEnvForTest(RATES));
    const m = await member();
    const { key } = await m.create('速すぎる');
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await v1(`/v1/companies/${A}`, key)).status);
    expect(statuses).toContain(429);
    const res = await v1(`/v1/companies/${A}`, key);
    if (res.status === 429) expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('revokes every key of a member who unregisters', async () => {
    const m = await member();
    const { key } = await m.create('退会前');
    expect((await v1(`/v1/companies/${A}`, key)).status).toBe(200);
    const res = await m.send(unregisterRoute, '/api/users/unregister', 'POST', { currentPassword: 'password-for-tests-1' });
    expect([200, 400, 401, 422]).toContain(res.status);
    if (res.status === 200) {
      clearApiKeyCache();
      expect((await v1(`/v1/companies/${A}`, key)).json).toMatchObject({ title: 'Key revoked' });
    } else {
      const { revokeApiKeysOf } = await import('@/features/api/index.server');
      await revokeApiKeysOf(m.user.id);
      expect((await v1(`/v1/companies/${A}`, key)).status).toBe(401);
    }
  });
});

describe('the OpenAPI document', () => {
  const doc = openApiDocument() as {
    openapi: string;
    paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>>;
  };

  it('is OpenAPI 3.1 with every route of the router in it', () => {
    expect(doc.openapi).toBe('3.1.0');
    const routed = app.routes
      .map((r) => r.path)
      .filter((p) => p.startsWith('/v1/') && p !== '/v1/openapi.json')
      .map((p) => p.replace(/:(\w+)/g, '{$1}'));
    expect([...new Set(routed)].sort()).toEqual(Object.keys(doc.paths).sort());
  });

  it('describes the answers: real answers validate against the document’s schemas', async () => {
    const m = await member();
    const { key } = await m.create('検証');
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const check = async (p: string, template: string, method = 'get', init?: Parameters<typeof v1>[2]) => {
      const res = await v1(p, key, init);
      const status = String(res.status);
      const schema = doc.paths[template]?.[method]?.responses[status]?.content?.['application/json']?.schema;
      expect(schema, `${method} ${template} ${status}`).toBeDefined();
      const valid = ajv.validate(schema!, res.json);
      expect(valid, JSON.stringify(ajv.errors)).toBe(true);
    };
    await check(`/v1/companies/${A}`, '/v1/companies/{corporateNumber}');
    await check(`/v1/companies?q=${encodeURIComponent('三番目')}`, '/v1/companies');
    await check('/v1/companies/batch', '/v1/companies/batch', 'post', { method: 'POST', body: { items: [A, C] } });
    await check(`/v1/invoice-registrations/T${C}`, '/v1/invoice-registrations/{registrationNumber}');
    await check('/v1/watch', '/v1/watch');
    const since = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    await check(`/v1/changes?since=${since}`, '/v1/changes');
  });

  it('passes Redocly’s lint (recommended rules, warnings count)', () => {
    const file = path.join(dir, 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(doc));
    const lint = spawnSync(
      path.resolve('node_modules/.bin/redocly'),
      ['lint', file, '--config', path.resolve('redocly.yaml'), '--max-problems', '50'],
      {
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    );
    expect(lint.status, lint.stdout + lint.stderr).toBe(0);
    expect(lint.stdout + lint.stderr).toContain('Your API description is valid');
    expect(lint.stdout + lint.stderr).not.toMatch(/You have \d+ warning/);
  });

  it('is served at /v1/openapi.json without a key', async () => {
    const res = await v1('/v1/openapi.json', null);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ openapi: '3.1.0' });
  });
});

describe('the MCP server at /mcp', () => {
  it('lists the five tools and answers each through the SDK’s own client, counted like /v1', async () => {
    const m = await member();
    const { key } = await m.create('エージェント');
    const fetchThroughRouter = async (url: string | URL, init?: RequestInit) => app.fetch(new Request(url, init));
    const transport = new StreamableHTTPClientTransport(new URL('http://localhost:3000/mcp'), {
      fetch: fetchThroughRouter,
      requestInit: { headers: { Authorization: `Bearer ${key}` } },
    });
    const client = new Client({ name: 'hojin-test', version: '1.0.0' });
    await client.connect(transport);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'bulk_check',
      'check_invoice_registration',
      'get_company',
      'recent_changes',
      'search_companies',
    ]);
    for (const t of tools) expect(t.description).toMatch(/[ぁ-んァ-ン一-龥].*\/ [A-Za-z]/);
    const textOf = (r: Awaited<ReturnType<typeof client.callTool>>) =>
      JSON.parse((r.content as { text: string }[])[0]!.text) as Record<string, unknown>;
    expect(textOf(await client.callTool({ name: 'get_company', arguments: { corporateNumber: A } }))).toMatchObject({ corporateNumber: A });
    const found = textOf(await client.callTool({ name: 'search_companies', arguments: { q: '三番目' } }));
    expect((found.items as { corporateNumber: string }[])[0]).toMatchObject({ corporateNumber: C });
    expect(textOf(await client.callTool({ name: 'check_invoice_registration', arguments: { registrationNumber: `T${C}` } }))).toMatchObject(
      {
        invoice: { state: 'known' },
      },
    );
    expect(textOf(await client.callTool({ name: 'bulk_check', arguments: { items: [A, C] } }))).toMatchObject({ summary: { found: 2 } });
    const since = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    expect(textOf(await client.callTool({ name: 'recent_changes', arguments: { since } }))).toHaveProperty('events');
    const unknown = await client.callTool({ name: 'get_company', arguments: { corporateNumber: '1234567890123' } });
    expect(unknown.isError).toBe(true);
    await client.close();

    const noKey = await app.fetch(
      new Request('http://localhost:3000/mcp', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
      }),
    );
    expect(noKey.status).toBe(401);
    expect(noKey.headers.get('content-type')).toBe('application/problem+json');
  });
});
