/**
 * The public API's lean path against the bare server (issue 26 §5): GET /v1/companies/{n} and
 * GET /v1/companies?q= at 50 connections (autocannon) with a valid key — auth, rate windows and
 * metering included — beside bench/bare-search-server.ts answering the same function with none of
 * that, measured in the same run. Prints requests/s, p50/p95/p99 and the ratio to the bare server.
 *
 *   npm run build   # once: the production build server.ts serves
 *   npx tsx --conditions=react-server bench/api.ts [--seconds 10] [--connections 50] [--profile tmp/prof]
 *
 * It starts server.ts (port 3396) on a fresh database under tmp/bench-api (migrated, with the demo
 * account from db:setup) reading the registry of data/registry, with limits and quota raised so
 * they are counted but never refuse; it logs in as the demo member, creates a key on the key
 * page's route, and uses it. Run it on an otherwise idle machine.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { z } from 'zod';

import { parseBenchArgs, percentile, processCpuMs, waitForPort } from './support';

const ArgsSchema = z.strictObject({
  registry: z.string().default('data/registry/registry.sqlite'),
  invoice: z.string().default('data/registry/invoice.sqlite'),
  connections: z.coerce.number().int().min(1).max(1000).default(50),
  seconds: z.coerce.number().int().min(1).max(600).default(10),
  port: z.coerce.number().int().min(1024).max(65535).default(3396),
  'bare-port': z.coerce.number().int().min(1024).max(65535).default(3397),
  /** write a V8 CPU profile of the app server (server.ts) into this folder, for finding what a request costs */
  profile: z.string().optional(),
});

