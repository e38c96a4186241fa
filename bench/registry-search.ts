/**
 * Registry benchmark (issue 3 §7): import time and memory, then latency of the search function
 * per query class, on a registry of N rows (default 5.5 million).
 *
 *   npm run bench:registry -- [--rows 5500000] [--reuse [--rebuild]] [--source generator|synthetic]
 *     [--queries 200] [--repeat 5] [--out bench/out] [--count-budget 1]
 *
 * --source generator (default): NTA-format CSV from scripts/registry-generate.ts, imported with
 *   the real importer (src/features/registry/server/nta/import.ts → RegistryWriter), so the import
 *   figures include reading and parsing CSV.
 * --source synthetic: rows built in-process (bench/registry-synthetic.ts) straight into the
 *   RegistryWriter (no CSV).
 * --reuse: keep the generated files and the registry of an earlier run when they exist;
 *   with --rebuild, keep the generated files but import them again.
 *
 * The import runs in a child process so that its peak RSS is its own. Latencies are of
 * searchCompanies() in this process (first page of 20 plus the count, or a later page through
 * its cursor), after one warm-up run of every query, each timed with the count budget
 * (--count-budget, docs/decisions/0055) and, alternately, with exact counts as the same run's
 * baseline. Results: a table on stdout and
 * bench/out/registry-search-<rows>.json. The HTTP benchmark of the route is separate.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { z } from 'zod';
import { normalizeJapanese } from '../src/lib/normalize-japanese';

import { percentile, rng } from './support';

const ArgsSchema = z.strictObject({
  rows: z.coerce.number().int().min(1000).max(20_000_000).default(5_500_000),
  reuse: z.boolean().default(false),
  rebuild: z.boolean().default(false),
  source: z.enum(['generator', 'synthetic']).default('generator'),
  queries: z.coerce.number().int().min(10).max(10_000).default(200),
  repeat: z.coerce.number().int().min(1).max(100).default(5),
  out: z.string().default('bench/out'),
  /** The count's budget measured (docs/decisions/0055), against exact counts in the same run. */
  'count-budget': z.coerce.number().min(0.01).max(1000).default(1),
  // Internal: the child process that builds the registry.
  'import-only': z.string().optional(),
  target: z.string().optional(),
});
type Args = z.infer<typeof ArgsSchema>;

function parse(): Args {
  const { values } = parseArgs({
    options: {
      rows: { type: 'string' },
      reuse: { type: 'boolean' },
      rebuild: { type: 'boolean' },
      source: { type: 'string' },
      queries: { type: 'string' },
      repeat: { type: 'string' },
      out: { type: 'string' },
      'count-budget': { type: 'string' },
      'import-only': { type: 'string' },
      target: { type: 'string' },
    },
    strict: true,
  });
  const parsed = ArgsSchema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`--${issue.path.join('.')}: ${issue.message}`);
    process.exit(2);
  }
  return parsed.data;
}

interface ImportMetrics {
  source: 'generator' | 'synthetic';
  rows: number;
  companies: number;
  searchable: number;
  historyRows: number;
  wallMs: number;
  cpuMs: number;
  maxRssMB: number;
  fileMB: number;
  phasesMs: Record<string, number>;
}

const TSX = path.resolve('node_modules/.bin/tsx');

/** Child process: builds the registry and prints its metrics as the last line (JSON). */
async function importOnly(args: Args): Promise<void> {
  const target = args.target as string;
  const start = performance.now();
  const cpu0 = process.cpuUsage();
  let metrics: Omit<ImportMetrics, 'wallMs' | 'cpuMs' | 'maxRssMB'>;
  if (args.source === 'generator') {
    const { importNtaFiles } = await import('../src/features/registry/server/nta/import');
    const summary = await importNtaFiles({ paths: [args['import-only'] as string], targetPath: target, isSample: true });
    metrics = {
      source: 'generator',
      rows: summary.rows,
      companies: summary.result.companies,
      searchable: summary.result.searchable,
      historyRows: summary.result.historyRows,
      fileMB: summary.result.fileBytes / 1048576,
      phasesMs: { 'read+apply': Math.round(summary.readMs), apply: Math.round(summary.applyMs), ...summary.result.timings },
    };
  } else {
    const { RegistryWriter } = await import('../src/features/registry/server/store/writer');
    const { syntheticRows } = await import('./registry-synthetic');
    const writer = RegistryWriter.open({ targetPath: target, mode: 'new', isSample: true });
    let rows = 0;
    const t = performance.now();
    for (const batch of syntheticRows({ rows: args.rows })) {
      writer.applyRows(batch);
      rows += batch.length;
    }
    const applyMs = performance.now() - t;
    const result = writer.finish();
    metrics = {
      source: 'synthetic',
      rows,
      companies: result.companies,
      searchable: result.searchable,
      historyRows: result.historyRows,
      fileMB: result.fileBytes / 1048576,
      phasesMs: { 'generate+apply': Math.round(applyMs), ...result.timings },
    };
  }
  const cpu = process.cpuUsage(cpu0);
  const full: ImportMetrics = {
    ...metrics,
    wallMs: Math.round(performance.now() - start),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    maxRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
  };
  console.log(JSON.stringify(full));
}

