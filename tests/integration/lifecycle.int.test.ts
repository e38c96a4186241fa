import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { call } from '../support/requests';
import * as healthRoute from '@/app/api/health/route';
import * as liveRoute from '@/app/api/health/live/route';
import * as readyRoute from '@/app/api/health/ready/route';
import { setEnvForTest } from '@/config/env';
import { problemResponse } from '@/features/api/server/problem';
import { buildRegistry, ntaRow, tempDir } from '@/features/registry/testing';
import { searchCompanies } from '@/features/registry/index.server';
import { registerMetrics } from '@/instrumentation-node';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/http/app-error';
import { createDrain, lifecyclePhase, markStarted } from '@/server/http/lifecycle';
import { isMetricsPath, serveMetrics } from '@/server/http/metrics-door';
import { appListener } from '@/server/http/node-listener';
import { runWithRequestContext } from '@/server/http/request-context';
import { giveBackHeldJobLeases, takeJobLease } from '@/server/jobs/lease';

/**
 * The instance's lifecycle (issue 28 §2–3, docs/decisions/0125–0127): the drain of a server
 * process on SIGTERM (tests/support/drain-process.ts runs server.ts's listener and signal handling),
 * the readiness answers, the job leases a stopping instance gives back, who may read /metrics, and
 * the request id on answers, in error bodies and in the request's context.
 */

const ROOT = path.resolve(__dirname, '..', '..');
const SCRIPT = path.join(ROOT, 'tests', 'support', 'drain-process.ts');

const dir = tempDir();
const registryPath = path.join(dir, 'registry.sqlite');
setEnvForTest({ REGISTRY_PATH: registryPath });
beforeAll(() => buildRegistry(registryPath, [ntaRow({ corporateNumber: '2180301017016', name: '株式会社ライフサイクル' })]));

type Line = Record<string, unknown> & { event: string };

class ServerProcess {
  readonly lines: Line[] = [];
  readonly exited: Promise<number | null>;
  private stderr = '';

  constructor(readonly proc: ChildProcessWithoutNullStreams) {
    createInterface({ input: proc.stdout }).on('line', (raw) => {
      try {
        this.lines.push(JSON.parse(raw) as Line);
      } catch {
        // not a report
      }
    });
    proc.stderr.on('data', (chunk: Buffer) => void (this.stderr += chunk.toString()));
    this.exited = new Promise((resolve) => proc.on('exit', (code) => resolve(code)));
  }

