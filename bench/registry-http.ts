/**
 * HTTP benchmark of GET /api/corporates/search (issue 3 §7): 50 concurrent connections
 * (autocannon), a mix of query classes sampled from the registry itself, then each class alone.
 * Prints p50/p95/p99 latency and requests/s; writes bench/out/registry-http-<label>.json.
 *
 *   npm run bench:registry-http -- [--registry data/registry/registry.sqlite] [--url URL]
 *     [--connections 50] [--seconds 10] [--class-seconds 3] [--per-class 40] [--port 3395]
 *     [--server app|next|bare]
 *
 * Without --url it starts server.ts (`--server app`, what `npm start` runs: the search is served
 * on the lean path before Next's handler) or `next start` (`--server next`: through Next's handler)
 * — both the production build in .next, which must exist: `npm run build` — on --port with REGISTRY_PATH=--registry and
 * TRUSTED_PROXY_HEADER=x-forwarded-for, and stops it at the end. Requests carry X-Forwarded-For
 * from 2,048 simulated clients, so the per-client rate limit (20/s) is not what is measured;
 * with --url, start the target with TRUSTED_PROXY_HEADER=x-forwarded-for for the same reason
 * (otherwise every request counts as one client and most answers are 429, which the bench reports).
 * The registry file is only read to sample queries. Run it on an otherwise idle machine.
 * `--server bare` starts bench/bare-search-server.ts instead of Next: the same search function
 * behind a bare node:http server, to show what the framework's per-request cost is.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { z } from 'zod';

import { normalizeJapanese } from '../src/lib/normalize-japanese';

import { parseBenchArgs, percentile, processCpuMs, rng, waitForPort } from './support';

const ArgsSchema = z.strictObject({
  registry: z.string().default('data/registry/registry.sqlite'),
  url: z.url().optional(),
  connections: z.coerce.number().int().min(1).max(1000).default(50),
  seconds: z.coerce.number().int().min(1).max(600).default(10),
  'class-seconds': z.coerce.number().int().min(0).max(120).default(3),
  'per-class': z.coerce.number().int().min(5).max(1000).default(40),
  port: z.coerce.number().int().min(1024).max(65535).default(3395),
  /** Offered load of the second mixed run (requests/s over all connections); 0 skips it. */
  rate: z.coerce.number().int().min(0).max(100_000).default(1500),
  out: z.string().default('bench/out'),
  /**
   * `app`: server.ts, as `npm start` runs it (the search on the lean path, before Next's handler);
   * `next`: `next start` (the same route through Next's handler); `bare`: bench/bare-search-server.ts
   * (the search without the framework).
   */
  server: z.enum(['app', 'next', 'bare']).default('app'),
});
type Args = z.infer<typeof ArgsSchema>;

const toHiragana = (s: string) => s.replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60));

/** Query strings per class, drawn from names, readings and numbers of the registry (as bench/registry-search.ts does). */
function sampleQueries(file: string, perClass: number): Record<string, string[]> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  const rand = rng(20260130);
  const maxDoc = (db.prepare('SELECT max(docid) AS n FROM doc').get() as { n: number }).n;
  const docAt = db.prepare(
    // Docids have gaps (docs/decisions/0135): a random number picks the document at or after it.
    'SELECT d.name_norm, d.reading_norm, c.corporate_number FROM doc d JOIN company c ON c.id = d.company_id WHERE d.docid >= ? ORDER BY d.docid LIMIT 1',
  );
  const countOf = db.prepare('SELECT count(*) AS n FROM (SELECT 1 FROM doc_fts WHERE doc_fts MATCH ? LIMIT 101)');
  const randomDoc = () =>
    docAt.get(1 + Math.floor(rand() * maxDoc)) as { name_norm: string; reading_norm: string; corporate_number: number } | undefined;
  const substring = (s: string, min: number, max: number): string | null => {
    const chars = Array.from(s);
    if (chars.length < min) return null;
    const len = Math.min(chars.length, min + Math.floor(rand() * (max - min + 1)));
    const at = Math.floor(rand() * (chars.length - len + 1));
    return chars.slice(at, at + len).join('');
  };
  const qs = (q: string, extra: Record<string, string> = {}) => new URLSearchParams({ q, ...extra }).toString();
  const collect = (make: () => string | null): string[] => {
    const out: string[] = [];
    for (let tries = 0; out.length < perClass && tries < perClass * 200; tries++) {
      const q = make();
      if (q !== null) out.push(q);
    }
    return out;
  };
  const fromName = (min: number, max: number, extra: Record<string, string> = {}) =>
    collect(() => {
      const doc = randomDoc();
      const s = doc === undefined ? null : substring(doc.name_norm, min, max);
      return s === null || Array.from(s).length < min || normalizeJapanese(s) === '' ? null : qs(s, extra);
    });
  const classes: Record<string, string[]> = {
    '1 char': fromName(1, 1),
    'common 2 chars (日本, 建設, …)': ['日本', '建設', '工業', '産業', '商事', '東京', '不動', '企画'].map((q) => qs(q)),
    'rare 2 chars': collect(() => {
      const doc = randomDoc();
      const s = doc === undefined ? null : substring(doc.name_norm, 2, 2);
      if (s === null || Array.from(s).length < 2 || normalizeJapanese(s) === '') return null;
      return (countOf.get(`"${s}"`) as { n: number }).n <= 50 ? qs(s) : null;
    }),
    '3–4 chars': fromName(3, 4),
    '6+ chars': fromName(6, 12),
    'reading prefix (hiragana)': collect(() => {
      const r = Array.from(randomDoc()?.reading_norm ?? '');
      return r.length < 3 ? null : qs(toHiragana(r.slice(0, 2 + Math.floor(rand() * 7)).join('')));
    }),
    法人番号: collect(() => {
      const n = randomDoc()?.corporate_number;
      return n === undefined ? null : qs(String(n));
    }),
    'common word + small prefecture': ['日本', '建設', '工業', '商事'].flatMap((q) =>
      ['31', '32', '36', '39'].map((prefecture) => qs(q, { prefecture })),
    ),
    '3–4 chars, closed included': fromName(3, 4, { includeClosed: '1' }),
  };
  db.close();
  return classes;
}

