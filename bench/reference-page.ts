/**
 * Benchmark of the reference service's company record page (issue 4): server-rendered
 * `/search-service/result?corporateNumber=…`, target p95 ≤ 50 ms at 5.5M registry rows.
 *
 *   npm run bench:reference -- [--registry bench/out/registry-5500000-generator.sqlite]
 *     [--invoice path] [--url URL] [--requests 300] [--concurrency 1] [--port 3396]
 *
 * Samples companies from the registry itself (deterministic): a third plain, a third with history
 * rows (the timeline), a third closed (successor lookups). Each page is requested once to warm up
 * (file cache, statement caches, JIT), then `--requests` times in a shuffled order; the time is
 * measured to the last byte of the HTML (on localhost this is the server's render time plus a
 * little loopback). Prints p50/p95/p99/max and checks each answer is 200 with the JSON-LD in it.
 *
 * Without --url it starts `next start` (the production build in .next must exist: `npx next build`)
 * with REGISTRY_PATH=--registry and INVOICE_PATH=--invoice and a fresh DATA_DIR, and stops it at
 * the end. Without --invoice, a sample invoice file is generated for the registry first
 * (scripts/invoice-generate.ts + invoice-import.ts; about a minute at 5.5M rows) and reused.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import Database from 'better-sqlite3';
import { z } from 'zod';

import { parseBenchArgs, percentile, rng, waitForPort } from './support';

const DEFAULT_REGISTRY = fs.existsSync('bench/out/registry-5500000-generator.sqlite')
  ? 'bench/out/registry-5500000-generator.sqlite'
  : 'data/registry/registry.sqlite';

const ArgsSchema = z.strictObject({
  registry: z.string().default(DEFAULT_REGISTRY),
  invoice: z.string().optional(),
  url: z.url().optional(),
  requests: z.coerce.number().int().min(10).max(100_000).default(300),
  concurrency: z.coerce.number().int().min(1).max(64).default(1),
  port: z.coerce.number().int().min(1024).max(65535).default(3396),
  out: z.string().default('bench/out'),
});
type Args = z.infer<typeof ArgsSchema>;

/** Corporate numbers of three kinds of record, `per` of each. */
function sample(registry: string, per: number): Record<'plain' | 'history' | 'closed', string[]> {
  const db = new Database(registry, { readonly: true, fileMustExist: true });
  try {
    const rand = rng(11);
    const maxCompany = db.prepare('SELECT max(id) FROM company').pluck().get() as number;
    const maxHistory = db.prepare('SELECT max(id) FROM history').pluck().get() as number | null;
    const byId = db.prepare('SELECT corporate_number, closed FROM company WHERE id = ? AND hihyoji = 0');
    const historyById = db.prepare(
      'SELECT h.corporate_number FROM history h JOIN company c ON c.corporate_number = h.corporate_number WHERE h.id = ? AND h.hihyoji = 0 AND c.hihyoji = 0',
    );
    const out = { plain: new Set<string>(), history: new Set<string>(), closed: new Set<string>() };
    const pad = (n: number) => String(n).padStart(13, '0');
    for (let tries = 0; tries < per * 400 && (out.plain.size < per || out.closed.size < per); tries++) {
      const row = byId.get(1 + Math.floor(rand() * maxCompany)) as { corporate_number: number; closed: number } | undefined;
      if (row === undefined) continue;
      const set = row.closed === 1 ? out.closed : out.plain;
      if (set.size < per) set.add(pad(row.corporate_number));
    }
    for (let tries = 0; maxHistory !== null && tries < per * 50 && out.history.size < per; tries++) {
      const n = historyById.pluck().get(1 + Math.floor(rand() * maxHistory)) as number | undefined;
      if (n !== undefined) out.history.add(pad(n));
    }
    return { plain: [...out.plain], history: [...out.history], closed: [...out.closed] };
  } finally {
    db.close();
  }
}

function ensureInvoice(registry: string): string {
  const file = path.join(path.dirname(registry), `${path.basename(registry, '.sqlite')}.invoice.sqlite`);
  if (fs.existsSync(file) && fs.statSync(file).mtimeMs >= fs.statSync(registry).mtimeMs) return file;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hojin-bench-invoice-'));
  console.log(`インボイス登録のサンプルを生成しています (generating sample invoice data) → ${file}`);
  const tsx = path.resolve('node_modules/.bin/tsx');
  execFileSync(tsx, ['--conditions=react-server', 'scripts/invoice-generate.ts', '--registry', registry, '--out', dir], {
    stdio: 'inherit',
  });
  execFileSync(tsx, ['--conditions=react-server', 'scripts/invoice-import.ts', dir, '--out', file, '--sample'], { stdio: 'inherit' });
  fs.rmSync(dir, { recursive: true, force: true });
  return file;
}