function run(command: string, argv: string[]): string {
  const r = spawnSync(command, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`${command} ${argv.join(' ')} failed (${r.status ?? r.signal})`);
  return r.stdout;
}

interface Query {
  q?: string;
  address?: string;
  prefecture?: string;
  kind?: ('301' | '302' | '303' | '304' | '305')[];
  includeClosed?: boolean;
  city?: string;
  /** Measure the second page (through the cursor of the first). */
  page2?: boolean;
}

const toHiragana = (s: string) => s.replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60));

function sampleQueries(file: string, perClass: number): Record<string, Query[]> {
  const db = new Database(file, { readonly: true });
  const rand = rng(20260130);
  // Docids have gaps (docs/decisions/0135): a random number picks the document at or after it.
  const maxDoc = (db.prepare('SELECT max(docid) AS n FROM doc').get() as { n: number }).n;
  const docAt = db.prepare(
    'SELECT d.name_norm, d.reading_norm, c.corporate_number FROM doc d JOIN company c ON c.id = d.company_id WHERE d.docid >= ? ORDER BY d.docid LIMIT 1',
  );
  // English names (NTA column 25): the generator gives about 4% of the companies one.
  const englishDocs = db.prepare(`SELECT en_norm FROM doc WHERE en_norm <> '' AND docid >= ? LIMIT 1`);
  const randomEnglish = () => (englishDocs.get(1 + Math.floor(rand() * maxDoc)) as { en_norm: string } | undefined)?.en_norm ?? null;
  const placeAt = db.prepare('SELECT prefecture_code, city_code, post_code, address_norm FROM doc WHERE docid >= ? ORDER BY docid LIMIT 1');
  const randomPlace = () =>
    placeAt.get(1 + Math.floor(rand() * maxDoc)) as { prefecture_code: string; city_code: string; post_code: string; address_norm: string };
  // An address as people type it: numbers joined by '-' (the index's separator is a private-use character).
  const typedAddress = (norm: string) => norm.replace(/\uE0FF/g, '-').replace(/-$/, '');
  const countOf = db.prepare('SELECT count(*) AS n FROM (SELECT 1 FROM doc_fts WHERE doc_fts MATCH ? LIMIT 101)');
  const randomDoc = () =>
    docAt.get(1 + Math.floor(rand() * maxDoc)) as { name_norm: string; reading_norm: string; corporate_number: number };
  const substring = (s: string, min: number, max: number): string | null => {
    const chars = Array.from(s);
    if (chars.length < min) return null;
    const len = Math.min(chars.length, min + Math.floor(rand() * (max - min + 1)));
    const at = Math.floor(rand() * (chars.length - len + 1));
    return chars.slice(at, at + len).join('');
  };
  const collect = (make: () => Query | null, n = perClass): Query[] => {
    const out: Query[] = [];
    for (let tries = 0; out.length < n && tries < n * 200; tries++) {
      const q = make();
      // A sampled substring can normalise to nothing (a lone ー): not a query anyone types.
      if (q !== null && (q.q === undefined || normalizeJapanese(q.q) !== '')) out.push(q);
    }
    return out;
  };
  const cycle = (list: Query[], n = perClass) => Array.from({ length: n }, (_, i) => list[i % list.length] as Query);

  const classes: Record<string, Query[]> = {
    '1 char': collect(() => {
      const s = substring(randomDoc().name_norm, 1, 1);
      return s === null ? null : { q: s };
    }),
    'common 2 chars (日本, 建設, …)': cycle(
      ['日本', '建設', '工業', '産業', '商事', '東京', '不動', 'サー', 'ービ', '企画'].map((q) => ({ q })),
    ),
    'rare 2 chars': collect(() => {
      const s = substring(randomDoc().name_norm, 2, 2);
      if (s === null) return null;
      const n = (countOf.get(`"${s}"`) as { n: number }).n;
      return n <= 50 ? { q: s } : null;
    }),
    '3–4 chars': collect(() => {
      const s = substring(randomDoc().name_norm, 3, 4);
      return s === null ? null : { q: s };
    }),
    '6+ chars': collect(() => {
      const s = substring(randomDoc().name_norm, 6, 12);
      return s === null || Array.from(s).length < 6 ? null : { q: s };
    }),
    'reading prefix (hiragana)': collect(() => {
      const r = randomDoc().reading_norm;
      if (Array.from(r).length < 3) return null;
      return {
        q: toHiragana(
          Array.from(r)
            .slice(0, 2 + Math.floor(rand() * 7))
            .join(''),
        ),
      };
    }),
    法人番号: collect(() => {
      const n = String(randomDoc().corporate_number);
      return { q: rand() < 0.5 ? n : `${n.slice(0, 1)}-${n.slice(1, 5)}-${n.slice(5, 9)}-${n.slice(9)}` };
    }),
    'common word + small prefecture': cycle(
      ['日本', '建設', '工業', '商事', '不動産'].flatMap((q) => ['31', '32', '36', '39', '18'].map((prefecture) => ({ q, prefecture }))),
    ),
    'common word + kind (合資/合同)': cycle(
      ['日本', '建設', '工業', '商事'].flatMap((q) => [
        { q, kind: ['304' as const] },
        { q, kind: ['305' as const] },
      ]),
    ),
    '3–4 chars, closed included': collect(() => {
      const s = substring(randomDoc().name_norm, 3, 4);
      return s === null ? null : { q: s, includeClosed: true };
    }),
    'English name words (a word, its prefix, two words)': collect(() => {
      const en = randomEnglish();
      if (en === null) return null;
      const words = en.split(' ');
      const at = Math.floor(rand() * words.length);
      const word = words[at] as string;
      const pick = rand();
      if (pick < 0.4) return { q: word };
      if (pick < 0.7) return word.length < 4 ? null : { q: word.slice(0, 3 + Math.floor(rand() * (word.length - 3))) };
      return words.length < 2 ? null : { q: `${word} ${words[(at + 1) % words.length] as string}` };
    }),
    'common English words (co, ltd, corporation, …)': cycle(
      ['co', 'ltd', 'inc', 'corporation', 'japan', 'company', 'tokyo', 'group', 'c', 'j'].map((q) => ({ q })),
    ),
    'postal code (7 digits, some with 〒 and hyphen)': collect(() => {
      const p = randomPlace().post_code;
      if (p === '') return null;
      return { q: rand() < 0.5 ? p : `〒${p.slice(0, 3)}-${p.slice(3)}` };
    }),
    'common word + 市区町村': collect(() => {
      const p = randomPlace();
      if (p.city_code === '' || p.prefecture_code === '99') return null;
      const q = ['日本', '建設', '工業', '商事', '不動産', 'サービス'][Math.floor(rand() * 6)] as string;
      return { q, prefecture: p.prefecture_code, city: p.city_code };
    }),
    'address alone, 2 chars': collect(() => {
      const s = substring(randomPlace().address_norm, 2, 2);
      return s === null || s.includes('\uE0FF') ? null : { address: s };
    }),
    'address alone, 3–8 chars (大手町1, 本町2-3, …)': collect(() => {
      const s = substring(randomPlace().address_norm, 3, 8);
      if (s === null) return null;
      const typed = typedAddress(s).replace(/^-/, '');
      return Array.from(typed).length < 3 ? null : { address: typed };
    }),
    'address (町名 + 丁目) + 都道府県 + 市区町村': collect(() => {
      const p = randomPlace();
      if (p.city_code === '' || p.prefecture_code === '99') return null;
      // The street part: after the 市区町村 name, up to the second number (「本町3-12」).
      const m = /(?:市|区|町|村)([^\uE0FF]+\uE0FF[0-9]+)/.exec(p.address_norm.slice(3));
      return m === null ? null : { address: typedAddress(m[1] as string), prefecture: p.prefecture_code, city: p.city_code };
    }),
    'common word + address (2–4 chars)': collect(() => {
      const s = substring(randomPlace().address_norm, 2, 4);
      if (s === null || s.includes('\uE0FF')) return null;
      const q = ['日本', '建設', '工業', '商事', '不動産', 'サービス'][Math.floor(rand() * 6)] as string;
      return { q, address: s };
    }),
    'page 2 (cursor)': cycle(['日本', '建設', '工業', '株', 'サービス', '東京'].map((q) => ({ q, page2: true }))),
    // Last, so that the classes above keep their sampled queries (one random sequence for all):
    // an address longer than one index token (ADDRESS_GRAM_MAX = 8 since format 6), which ANDs
    // its 8-grams and is confirmed on doc.address_norm (「千代田区丸の内2-7-2」, 「東京都中央区銀座」).
    'address alone, 9–16 chars (千代田区丸の内2-7, …)': collect(() => {
      const s = substring(randomPlace().address_norm, 9, 16);
      if (s === null) return null;
      const typed = typedAddress(s).replace(/^-/, '');
      return Array.from(typed).length < 9 ? null : { address: typed };
    }),
  };
  db.close();
  return classes;
}