interface RunFigures {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  non2xx: number;
  status429: number;
  errors: number;
  /** CPU time of the server process per answered request (ms), when the bench started the server. */
  serverCpuMsPerRequest: number | null;
}

/** One autocannon run cycling through `paths` (each connection takes the next one). */
async function load(
  base: string,
  paths: string[],
  connections: number,
  seconds: number,
  overallRate?: number,
  serverPid?: number,
): Promise<RunFigures> {
  const cpuBefore = processCpuMs(serverPid);
  let next = 0;
  let ip = 0;
  const latencies: number[] = [];
  let status429 = 0;
  const instance = autocannon({
    url: base,
    connections,
    duration: seconds,
    ...(overallRate !== undefined ? { overallRate } : {}),
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => {
          next = (next + 1) % paths.length;
          ip = (ip + 1) % 2048;
          return {
            ...req,
            path: `/api/corporates/search?${paths[next] as string}`,
            headers: { ...req.headers, accept: 'application/json', 'x-forwarded-for': `10.${(ip >> 8) & 255}.${ip & 255}.1` },
          };
        },
      },
    ],
  });
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    latencies.push(ms);
    if (status === 429) status429 += 1;
  });
  const result = await instance;
  const cpuAfter = processCpuMs(serverPid);
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? NaN,
    non2xx: result.non2xx,
    status429,
    errors: result.errors + result.timeouts,
    serverCpuMsPerRequest:
      cpuBefore !== null && cpuAfter !== null && latencies.length > 0 ? (cpuAfter - cpuBefore) / latencies.length : null,
  };
}

/** One path, as fast as possible (the floor of the stack). */
async function loadPath(base: string, p: string, connections: number, seconds: number, serverPid?: number): Promise<RunFigures> {
  const cpuBefore = processCpuMs(serverPid);
  const latencies: number[] = [];
  const instance = autocannon({ url: `${base}${p}`, connections, duration: seconds });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => latencies.push(ms));
  const result = await instance;
  const cpuAfter = processCpuMs(serverPid);
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? NaN,
    non2xx: result.non2xx,
    status429: 0,
    errors: result.errors + result.timeouts,
    serverCpuMsPerRequest:
      cpuBefore !== null && cpuAfter !== null && latencies.length > 0 ? (cpuAfter - cpuBefore) / latencies.length : null,
  };
}