const args = parseBenchArgs(ArgsSchema);
const ROOT = path.resolve(__dirname, '..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const dataDir = path.join(ROOT, 'tmp', 'bench-api');

const env = {
  ...process.env,
  DATA_DIR: dataDir,
  REGISTRY_PATH: path.resolve(args.registry),
  INVOICE_PATH: path.resolve(args.invoice),
  APP_BASE_URL: `http://127.0.0.1:${args.port}`,
  API_RATE_PER_SECOND: '100000',
  API_IP_RATE_PER_SECOND: '100000',
  API_MONTHLY_QUOTA: '1000000000',
  API_USAGE_FLUSH_SECONDS: '5',
  LOG_LEVEL: 'warn',
  PAYMENT_RECONCILE_INTERVAL_SECONDS: '0',
  REGISTRY_UPDATE_INTERVAL_MINUTES: '0',
  WATCH_JOB_INTERVAL_SECONDS: '0',
  NEXT_TELEMETRY_DISABLED: '1',
};

function sampleNumbers(file: string, n: number): string[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  const rows = db.prepare('SELECT corporate_number FROM company ORDER BY random() LIMIT ?').all(n) as { corporate_number: number }[];
  db.close();
  return rows.map((r) => String(r.corporate_number).padStart(13, '0'));
}

async function demoKey(base: string): Promise<string> {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const csrfRes = await fetch(`${base}/api/session/csrf`);
  keep(csrfRes);
  let csrf = ((await csrfRes.json()) as { csrf_token: string }).csrf_token;
  const post = async (p: string, body: unknown) => {
    const res = await fetch(`${base}${p}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        'x-csrf-token': csrf,
        origin: base,
        cookie: cookie(),
      },
      body: JSON.stringify(body),
    });
    keep(res);
    const json = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new Error(`${p}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const login = await post('/api/users/login', { email: 'demo@hojin.example', password: 'try-the-demo-2026' });
  csrf = String(login.csrf_token ?? csrf);
  const created = await post('/api/api-keys', { name: 'bench' });
  return String(created.key);
}

interface Figures {
  /** server CPU time per answered request (ms): steadier than req/s on a shared machine */
  cpu: number | null;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function run(base: string, paths: string[], key: string | null, pid?: number): Promise<Figures> {
  const cpuBefore = processCpuMs(pid);
  let next = 0;
  const latencies: number[] = [];
  const instance = autocannon({
    url: base,
    connections: args.connections,
    duration: args.seconds,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => {
          next = (next + 1) % paths.length;
          return { ...req, path: paths[next] as string, headers: { ...req.headers, ...(key ? { authorization: `Bearer ${key}` } : {}) } };
        },
      },
    ],
  });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => latencies.push(ms));
  const result = await instance;
  const cpuAfter = processCpuMs(pid);
  latencies.sort((a, b) => a - b);
  const round = (v: number) => Math.round(v * 10) / 10;
  return {
    cpu: cpuBefore !== null && cpuAfter !== null && latencies.length > 0 ? round((cpuAfter - cpuBefore) / latencies.length) : null,
    rps: Math.round(latencies.length / args.seconds),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

const best = (a: Figures, b: Figures) => (b.rps > a.rps ? b : a);

/** Node with tsx's loader in the same process, so /proc/<pid> is the server's own CPU time. */
function start(name: string, script: string[], port: number, nodeArgs: string[] = []): ChildProcess {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', ...script], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child.on('exit', (code) => {
    if (code !== 0 && code !== null) console.error(`[bench] ${name} exited with ${code}`);
  });
  void port;
  return child;
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(ROOT, '.next', 'BUILD_ID'))) throw new Error('no production build: run `npm run build` first');
  fs.rmSync(dataDir, { recursive: true, force: true });
  const setup = spawnSync(TSX, ['--conditions=react-server', 'scripts/db-setup.ts'], { cwd: ROOT, env, stdio: 'inherit' });
  if (setup.status !== 0) throw new Error('db:setup failed');

  const numbers = sampleNumbers(args.registry, 200);
  const words = ['日本', '建設', '工業', '商事', '東京', '不動産', 'トヨタ', '技研', '電機', '食品'];
  const companyPaths = numbers.map((n) => `/v1/companies/${n}`);
  const searchPaths = words.map((q) => `/v1/companies?q=${encodeURIComponent(q)}`);

  const profile = args.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args.profile)}`] : [];
  const app = start('server.ts', ['server.ts', '--port', String(args.port)], args.port, profile);
  const bare = start(
    'bare',
    ['--conditions=react-server', 'bench/bare-search-server.ts', '--port', String(args['bare-port'])],
    args['bare-port'],
  );
  try {
    await Promise.all([waitForPort(args.port, 180_000), waitForPort(args['bare-port'], 60_000)]);
    const base = `http://127.0.0.1:${args.port}`;
    const bareBase = `http://127.0.0.1:${args['bare-port']}`;
    const key = await demoKey(base);
    // Warm both (JIT, registry pages, key cache) before measuring.
    await run(base, [...companyPaths, ...searchPaths], key);
    await run(bareBase, [...companyPaths, ...searchPaths], null);
    const rows: [string, Figures, Figures][] = [];
    for (const [label, paths] of [
      ['GET /v1/companies/{n}', companyPaths],
      ['GET /v1/companies?q=', searchPaths],
    ] as const) {
      // Alternated twice, the better run of each kept: a shared machine's other load falls on both alike.
      let lean = await run(base, [...paths], key, app.pid);
      let bareFigures = await run(bareBase, [...paths], null, bare.pid);
      bareFigures = best(bareFigures, await run(bareBase, [...paths], null, bare.pid));
      lean = best(lean, await run(base, [...paths], key, app.pid));
      rows.push([label, lean, bareFigures]);
    }
    // The floor of each process, same run: the lean router's smallest answer (an unknown /v1 path: a
    // 404 problem, before any key) and the bare server's constant answer. What a request costs in
    // Next's process before any work — its async hooks, its patched timers and Date — shows here.
    let leanFloor = await run(base, ['/v1/floor'], null, app.pid);
    let bareFloor = await run(bareBase, ['/api/payjp/public-key'], null, bare.pid);
    bareFloor = best(bareFloor, await run(bareBase, ['/api/payjp/public-key'], null, bare.pid));
    leanFloor = best(leanFloor, await run(base, ['/v1/floor'], null, app.pid));
    rows.push(['floor: 404 problem / constant', { ...leanFloor, non2xx: 0 }, bareFloor]);
    console.log(`\n${args.connections} connections, ${args.seconds} s each, registry ${args.registry}`);
    console.log(
      '| request | lean req/s | p50 / p95 / p99 ms | CPU ms/req | bare req/s | p50 / p95 / p99 ms | CPU ms/req | lean ÷ bare | non-2xx (lean) |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const [label, lean, b] of rows) {
      console.log(
        `| ${label} | ${lean.rps} | ${lean.p50} / ${lean.p95} / ${lean.p99} | ${lean.cpu ?? '–'} | ${b.rps} | ${b.p50} / ${b.p95} / ${b.p99} | ${b.cpu ?? '–'} | ${Math.round((lean.rps / b.rps) * 100)} % | ${lean.non2xx + lean.errors} |`,
      );
    }
  } finally {
    app.kill('SIGTERM');
    bare.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