  async next(event: string, timeoutMs = 20_000): Promise<Line> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.lines.find((l) => l.event === event);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`the server never reported ${event}\n${this.stderr}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

const running: ServerProcess[] = [];
afterAll(() => {
  for (const p of running) p.proc.kill('SIGKILL');
});

function startServer(env: Record<string, string> = {}): ServerProcess {
  const proc = spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const p = new ServerProcess(proc);
  running.push(p);
  return p;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request on a connection of its own. */
function get(port: number, pathname: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: pathname, headers, agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

describe('the drain on SIGTERM (a server process)', () => {
  it('finishes the request in flight with 200, refuses new connections, runs the hooks in order and exits 0', async () => {
    const server = startServer();
    const { port } = (await server.next('listening')) as Line & { port: number };
    expect((await get(port, '/ready')).status).toBe(200);

    const slow = get(port, '/slow?ms=1500', { 'X-Request-Id': 'drain-test-1' });
    await server.next('slow.started');
    const signalled = Date.now();
    server.proc.kill('SIGTERM');
    await server.next('server.draining');

    // A new connection after SIGTERM: the listener is closed.
    await expect(get(port, '/ready')).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(answer.headers['x-request-id']).toBe('drain-test-1');
    expect(JSON.parse(answer.body)).toEqual({ requestId: 'drain-test-1' });

    expect(await server.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    const steps = server.lines.filter((l) => l.event === 'hook' || l.event.startsWith('server.')).map((l) => l.stage ?? l.event);
    expect(steps).toEqual(['server.draining', 'stop', 'flush', 'close', 'server.stopped']);
    expect(server.lines.find((l) => l.event === 'server.stopped')).toMatchObject({ timedOut: false });
  });

  it('with DRAIN_DELAY_SECONDS, answers 503 on ready to new connections first, then refuses them', async () => {
    const server = startServer({ DELAY_MS: '1500' });
    const { port } = (await server.next('listening')) as Line & { port: number };
    server.proc.kill('SIGTERM');
    await server.next('server.draining');
    const ready = await get(port, '/ready');
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toEqual({ phase: 'draining' });
    expect(ready.headers.connection).toBe('close');
    expect(await server.exited).toBe(0);
    await expect(get(port, '/ready')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('cuts a request that outlasts the drain bound and still exits 0 soon after', async () => {
    const server = startServer({ DRAIN_MS: '300' });
    const { port } = (await server.next('listening')) as Line & { port: number };
    const slow = get(port, '/slow?ms=20000').catch((error: NodeJS.ErrnoException) => error);
    await server.next('slow.started');
    const signalled = Date.now();
    server.proc.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(5_000);
    expect(await slow).toMatchObject({ code: 'ECONNRESET' });
    expect(server.lines.find((l) => l.event === 'server.drain_timeout')).toBeDefined();
    expect(server.lines.find((l) => l.event === 'server.stopped')).toMatchObject({ timedOut: true });
  });
});

describe('the job leases of a stopping instance', () => {
  it('are given back, not left to expire: another instance takes the job at once', async () => {
    const db = await getDb();
    expect(await takeJobLease(db, 'lifecycle-test', 'instance-a', 3_600_000)).toBe(true);
    expect(await takeJobLease(db, 'lifecycle-test', 'instance-b', 3_600_000)).toBe(false);
    expect(await giveBackHeldJobLeases(db)).toEqual(['lifecycle-test']);
    expect(await takeJobLease(db, 'lifecycle-test', 'instance-b', 3_600_000)).toBe(true);
  });
});

describe('the request id', () => {
  it('takes a safe X-Request-Id, returns it and puts it in the error body', async () => {
    const res = await call(healthRoute, '/api/health', { method: 'POST', headers: { 'x-request-id': 'abc.DEF-123:4' } });
    expect(res.status).toBe(405);
    expect(res.headers.get('x-request-id')).toBe('abc.DEF-123:4');
    expect(res.json.error).toMatchObject({ code: 'method_not_allowed', requestId: 'abc.DEF-123:4' });
  });

  it('replaces an unsafe or overlong one with its own', async () => {
    for (const sent of ['<script>', 'a'.repeat(65), 'id with spaces']) {
      const res = await call(healthRoute, '/api/health', { method: 'DELETE', headers: { 'x-request-id': sent } });
      const id = res.headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.json.error).toMatchObject({ requestId: id });
    }
  });

  it('is in the public API’s problem+json', async () => {
    const res = runWithRequestContext({ requestId: 'api-req-1' }, () => problemResponse(new AppError('not_found')));
    expect(JSON.parse(res.body ?? '')).toMatchObject({ status: 404, requestId: 'api-req-1' });
  });
});

/** A listener as server.ts's: the metrics door on /metrics, 200 for anything else. */
async function metricsServer(): Promise<{ port: number; close: () => Promise<void> }> {
  const server = http.createServer(
    appListener((req, res) => {
      if (isMetricsPath(req.url)) return void serveMetrics(req, res, false);
      res.end('ok');
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('/metrics', () => {
  const TOKEN = 'metrics-token-0123456789';

  it('answers 404 when neither METRICS_TOKEN nor METRICS_PORT is configured', async () => {
    setEnvForTest({ METRICS_TOKEN: undefined, METRICS_PORT: undefined });
    await registerMetrics();
    const server = await metricsServer();
    try {
      expect((await get(server.port, '/metrics')).status).toBe(404);
      expect((await get(server.port, '/metrics', { Authorization: `Bearer ${TOKEN}` })).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('with a token: 401 without it or with a wrong one, 200 with the metrics with the right one', async () => {
    setEnvForTest({ METRICS_TOKEN: TOKEN });
    await registerMetrics();
    const server = await metricsServer();
    try {
      expect((await get(server.port, '/metrics')).status).toBe(401);
      const wrong = await get(server.port, '/metrics', { Authorization: 'Bearer metrics-token-wrong-0000000' });
      expect(wrong.status).toBe(401);
      expect(wrong.headers['www-authenticate']).toMatch(/^Bearer/);

      // something to count: a request (its route label) and a search (its class)
      await get(server.port, '/companies/2180301017016?x=1');
      searchCompanies({ q: 'ライフサイクル' });
      const ok = await get(server.port, '/metrics', { Authorization: `Bearer ${TOKEN}` });
      expect(ok.status).toBe(200);
      expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(ok.body).toMatch(/^hojin_http_request_duration_seconds_count\{route="\/companies",method="GET",status="2xx"\} 1$/m);
      expect(ok.body).toMatch(/^hojin_search_duration_seconds_count\{class="name_5_plus"\} 1$/m);
      // the test registry has no データ更新日: no sample, never 0 (which would read as 1970, or as fresh data)
      expect(ok.body).toContain('# TYPE hojin_registry_data_date_seconds gauge');
      expect(ok.body).not.toMatch(/^hojin_registry_data_(date|age)_seconds/m);
      expect(ok.body).toMatch(/^hojin_registry_ready 1$/m);
      expect(ok.body).toMatch(/^hojin_mail_background_queue 0$/m);
      for (const name of [
        'hojin_job_runs_total',
        'hojin_job_lag_seconds',
        'hojin_orders',
        'hojin_refunds',
        'hojin_db_pool_connections',
        'nodejs_eventloop_lag_seconds',
        'process_cpu_user_seconds_total',
      ]) {
        expect(ok.body).toContain(`# TYPE ${name} `);
      }
    } finally {
      await server.close();
    }
  });
});

describe('readiness and liveness', () => {
  it('ready: 503 while starting, 200 once started with the database and the registry, 503 from the drain on; live: 200 throughout', async () => {
    expect(lifecyclePhase()).toBe('starting');
    const starting = await call(readyRoute, '/api/health/ready');
    expect(starting.status).toBe(503);
    expect(starting.json).toMatchObject({ status: 'not_ready', phase: 'starting' });

    markStarted({ drainMs: 1000 });
    const ready = await call(readyRoute, '/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.json).toEqual({ status: 'ready', ready: true, phase: 'serving', database: true, registry: true });
    expect((await call(liveRoute, '/api/health/live')).status).toBe(200);

    const server = http.createServer((_req, res) => res.end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const exit = vi.fn();
    await createDrain(server, { log: () => {}, exit })('SIGTERM');
    expect(exit).toHaveBeenCalledWith(0);
    const draining = await call(readyRoute, '/api/health/ready');
    expect(draining.status).toBe(503);
    expect(draining.json).toMatchObject({ status: 'not_ready', phase: 'draining' });
    expect((await call(liveRoute, '/api/health/live')).status).toBe(200);
  });
});