async function startServer(args: Args, registry: string): Promise<{ base: string; child: ChildProcess }> {
  if (args.server !== 'bare' && !fs.existsSync('.next/server/app/api/corporates/search/route.js')) {
    console.error('.next に /api/corporates/search を含む本番ビルドがありません。先に `npx next build` を実行してください。');
    process.exit(2);
  }
  const inUse = await waitForPort(args.port, 0).then(
    () => true,
    () => false,
  );
  if (inUse) {
    console.error(
      `ポート ${args.port} は使用中です（別のサーバーを測らないよう中止します）。--port で空いているポートを指定してください。`,
    );
    process.exit(2);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hojin-bench-http-'));
  const [command, commandArgs] =
    args.server === 'bare'
      ? [process.execPath, ['--import', 'tsx', '--conditions=react-server', 'bench/bare-search-server.ts', '--port', String(args.port)]]
      : args.server === 'app'
        ? [process.execPath, ['--import', 'tsx', 'server.ts', '--port', String(args.port)]]
        : [path.resolve('node_modules/.bin/next'), ['start', '-p', String(args.port), '-H', '127.0.0.1']];
  const child = spawn(command, commandArgs, {
    env: {
      ...process.env,
      REGISTRY_PATH: registry,
      DATA_DIR: dataDir,
      TRUSTED_PROXY_HEADER: 'x-forwarded-for',
      APP_BASE_URL: `http://127.0.0.1:${args.port}`,
      NEXT_TELEMETRY_DISABLED: '1',
    },
    // The server logs one line per request (as in production); the bench does not read them.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForPort(args.port, 60_000);
  return { base: `http://127.0.0.1:${args.port}`, child };
}

const fmt = (n: number) => (Number.isNaN(n) ? '–' : n.toFixed(2));

async function main(): Promise<void> {
  const args = parseBenchArgs(ArgsSchema);
  const registry = path.resolve(args.registry);
  const classes = sampleQueries(registry, args['per-class']);
  const started = args.url === undefined ? await startServer(args, registry) : null;
  const base = args.url ?? started?.base ?? '';
  try {
    const meta = await fetch(`${base}/api/health`)
      .then((r) => r.json() as Promise<{ registry?: { companies?: number; searchable?: number } }>)
      .catch(() => null);
    const all = Object.values(classes).flat();
    const pid = started?.child.pid;
    // The trivial public route next to the search: what Next and the route wrapper cost alone.
    const floor = await loadPath(base, '/api/payjp/public-key', args.connections, Math.min(5, args.seconds), pid);
    console.log(`target ${base}; registry ${registry} (${meta?.registry?.searchable?.toLocaleString('en') ?? '?'} searchable companies)`);
    console.log(
      `machine: ${os.cpus().length} cores, load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}; ${args.connections} connections`,
    );
    // Warm-up: every query once (statement caches, page cache of the file, JIT).
    await load(base, all, 4, Math.max(2, Math.ceil(all.length / 400)));

    const rows: { name: string; figures: RunFigures }[] = [];
    // Closed loop: every connection sends its next request as soon as the last one is answered,
    // so this measures the most the server does; by Little's law its mean latency is then
    // connections ÷ throughput (50 connections at 2,000 req/s: 25 ms), whatever the server.
    rows.push({
      name: `mix, ${Object.keys(classes).length} classes, as fast as possible`,
      figures: await load(base, shuffle(all), args.connections, args.seconds, undefined, pid),
    });
    // Offered load: the same connections held to `rate` requests/s, so the latency is the
    // service time of a server under that load rather than queueing in front of it.
    if (args.rate > 0)
      rows.push({
        name: `mix at ${args.rate.toLocaleString('en')} req/s offered`,
        figures: await load(base, shuffle(all), args.connections, args.seconds, args.rate, pid),
      });
    // One client alone: the latency a visitor sees when the server is not saturated.
    rows.push({ name: 'mix, 1 connection', figures: await load(base, shuffle(all), 1, Math.min(5, args.seconds), undefined, pid) });
    if (args['class-seconds'] > 0) {
      for (const [name, paths] of Object.entries(classes))
        rows.push({ name, figures: await load(base, paths, args.connections, args['class-seconds'], undefined, pid) });
      rows.push({ name: 'floor: GET /api/payjp/public-key', figures: floor });
    }

    console.log('\nrun                                 req/s   p50 ms   p95 ms   p99 ms   max ms  non-2xx  cpu ms/req');
    for (const { name, figures: f } of rows) {
      console.log(
        `${name.padEnd(34)} ${f.rps.toFixed(0).padStart(7)} ${fmt(f.p50).padStart(8)} ${fmt(f.p95).padStart(8)} ${fmt(f.p99).padStart(8)} ${fmt(f.max).padStart(8)} ${String(f.non2xx).padStart(8)} ${(f.serverCpuMsPerRequest === null ? '–' : f.serverCpuMsPerRequest.toFixed(2)).padStart(11)}${f.status429 > 0 ? ` (429: ${f.status429})` : ''}`,
      );
    }
    const mix = rows[0]?.figures;
    const offered = args.rate > 0 ? rows[1]?.figures : undefined;
    if (mix !== undefined) {
      console.log(`\ntargets: ≥ 1,500 req/s → ${mix.rps >= 1500 ? 'met' : 'NOT met'} (${mix.rps.toFixed(0)}, closed loop)`);
      console.log(
        `         p95 ≤ 15 ms → closed loop ${mix.p95 <= 15 ? 'met' : 'NOT met'} (${fmt(mix.p95)})${offered !== undefined ? `, at ${args.rate} req/s offered ${offered.p95 <= 15 ? 'met' : 'NOT met'} (${fmt(offered.p95)})` : ''}`,
      );
      if (mix.status429 > 0)
        console.log('429 answers: the target counts every request as one client; start it with TRUSTED_PROXY_HEADER=x-forwarded-for.');
    }
    fs.mkdirSync(args.out, { recursive: true });
    const label = `${meta?.registry?.searchable ?? 'unknown'}${args.server === 'app' ? '' : `-${args.server}`}`;
    const file = path.join(args.out, `registry-http-${label}.json`);
    fs.writeFileSync(
      file,
      JSON.stringify(
        { at: new Date().toISOString(), base, registry, connections: args.connections, cores: os.cpus().length, rows },
        null,
        2,
      ),
    );
    console.log(`written ${file}`);
  } finally {
    started?.child.kill('SIGTERM');
  }
}

function shuffle<T>(list: T[]): T[] {
  const rand = rng(7);
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
