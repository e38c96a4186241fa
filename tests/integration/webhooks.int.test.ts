import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';

import { createNtaStandIn } from '../../dev/nta/stand-in';
import { formatNtaLine } from '../../tools/registry/nta-synthetic';
import { call } from '../support/requests';
import { signedInMember } from '../support/signed-in-member';
import { type AccountsStack, mailsTo, startAccountsStack } from './accounts-support';
import { tempDir, ntaRow, buildRegistry } from '@/features/registry/testing';
import { updateRegistry } from '@/features/registry/server/update/update';
import { getDb } from '@/server/db/client';
import { setEnvForTest } from '@/config/env';
import { CreatedWebhookEndpointSchema, WebhookDeliveryListSchema, WebhookEndpointListSchema } from '@/features/api';
import { buildApiApp } from '@/features/api/server/router';
import * as endpointsRoute from '@/app/api/webhook-endpoints/route';
import * as endpointRoute from '@/app/api/webhook-endpoints/[id]/route';
import * as deliveriesRoute from '@/app/api/webhook-endpoints/[id]/deliveries/route';
import * as replayRoute from '@/app/api/webhook-endpoints/[id]/deliveries/[deliveryId]/replay/route';
import * as keysRoute from '@/app/api/api-keys/route';

/**
 * Webhooks (issue 27 §5–6) end to end on a local receiver: a diff from the dev/nta stand-in renames
 * a watched company → the watch job and the webhook job → one signed delivery the standardwebhooks
 * verifier accepts; a receiver failing twice gets it on the third try (the job's clock moved, no
 * sleeping); a run that dies mid-way loses nothing; a private address is refused when saved; a slow
 * receiver does not hold up the others; 3 days of failures disable the endpoint and mail its owner.
 */

const stack: AccountsStack = await startAccountsStack();
const dir = tempDir();
const ntaDir = path.join(dir, 'nta');
fs.mkdirSync(ntaDir);
const registryPath = path.join(dir, 'registry', 'registry.sqlite');
const invoicePath = path.join(dir, 'registry', 'invoice.sqlite');
setEnvForTest({
  REGISTRY_PATH: registryPath,
  INVOICE_PATH: invoicePath,
  WEBHOOK_ALLOW_LOCAL: 'true',
  WEBHOOK_TIMEOUT_SECONDS: '1',
  API_RATE_PER_SECOND: '1000',
});

const { runWatchJob, addWatch } = await import('@/features/watch/index.server');
const { runWebhookJob, emitWebhookEvent, deleteWebhookEndpoint } = await import('@/features/api/index.server');

const A = '8040001999013';
const app = buildApiApp();
let standIn: http.Server;
let ntaUrl: string;

/** The local receiver: what each path got, and how each path answers. */
interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
const received: Received[] = [];
const behaviour = new Map<string, (n: number, req: http.IncomingMessage, res: http.ServerResponse) => void>();
let receiver: http.Server;
let receiverUrl: string;

beforeAll(async () => {
  buildRegistry(
    registryPath,
    [ntaRow({ corporateNumber: A, name: '株式会社一番目', updateDate: '2026-03-01', changeDate: '2026-03-01' })],
    {
      dataDate: '2026-03-01',
    },
  );
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
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const p = req.url ?? '/';
      received.push({ path: p, headers: req.headers, body });
      const n = received.filter((r) => r.path === p).length;
      const answer = behaviour.get(p);
      if (answer) answer(n, req, res);
      else res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});

afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  await new Promise((resolve) => standIn.close(resolve));
  await stack.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function member() {
  const { user, cookie, send } = await signedInMember();
  const register = async (p: string, eventTypes: string[]) => {
    const res = await send(endpointsRoute, '/api/webhook-endpoints', 'POST', { url: `${receiverUrl}${p}`, eventTypes });
    expect(res.status).toBe(201);
    const endpoint = CreatedWebhookEndpointSchema.parse(res.json);
    onTestFinished(() => deleteWebhookEndpoint(user.id, endpoint.id));
    return endpoint;
  };
  const deliveries = async (id: string) =>
    WebhookDeliveryListSchema.parse(
      (await call(deliveriesRoute, `/api/webhook-endpoints/${id}/deliveries`, { headers: { cookie }, params: { id } })).json,
    ).deliveries;
  return { user, cookie, send, register, deliveries };
}