async function startServer(args: Args, registry: string, invoice: string): Promise<{ base: string; child: ChildProcess }> {
  if (!fs.existsSync('.next/server/app/search-service/result/page.js')) {
    console.error('.next に /search-service/result を含む本番ビルドがありません。先に `npx next build` を実行してください。');
    process.exit(2);
  }
  const busy = await new Promise<boolean>((resolve) => {
    const socket = net.connect(args.port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => (socket.destroy(), resolve(false)));
  });
  if (busy) {
    console.error(`ポート ${args.port} は使用中です。--port で別の番号を指定してください (port in use).`);
    process.exit(2);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hojin-bench-reference-'));
  const child = spawn(path.resolve('node_modules/.bin/next'), ['start', '-p', String(args.port), '-H', '127.0.0.1'], {
    env: {
      ...process.env,
      REGISTRY_PATH: registry,
      INVOICE_PATH: invoice,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      APP_BASE_URL: `http://127.0.0.1:${args.port}`,
      NEXT_TELEMETRY_DISABLED: '1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForPort(args.port, 60_000);
  return { base: `http://127.0.0.1:${args.port}`, child };
}

async function timed(url: string): Promise<{ ms: number; ok: boolean }> {
  const t0 = performance.now();
  const res = await fetch(url);
  const html = await res.text();
  return { ms: performance.now() - t0, ok: res.status === 200 && html.includes('application/ld+json') };
}

async function run(base: string, numbers: string[], total: number, concurrency: number): Promise<{ times: number[]; bad: number }> {
  const rand = rng(5);
  const order = Array.from({ length: total }, () => numbers[Math.floor(rand() * numbers.length)] as string);
  const times: number[] = [];
  let bad = 0;
  let next = 0;
  const worker = async () => {
    while (next < order.length) {
      const n = order[next++] as string;
      const r = await timed(`${base}/search-service/result?corporateNumber=${n}`);
      times.push(r.ms);
      if (!r.ok) bad++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { times: times.sort((a, b) => a - b), bad };
}

const fmt = (n: number) => n.toFixed(1);

async function main(): Promise<void> {
  const args = parseBenchArgs(ArgsSchema);
  const registry = path.resolve(args.registry);
  const invoice = path.resolve(args.invoice ?? ensureInvoice(registry));
  const classes = sample(registry, Math.max(10, Math.ceil(args.requests / 6)));
  const all = [...classes.plain, ...classes.history, ...classes.closed];
  const started = args.url === undefined ? await startServer(args, registry, invoice) : null;
  const base = args.url ?? started?.base ?? '';
  try {
    const companies = (() => {
      const db = new Database(registry, { readonly: true });
      try {
        return db.prepare('SELECT count(*) FROM company').pluck().get() as number;
      } finally {
        db.close();
      }
    })();
    console.log(`target ${base}; registry ${registry} (${companies.toLocaleString('en')} companies); invoice ${invoice}`);
    console.log(
      `machine: ${os.cpus().length} cores, load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}; concurrency ${args.concurrency}`,
    );
    // Warm-up: every sampled page once (and the first compile of the route's code paths).
    for (const n of all) await timed(`${base}/search-service/result?corporateNumber=${n}`);

    const rows: { name: string; n: number; p50: number; p95: number; p99: number; max: number; bad: number }[] = [];
    const add = (name: string, r: { times: number[]; bad: number }) =>
      rows.push({
        name,
        n: r.times.length,
        p50: percentile(r.times, 50),
        p95: percentile(r.times, 95),
        p99: percentile(r.times, 99),
        max: r.times.at(-1) ?? Number.NaN,
        bad: r.bad,
      });
    add(`mix (${all.length} companies)`, await run(base, all, args.requests, args.concurrency));
    for (const [name, numbers] of Object.entries(classes)) {
      if (numbers.length > 0) add(name, await run(base, numbers, Math.ceil(args.requests / 3), args.concurrency));
    }
    console.log('\nclass                       requests   p50 ms   p95 ms   p99 ms   max ms   bad');
    for (const r of rows) {
      console.log(
        `${r.name.padEnd(27)} ${String(r.n).padStart(8)} ${fmt(r.p50).padStart(8)} ${fmt(r.p95).padStart(8)} ${fmt(r.p99).padStart(8)} ${fmt(r.max).padStart(8)} ${String(r.bad).padStart(5)}`,
      );
    }
    const mix = rows[0];
    if (mix !== undefined)
      console.log(`\ntarget: p95 ≤ 50 ms → ${mix.p95 <= 50 ? 'met' : 'NOT met'} (mix, concurrency ${args.concurrency})`);
    fs.mkdirSync(args.out, { recursive: true });
    const file = path.join(args.out, `reference-page-${companies}.json`);
    fs.writeFileSync(
      file,
      JSON.stringify(
        { at: new Date().toISOString(), base, registry, invoice, companies, concurrency: args.concurrency, rows, classes },
        null,
        2,
      ),
    );
    console.log(`written ${file}`);
  } finally {
    started?.child.kill('SIGTERM');
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