async function main(): Promise<void> {
  const args = parse();
  if (args['import-only'] !== undefined) return importOnly(args);

  const out = path.resolve(args.out);
  fs.mkdirSync(out, { recursive: true });
  const registry = path.join(out, `registry-${args.rows}-${args.source}.sqlite`);
  let imported: ImportMetrics | null = null;
  if (!(args.reuse && !args.rebuild && fs.existsSync(registry))) {
    let sourceDir = '';
    if (args.source === 'generator') {
      sourceDir = path.join(out, `nta-${args.rows}`);
      const hasFiles = fs.existsSync(sourceDir) && fs.readdirSync(sourceDir).some((f) => f.endsWith('.csv'));
      if (!(args.reuse && hasFiles)) {
        fs.rmSync(sourceDir, { recursive: true, force: true });
        console.log(`generating ${args.rows.toLocaleString('en-US')} rows of NTA CSV in ${sourceDir} …`);
        run(TSX, [
          '--conditions=react-server',
          'scripts/registry-generate.ts',
          '--rows',
          String(args.rows),
          '--out',
          sourceDir,
          '--format',
          'csv',
        ]);
      }
    }
    console.log(`importing into ${registry} …`);
    fs.rmSync(registry, { force: true });
    const stdout = run(TSX, [
      '--conditions=react-server',
      'bench/registry-search.ts',
      '--import-only',
      sourceDir || '-',
      '--target',
      registry,
      '--source',
      args.source,
      '--rows',
      String(args.rows),
    ]);
    imported = JSON.parse(stdout.trim().split('\n').pop() as string) as ImportMetrics;
  }

  const { RegistryStore } = await import('../src/features/registry/server/store/store');
  const { searchCompanies } = await import('../src/features/registry/index.server');
  const store = new RegistryStore(registry);
  const classes = sampleQueries(registry, args.queries);

  const results: {
    class: string;
    queries: number;
    samples: number;
    p50: number;
    p95: number;
    p99: number;
    max: number;
    medianCount: number;
    slowest: { q: string; median: number }[];
    /** the same queries with exact counts (no budget), timed in the same repetitions: the baseline */
    exact: { p50: number; p95: number; p99: number; max: number };
    /** share of the (budgeted) searches whose count stopped early: 「N件以上」 */
    stoppedEarly: number;
  }[] = [];
  const budgeted = { countBudgetMs: args['count-budget'] };
  const exactCount = { countBudgetMs: 0 };
  for (const [name, queries] of Object.entries(classes)) {
    const prepared = queries.map((query) => {
      const { page2, ...params } = query;
      if (!page2) return params;
      const first = searchCompanies(params, store);
      return { ...params, cursor: first.ok ? (first.result.nextCursor ?? undefined) : undefined };
    });
    const counts: number[] = [];
    for (const p of prepared) {
      const r = searchCompanies(p, store); // warm-up
      counts.push(r.ok ? r.result.count : -1);
    }
    const times: number[] = [];
    const exactTimes: number[] = [];
    let stopped = 0;
    const perQuery = prepared.map(() => [] as number[]);
    for (let rep = 0; rep < args.repeat; rep++) {
      prepared.forEach((p, i) => {
        // The baseline (exact count) and the budgeted search, one after the other: the same load.
        const t0 = process.hrtime.bigint();
        searchCompanies(p, store, exactCount);
        exactTimes.push(Number(process.hrtime.bigint() - t0) / 1e6);
        const t = process.hrtime.bigint();
        const r = searchCompanies(p, store, budgeted);
        const ms = Number(process.hrtime.bigint() - t) / 1e6;
        times.push(ms);
        perQuery[i]?.push(ms);
        if (r.ok && r.result.countIsLowerBound && !r.result.countCapped) stopped += 1;
        if (!r.ok && r.code !== 'invalid_check_digit') throw new Error(`${name}: ${JSON.stringify(p)} → ${r.code}`);
      });
    }
    times.sort((a, b) => a - b);
    exactTimes.sort((a, b) => a - b);
    // The queries that are slow every time (median of their runs), to say what is slow and why.
    const slowest = prepared
      .map((p, i) => ({
        q: [p.q, p.address === undefined ? null : `所在地:${p.address}`, p.city === undefined ? null : `${p.prefecture}${p.city}`]
          .filter((x) => x != null)
          .join(' '),
        prefecture: p.prefecture,
        kind: p.kind,
        median: [...(perQuery[i] ?? [])].sort((a, b) => a - b)[Math.floor(args.repeat / 2)] ?? 0,
      }))
      .sort((a, b) => b.median - a.median)
      .slice(0, 5);
    counts.sort((a, b) => a - b);
    results.push({
      class: name,
      queries: prepared.length,
      samples: times.length,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      p99: percentile(times, 99),
      max: times[times.length - 1] as number,
      medianCount: counts[Math.floor(counts.length / 2)] ?? 0,
      slowest,
      exact: {
        p50: percentile(exactTimes, 50),
        p95: percentile(exactTimes, 95),
        p99: percentile(exactTimes, 99),
        max: exactTimes[exactTimes.length - 1] as number,
      },
      stoppedEarly: times.length === 0 ? 0 : stopped / times.length,
    });
  }
  store.close();

  const env = {
    date: new Date().toISOString(),
    node: process.version,
    sqlite: (new Database(':memory:').prepare('SELECT sqlite_version() AS v').get() as { v: string }).v,
    cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}`,
    loadavg: os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
    registryMB: Math.round(fs.statSync(registry).size / 1048576),
  };
  const f = (n: number) => n.toFixed(3);
  console.log('');
  console.log(`registry: ${registry} (${env.registryMB} MB), node ${env.node}, SQLite ${env.sqlite}, ${env.cpus}, load ${env.loadavg}`);
  if (imported !== null) {
    const s = imported.wallMs / 1000;
    console.log(
      `import (${imported.source}): ${imported.rows.toLocaleString('en-US')} rows (${imported.companies.toLocaleString('en-US')} companies, ` +
        `${imported.historyRows.toLocaleString('en-US')} history rows) in ${s.toFixed(1)} s = ${Math.round(imported.rows / s).toLocaleString('en-US')} rows/s, ` +
        `CPU ${(imported.cpuMs / 1000).toFixed(1)} s, peak RSS ${imported.maxRssMB} MB, file ${Math.round(imported.fileMB)} MB`,
    );
    console.log(
      `  phases (ms): ${Object.entries(imported.phasesMs)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
  }
  console.log('');
  // The count's budget (docs/decisions/0055): each search timed with it and, just before, with the
  // exact count (the baseline, same run, same load); 「N件以上」 is the share whose count stopped early.
  console.log(`count budget ${args['count-budget']} ms; baseline: exact counts (no budget), timed alternately in the same run`);
  console.log(
    '| query class | queries × runs | p50 ms | p95 ms | p99 ms | max ms | exact p50 | exact p95 | 「N件以上」 | p95 ≤ 2 ms | median count |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    console.log(
      `| ${r.class} | ${r.queries} × ${args.repeat} | ${f(r.p50)} | ${f(r.p95)} | ${f(r.p99)} | ${f(r.max)} | ${f(r.exact.p50)} | ${f(r.exact.p95)} | ` +
        `${(r.stoppedEarly * 100).toFixed(1)} % | ${r.p95 <= 2 ? 'yes' : 'NO'} | ${r.medianCount} |`,
    );
  }
  console.log('');
  console.log('slowest queries (median of their runs, ms):');
  for (const r of results) console.log(`  ${r.class}: ${r.slowest.map((q) => `${q.q} ${q.median.toFixed(2)}`).join(', ')}`);
  const report = path.join(out, `registry-search-${args.rows}-${args.source}.json`);
  fs.writeFileSync(report, JSON.stringify({ env, import: imported, classes: results, queries: classes }, null, 2));
  console.log(`\nwritten: ${report}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
