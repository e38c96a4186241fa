/**
 * Mixed load on a running stack (issue 11 §9 "load"): `--clients` visitors (default 50) searching
 * (`/api/corporates/search`) and opening record pages (`/search-service/result`), and `--members`
 * members (default 10) registering and then ordering again and again, all at once, for `--seconds`.
 * Each visitor and member is its own client: its requests leave from its own loopback address
 * (127.0.0.10, .11, …), so the per-client rate limits see 60 people, not one, and nothing has to be
 * trusted from a header. Visitors pause `--think-ms` (±50 %) between requests, as people do.
 *
 * It prints, per kind of request: count, statuses, p50/p95/p99/max ms; every 5xx and transport
 * error (the run fails with exit 1 on any); orders paid; the server's resident memory (VmRSS of the
 * process listening on the port, sampled each second: start, peak, end); and, with `--server-log`,
 * the event-loop stalls the server logged during the run (`event_loop.stall`, src/server/event-loop-watch.ts).
 *
 *   npx tsx bench/load-mixed.ts --url http://127.0.0.1:3760 --payjp http://127.0.0.1:4760/v1 \
 *     --mail http://127.0.0.1:1761 [--clients 50] [--members 10] [--seconds 60] [--think-ms 200]
 *     [--server-log tmp/stack.log]
 *
 * The stack: `npm start` with its stand-ins (PAY.JP emulator, mail catcher) — e.g. the e2e stack's
 * or one started with shifted ports. Registration sends a code mail per member: the target's
 * CODE_MAIL_PER_IP_PER_HOUR need not be raised, each member has its own address.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';

import { z } from 'zod';

import { parseBenchArgs, percentile, rng } from './support';

const ArgsSchema = z.strictObject({
  url: z.url().default('http://127.0.0.1:3000'),
  payjp: z.url().default('http://127.0.0.1:4010/v1'),
  mail: z.url().default('http://127.0.0.1:1080'),
  clients: z.coerce.number().int().min(0).max(200).default(50),
  members: z.coerce.number().int().min(0).max(40).default(10),
  seconds: z.coerce.number().int().min(5).max(3600).default(60),
  'think-ms': z.coerce.number().int().min(0).max(10_000).default(200),
  'server-log': z.string().optional(),
  seed: z.coerce.number().int().default(20261127),
});
const args = parseBenchArgs(ArgsSchema);
const base = new URL(args.url);
const rand = rng(args.seed);

// ── HTTP, one client per loopback address ────────────────────────────────────────

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  ms: number;
}

class Client {
  readonly agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  readonly jar = new Map<string, string>();
  csrf = '';
  constructor(readonly address: string) {}

  request(method: string, path: string, body?: unknown, extra: Record<string, string> = {}): Promise<Answer> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers: Record<string, string> = { accept: 'application/json, text/html', ...extra };
    if (this.jar.size) headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['x-requested-with'] = 'XMLHttpRequest';
      headers.origin = base.origin;
      headers['sec-fetch-site'] = 'same-origin';
      if (this.csrf) headers['x-csrf-token'] = this.csrf;
    }
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const req = http.request(
        { host: base.hostname, port: base.port, path, method, headers, agent: this.agent, localAddress: this.address, timeout: 30_000 },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            for (const line of res.headers['set-cookie'] ?? []) {
              const [pair = ''] = line.split(';');
              const eq = pair.indexOf('=');
              if (/max-age=0/i.test(line)) this.jar.delete(pair.slice(0, eq));
              else this.jar.set(pair.slice(0, eq), pair.slice(eq + 1));
            }
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), ms: performance.now() - started });
          });
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout (30 s)')));
      req.on('error', reject);
      if (payload) req.write(payload);
      req.end();
    });
  }
}

const json = <T>(a: Answer): T => JSON.parse(a.body.toString('utf8')) as T;

// ── What is measured ──────────────────────────────────────────────────────────────

const times = new Map<string, number[]>();
const statuses = new Map<string, Map<string, number>>();
const problems: string[] = [];

function record(kind: string, status: number | string, ms: number): void {
  const list = times.get(kind) ?? [];
  list.push(ms);
  times.set(kind, list);
  const byStatus = statuses.get(kind) ?? new Map<string, number>();
  byStatus.set(String(status), (byStatus.get(String(status)) ?? 0) + 1);
  statuses.set(kind, byStatus);
}

async function timed(client: Client, kind: string, method: string, path: string, body?: unknown): Promise<Answer | null> {
  try {
    const a = await client.request(method, path, body);
    record(kind, a.status, a.ms);
    if (a.status >= 500) problems.push(`${kind} ${method} ${path} → ${a.status}: ${a.body.toString('utf8').slice(0, 200)}`);
    return a;
  } catch (error) {
    record(kind, 'error', 0);
    problems.push(`${kind} ${method} ${path} → ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const think = () => sleep(args['think-ms'] * (0.5 + rand()));
const deadline = () => Date.now() >= endAt;
let endAt = 0;

// ── Visitors: search, then now and then a record page ─────────────────────────────

const WORDS = [
  'テスト',
  '商事',
  '工業',
  '東京',
  '大阪',
  'サービス',
  'ホールディングス',
  '建設',
  '不動産',
  '物産',
  'トヨタ',
  'たなか',
  'ABC',
  '1234',
];

async function visitor(client: Client): Promise<void> {
  const numbers: string[] = [];
  while (!deadline()) {
    const q = WORDS[Math.floor(rand() * WORDS.length)] ?? 'テスト';
    const a = await timed(client, 'search', 'GET', `/api/corporates/search?q=${encodeURIComponent(q)}`);
    if (a?.status === 200) {
      for (const item of json<{ items: { corporateNumber?: string }[] }>(a).items.slice(0, 3)) {
        if (item.corporateNumber) numbers.push(item.corporateNumber);
      }
      if (numbers.length > 20) numbers.splice(0, numbers.length - 20);
    }
    await think();
    if (numbers.length > 0 && rand() < 0.5) {
      const n = numbers[Math.floor(rand() * numbers.length)];
      await timed(client, 'record page', 'GET', `/search-service/result?corporateNumber=${n}`);
      await think();
    }
  }
}

// ── Members: register once, then order and pay (3-D Secure) until the end ──────────

const PASSWORD = 'load-test-password-2026';
let paid = 0;

async function register(client: Client, email: string): Promise<boolean> {
  client.csrf = json<{ csrf_token: string }>(await client.request('GET', '/api/session/csrf')).csrf_token;
  const started = await timed(client, 'register', 'POST', '/api/users/register', { email, password: PASSWORD, agreement: true });
  if (started?.status !== 200) {
    problems.push(`register ${email} → ${started?.status}: ${started?.body.toString('utf8').slice(0, 200)}`);
    return false;
  }
  const mailRes = await fetch(`${args.mail}/api/messages/wait?${new URLSearchParams({ to: email, timeoutMs: '20000' }).toString()}`);
  const mail = ((await mailRes.json()) as { message?: { text: string } }).message;
  const code = /確認コード\s*\n\s*(\d{6})/.exec(mail?.text ?? '')?.[1];
  if (!code) {
    problems.push(`register ${email}: no code mail`);
    return false;
  }
  const done = await timed(client, 'register', 'POST', '/api/users/temp-auth', {
    requestId: json<{ requestId: string }>(started).requestId,
    code,
  });
  if (done?.status !== 200) return false;
  client.csrf = json<{ csrf_token: string }>(done).csrf_token;
  return true;
}

async function cardToken(publicKey: string): Promise<string> {
  const res = await fetch(`${args.payjp}/tokens`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${publicKey}:`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      'card[number]': '4242424242424242',
      'card[exp_month]': '12',
      'card[exp_year]': String(new Date().getFullYear() + 3),
      'card[cvc]': '123',
      'card[name]': 'TARO YAMADA',
      'card[email]': 'taro@example.com',
    }),
  });
  return ((await res.json()) as { id: string }).id;
}

/** The cardholder on PAY.JP's 3-D Secure page: returns where it sends the browser (our tds-return). */
async function passThreeDSecure(redirectUrl: string): Promise<URL> {
  const start = new URL(redirectUrl);
  await (await fetch(start)).text();
  const form = new URLSearchParams({
    publickey: start.searchParams.get('publickey') ?? '',
    back_url: start.searchParams.get('back_url') ?? '',
    result: 'verified',
  });
  const res = await fetch(new URL(start.pathname.replace(/\/start$/, '/challenge'), start), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  await res.text();
  return new URL(res.headers.get('location') ?? '');
}

async function member(client: Client, index: number, publicKey: string, company: string): Promise<void> {
  if (!(await register(client, `load-${index}-${randomUUID().slice(0, 8)}@example.jp`))) return;
  while (!deadline()) {
    const items = 'history-full:2';
    const price = await timed(client, 'order', 'GET', `/api/items/tax?items=${items}&deliverySpeed=normal`);
    if (price?.status !== 200) return;
    const created = await timed(client, 'order', 'POST', '/api/payments/create-payment-history', {
      idempotencyKey: randomUUID(),
      company: { corporateNumber: company },
      selection: { items: [{ itemId: 'history-full', quantity: 2 }], deliverySpeed: 'normal' },
      destination: {
        recipient: '山田 太郎',
        destinationZipCode: '1000005',
        destinationPrefecture: '東京都',
        destinationCity: '千代田区',
        destinationStreet: '丸の内1-1-1',
        destinationApartmentEtc: '',
        receiptRecipient: '株式会社テスト',
      },
      expectedTotalYen: json<{ totalYen: number }>(price).totalYen,
      agreed: true,
    });
    if (created?.status !== 200) {
      problems.push(`order → ${created?.status}: ${created?.body.toString('utf8').slice(0, 200)}`);
      return;
    }
    const { paymentId } = json<{ paymentId: string }>(created);
    const purchase = await timed(client, 'pay', 'POST', '/api/payments/purchase', {
      paymentId,
      card: { token: await cardToken(publicKey) },
    });
    if (purchase?.status !== 200) return;
    const answer = json<{ status: string; redirectUrl?: string }>(purchase);
    if (answer.status === 'awaiting_3ds' && answer.redirectUrl) {
      const back = await passThreeDSecure(answer.redirectUrl);
      await timed(client, 'pay', 'GET', `${back.pathname}${back.search}`);
    }
    const latest = await timed(client, 'pay', 'GET', `/api/payments/latest?paymentId=${paymentId}`);
    if (latest?.status === 200 && json<{ order: { status: string } }>(latest).order.status === 'paid') paid += 1;
    else problems.push(`order ${paymentId} not paid: ${latest?.body.toString('utf8').slice(0, 200)}`);
    await timed(client, 'receipt', 'GET', `/api/download/receipt/${paymentId}.pdf`);
    await think();
  }
}

// ── The server process: memory ─────────────────────────────────────────────────────

function serverPid(): number | null {
  try {
    const out = execFileSync('ss', ['-ltnpH', `sport = :${base.port}`], { encoding: 'utf8' });
    const pid = /pid=(\d+)/.exec(out)?.[1];
    return pid ? Number(pid) : null;
  } catch {
    return null;
  }
}

function rssMiB(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

// ── Run ─────────────────────────────────────────────────────────────────────────────

async function main(): Promise<void> {
  const probe = new Client('127.0.0.1');
  const publicKey = json<{ result: string }>(await probe.request('GET', '/api/payjp/public-key')).result;
  const pid = serverPid();
  const logStart = args['server-log'] && fs.existsSync(args['server-log']) ? fs.statSync(args['server-log']).size : 0;
  const rss: number[] = [];
  const startRss = pid ? rssMiB(pid) : null;
  const sampler = setInterval(() => {
    const v = pid ? rssMiB(pid) : null;
    if (v !== null) rss.push(v);
  }, 1000);

  console.log(
    `[load] ${base.origin}: ${args.clients} visitors (search + record pages, think ${args['think-ms']} ms) and ${args.members} members ordering, ${args.seconds} s; server pid ${pid ?? 'not found'}`,
  );
  endAt = Date.now() + args.seconds * 1000;
  const started = Date.now();
  const company = '8040001999013';
  await Promise.all([
    ...Array.from({ length: args.clients }, (_, i) => visitor(new Client(`127.0.0.${10 + i}`))),
    ...Array.from({ length: args.members }, (_, i) => member(new Client(`127.0.1.${10 + i}`), i, publicKey, company)),
  ]);
  const elapsed = (Date.now() - started) / 1000;
  clearInterval(sampler);
  const endRss = pid ? rssMiB(pid) : null;

  console.log(`\n== load: ${elapsed.toFixed(1)} s ==\n`);
  console.log('kind            count   req/s   p50    p95    p99    max ms   statuses');
  for (const [kind, list] of times) {
    const sorted = [...list].sort((a, b) => a - b);
    const st = [...(statuses.get(kind) ?? [])].map(([s, n]) => `${s}×${n}`).join(' ');
    const f = (v: number) => v.toFixed(0).padStart(6);
    console.log(
      `${kind.padEnd(14)} ${String(list.length).padStart(6)} ${(list.length / elapsed).toFixed(1).padStart(7)} ${f(percentile(sorted, 50))} ${f(percentile(sorted, 95))} ${f(percentile(sorted, 99))} ${f(sorted.at(-1) ?? NaN)}   ${st}`,
    );
  }
  console.log(`\norders paid: ${paid}`);
  if (pid) console.log(`server memory (VmRSS, MiB): start ${startRss}, peak ${Math.max(...rss)}, end ${endRss}`);
  if (args['server-log']) {
    const log = fs.readFileSync(args['server-log']).subarray(logStart).toString('utf8');
    const stalls = [...log.matchAll(/"event":"event_loop\.stall","ms":(\d+)(?:,"cpuMs":(\d+))?/g)].map((m) => ({
      ms: Number(m[1]),
      cpuMs: m[2] === undefined ? null : Number(m[2]),
    }));
    // CPU of its own for at least half the stall: the process's work held the loop; less: the machine did not run it.
    const own = stalls.filter((s) => s.cpuMs !== null && s.cpuMs >= s.ms / 2);
    const errors = log.split('\n').filter((l) => l.includes('"level":50'));
    const max = (list: { ms: number }[]) => (list.length ? ` (max ${Math.max(...list.map((s) => s.ms))} ms)` : '');
    console.log(
      `server log: ${stalls.length} event-loop stalls ≥ 1 s${max(stalls)}, of which ${own.length} with the process's own CPU for half of it or more${max(own)}; ${errors.length} error-level lines`,
    );
    console.log(
      `machine load average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${os.cpus().length} CPUs`,
    );
    for (const e of errors.slice(0, 5)) problems.push(`server log: ${e.slice(0, 300)}`);
  }
  if (problems.length > 0) {
    console.log(`\n${problems.length} problems:`);
    for (const p of problems.slice(0, 30)) console.log(`  ${p}`);
    process.exit(1);
  }
  console.log('\nno 5xx, no transport errors');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