const to = (p: string) => received.filter((r) => r.path === p);
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

describe('registering endpoints', () => {
  it('registers on the key page and through /v1 with a whsec_ secret shown once, and refuses private addresses when saved', async () => {
    const m = await member();
    const created = await m.register('/page', ['watch.name_changed']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    const list = WebhookEndpointListSchema.parse(
      (await call(endpointsRoute, '/api/webhook-endpoints', { headers: { cookie: m.cookie } })).json,
    );
    expect(list.endpoints.map((e) => e.id)).toEqual([created.id]);
    expect(JSON.stringify(list)).not.toContain(created.secret);

    for (const url of [
      'https://10.0.0.1/hook',
      'http://169.254.169.254/latest/meta-data',
      'https://[fd00:ec2::254]/',
      'https://[::ffff:192.168.0.1]/',
      'https://0xa9fea9fe/',
      'ftp://example.com/',
    ]) {
      const res = await m.send(endpointsRoute, '/api/webhook-endpoints', 'POST', { url, eventTypes: ['quota.warning'] });
      expect(res.status, url).toBe(422);
      expect(res.json.error?.fields?.url, url).toEqual(expect.any(String));
    }

    const key = (await m.send(keysRoute, '/api/api-keys', 'POST', { name: 'hooks' })).json.key as string;
    const v1 = async (p: string, method = 'GET', body?: unknown) => {
      const res = await app.fetch(
        new Request(`http://localhost:3000${p}`, {
          method,
          headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
          ...(body ? { body: JSON.stringify(body) } : {}),
        }),
      );
      const text = await res.text();
      return {
        status: res.status,
        json: text ? (JSON.parse(text) as Record<string, unknown>) : null,
        type: res.headers.get('content-type'),
      };
    };
    const viaApi = await v1('/v1/webhook-endpoints', 'POST', { url: `${receiverUrl}/v1`, eventTypes: ['quota.warning', 'quota.exceeded'] });
    expect(viaApi.status).toBe(201);
    expect(viaApi.json).toMatchObject({ secret: expect.stringMatching(/^whsec_/), eventTypes: ['quota.warning', 'quota.exceeded'] });
    const refused = await v1('/v1/webhook-endpoints', 'POST', { url: 'https://192.168.1.10/', eventTypes: ['quota.warning'] });
    expect(refused.status).toBe(422);
    expect(refused.type).toBe('application/problem+json');
    const listed = await v1('/v1/webhook-endpoints');
    expect((listed.json as { endpoints: unknown[] }).endpoints).toHaveLength(2);
    expect(JSON.stringify(listed.json)).not.toContain('whsec_');
    const rotated = await v1(`/v1/webhook-endpoints/${created.id}/rotate-secret`, 'POST');
    expect(rotated.json).toMatchObject({ secret: expect.stringMatching(/^whsec_/) });
    expect(rotated.json?.secret).not.toBe(created.secret);
    expect((await v1(`/v1/webhook-endpoints/${viaApi.json?.id as string}`, 'DELETE')).status).toBe(204);
    const other = await member();
    expect((await other.send(endpointRoute, `/api/webhook-endpoints/${created.id}`, 'DELETE', undefined, { id: created.id })).status).toBe(
      404,
    );
  });
});

describe('delivering', () => {
  it('a diff from the stand-in renames a watched company → one signed delivery the standardwebhooks verifier accepts', async () => {
    const m = await member();
    await addWatch(m.user.id, A);
    const endpoint = await m.register('/renamed', ['watch.name_changed', 'watch.closed']);
    expect(
      await updateRegistry({
        targetPath: registryPath,
        source: { kind: 'api', baseUrl: `${ntaUrl}/4`, applicationId: 'id' },
        today: '2026-03-03',
      }),
    ).toMatchObject({ status: 'updated' });
    expect(await runWatchJob({ now: new Date('2026-03-03T03:00:00Z') })).toMatchObject({ ran: true });
    expect(await runWebhookJob()).toMatchObject({ ran: true, fannedOut: 1, delivered: 1 });
    expect(await runWebhookJob()).toMatchObject({ ran: true, fannedOut: 0, delivered: 0 });
    const got = to('/renamed');
    expect(got).toHaveLength(1);
    const delivery = got[0]!;
    const payload = new Webhook(endpoint.secret).verify(delivery.body, delivery.headers as Record<string, string>) as Record<
      string,
      unknown
    >;
    expect(payload).toMatchObject({
      type: 'watch.name_changed',
      data: {
        type: 'name_changed',
        label: '商号変更',
        corporateNumber: A,
        before: '株式会社一番目',
        after: '株式会社新一番目',
        date: '2026-03-02',
      },
    });
    expect(delivery.headers['webhook-id']).toMatch(/^msg_/);
    expect(delivery.headers['content-type']).toBe('application/json');
    // Public registry data and the owner's identifiers only.
    expect(delivery.body).not.toContain(m.user.email as string);
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(delivery.body, delivery.headers as Record<string, string>),
    ).toThrow();
    const log = await m.deliveries(endpoint.id);
    expect(log).toMatchObject([{ status: 'succeeded', attempts: 1, responseStatus: 204, type: 'watch.name_changed' }]);
  });

  it('retries with backoff: a receiver failing twice (500, then a redirect) gets the event on the third try, the next one held back until then', async () => {
    const m = await member();
    behaviour.set('/flaky', (n, _req, res) => {
      if (n === 1) res.writeHead(500).end('no');
      else if (n === 2) res.writeHead(302, { Location: 'http://169.254.169.254/' }).end();
      else res.writeHead(200).end('ok');
    });
    const endpoint = await m.register('/flaky', ['quota.warning', 'quota.exceeded']);
    const t0 = new Date();
    await emitWebhookEvent(m.user.id, 'quota.warning', { month: '2026-03', level: 80 }, 'quota:2026-03:80', t0);
    await emitWebhookEvent(m.user.id, 'quota.exceeded', { month: '2026-03', level: 100 }, 'quota:2026-03:100', t0);
    await emitWebhookEvent(m.user.id, 'quota.exceeded', { month: '2026-03', level: 100 }, 'quota:2026-03:100', t0); // once
    await runWebhookJob({ now: t0 });
    expect(to('/flaky')).toHaveLength(1);
    await runWebhookJob({ now: at(t0, 4_000) }); // not yet due
    expect(to('/flaky')).toHaveLength(1);
    await runWebhookJob({ now: at(t0, 5_000) });
    expect(to('/flaky')).toHaveLength(2); // the redirect is not followed: a failure
    expect((await m.deliveries(endpoint.id)).at(-1)).toMatchObject({ status: 'pending', attempts: 2, responseStatus: 302 });
    await runWebhookJob({ now: at(t0, 5_000 + 19_000) });
    expect(to('/flaky')).toHaveLength(2);
    await runWebhookJob({ now: at(t0, 5_000 + 20_000) });
    const got = to('/flaky').map((r) => JSON.parse(r.body) as { type: string });
    expect(got.map((g) => g.type)).toEqual(['quota.warning', 'quota.warning', 'quota.warning', 'quota.exceeded']);
    expect(
      new Set(
        to('/flaky')
          .slice(0, 3)
          .map((r) => r.headers['webhook-id']),
      ).size,
    ).toBe(1);
    const log = await m.deliveries(endpoint.id);
    expect(log.map((d) => [d.type, d.status, d.attempts, d.responseStatus])).toEqual([
      ['quota.exceeded', 'succeeded', 1, 200],
      ['quota.warning', 'succeeded', 3, 200],
    ]);
  });

  it('a run that dies mid-way loses nothing: the next instance sends the rest, the one in flight again with the same webhook-id', async () => {
    const m = await member();
    const crash = new AbortController();
    behaviour.set('/restart', (n, _req, res) => {
      if (n === 2) crash.abort(); // the process dies while the second request is answered
      res.writeHead(200).end();
    });
    const endpoint = await m.register('/restart', ['billing.renewed']);
    for (let i = 1; i <= 5; i += 1) await emitWebhookEvent(m.user.id, 'billing.renewed', { period: i }, `billing:${i}`);
    await runWebhookJob({ signal: crash.signal, holder: 'instance-1' });
    expect(to('/restart')).toHaveLength(2);
    // The dead instance's lease runs out; a new instance takes the job.
    expect(await runWebhookJob({ holder: 'instance-2' })).toEqual({ ran: false, reason: 'leased' });
    const db = await getDb();
    await db.execute(sql`UPDATE job_leases SET leased_until = now() - interval '1 second' WHERE name = 'webhooks'`);
    expect(await runWebhookJob({ holder: 'instance-2' })).toMatchObject({ ran: true, delivered: 4 });
    const periods = to('/restart').map((r) => (JSON.parse(r.body) as { data: { period: number } }).data.period);
    expect(periods).toEqual([1, 2, 2, 3, 4, 5]);
    expect(to('/restart')[1]!.headers['webhook-id']).toBe(to('/restart')[2]!.headers['webhook-id']);
    expect((await m.deliveries(endpoint.id)).every((d) => d.status === 'succeeded')).toBe(true);
  });

  it('a receiver that never answers times out without holding up another endpoint', async () => {
    const m = await member();
    behaviour.set('/silent', () => undefined); // never answers
    const silent = await m.register('/silent', ['billing.canceled']);
    const other = await member();
    await other.register('/prompt', ['billing.canceled']);
    await emitWebhookEvent(m.user.id, 'billing.canceled', {}, 'billing:cancel');
    await emitWebhookEvent(other.user.id, 'billing.canceled', {}, 'billing:cancel');
    const started = Date.now();
    const run = runWebhookJob();
    await expect.poll(() => to('/prompt').length, { timeout: 500, interval: 20 }).toBe(1);
    expect(Date.now() - started).toBeLessThan(900);
    expect(await run).toMatchObject({ delivered: 1, failed: 1 });
    expect(await m.deliveries(silent.id)).toMatchObject([
      { status: 'pending', responseStatus: null, lastError: expect.stringContaining('timeout') },
    ]);
  });

  it('an endpoint failing for 3 days is disabled and its owner mailed; replay turns it on again', async () => {
    const m = await member();
    let up = false;
    behaviour.set('/down', (_n, _req, res) => res.writeHead(up ? 200 : 503).end());
    const endpoint = await m.register('/down', ['quota.exceeded']);
    await emitWebhookEvent(m.user.id, 'quota.exceeded', { month: '2026-04' }, 'quota:2026-04:100');
    await emitWebhookEvent(m.user.id, 'quota.exceeded', { month: '2026-05' }, 'quota:2026-05:100');
    const t0 = new Date();
    let now = t0;
    for (let i = 0; i < 40; i += 1) {
      await runWebhookJob({ now });
      const [state] = (await m.deliveries(endpoint.id)).filter((d) => d.status !== 'pending');
      if (state) break;
      now = at(now, 10 * 3_600_000);
    }
    expect(now.getTime() - t0.getTime()).toBeGreaterThanOrEqual(3 * 24 * 3_600_000);
    const list = WebhookEndpointListSchema.parse(
      (await call(endpointsRoute, '/api/webhook-endpoints', { headers: { cookie: m.cookie } })).json,
    );
    expect(list.endpoints[0]!.disabledAt).not.toBeNull();
    expect((await m.deliveries(endpoint.id)).map((d) => d.status)).toEqual(['failed', 'failed']);
    await expect
      .poll(async () => (await mailsTo(stack, m.user.email as string)).map((x) => x.subject), { timeout: 10_000 })
      .toEqual([expect.stringContaining('Webhook の送信先を停止しました')]);
    const before = to('/down').length;
    await runWebhookJob({ now: at(now, 10 * 3_600_000) });
    expect(to('/down')).toHaveLength(before); // nothing sent to a disabled endpoint
    up = true;
    const last = (await m.deliveries(endpoint.id))[0]!;
    const replay = await m.send(replayRoute, `/api/webhook-endpoints/${endpoint.id}/deliveries/${last.id}/replay`, 'POST', undefined, {
      id: endpoint.id,
      deliveryId: String(last.id),
    });
    expect(replay.status).toBe(201);
    await runWebhookJob();
    expect(to('/down')).toHaveLength(before + 1);
    expect((await m.deliveries(endpoint.id))[0]).toMatchObject({ status: 'succeeded', attempts: 1, responseStatus: 200 });
  });
});
