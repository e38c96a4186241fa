/**
 * Old and new search code in the same minutes (docs/decisions/0029): times searchCompanies() on
 * the sampled queries of an earlier `bench:registry` report, for the classes named, against one
 * registry file. Run it from a checkout of each version in turn (the old one against its own file
 * format), alternately, so that both see the same load:
 *
 *   npx tsx --conditions=react-server bench/registry-search-compare.ts \
 *     --registry bench/out/registry-5500000-generator.sqlite \
 *     --report bench/out/registry-search-5500000-generator.json \
 *     --class 'address alone, 3–8 chars (大手町1, 本町2-3, …)' [--class …] [--repeat 3]
 *
 * Prints, per class, p50 / p95 / p99 / max of every run after one warm-up run of every query, the
 * median count, then p50 / p95 / max over the queries of each query's fastest run (the least
 * disturbed figure on a busy machine: it says what the query costs, not what a visitor waits under
 * load), and the load average before and after.
 */
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { RegistryStore } from '../src/features/registry/server/store/store';
import { type SearchCompaniesParams, searchCompanies } from '../src/features/registry/server/search/search';

const QuerySchema = z.object({
  q: z.string().optional(),
  address: z.string().optional(),
  prefecture: z.string().optional(),
  city: z.string().optional(),
  kind: z.array(z.enum(['301', '302', '303', '304', '305'])).optional(),
  includeClosed: z.boolean().optional(),
  page2: z.boolean().optional(),
});
const ReportSchema = z.object({ queries: z.record(z.string(), z.array(QuerySchema)) });

const { values } = parseArgs({
  options: {
    registry: { type: 'string' },
    report: { type: 'string' },
    class: { type: 'string', multiple: true },
    repeat: { type: 'string' },
  },
  strict: true,
});
const registry = values.registry ?? 'bench/out/registry-5500000-generator.sqlite';
const report = ReportSchema.parse(JSON.parse(fs.readFileSync(values.report ?? 'bench/out/registry-search-5500000-generator.json', 'utf8')));
const repeat = z.coerce
  .number()
  .int()
  .min(1)
  .max(100)
  .parse(values.repeat ?? '3');
const names = values.class ?? [];
if (names.length === 0) throw new Error(`give at least one --class of: ${Object.keys(report.queries).join(' | ')}`);

const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;

const store = new RegistryStore(registry);
console.log(`${registry}: load average ${load()}`);
for (const name of names) {
  const queries = report.queries[name];
  if (queries === undefined) throw new Error(`no class ${name} in the report`);
  const prepared: SearchCompaniesParams[] = queries.map(({ page2, ...params }) => {
    if (page2 !== true) return params;
    const first = searchCompanies(params, store);
    return { ...params, cursor: first.ok ? (first.result.nextCursor ?? undefined) : undefined };
  });
  const counts = prepared.map((p) => {
    const r = searchCompanies(p, store); // warm-up
    if (!r.ok) throw new Error(`${name}: ${JSON.stringify(p)} → ${r.code}`);
    return r.result.count;
  });
  const times: number[] = [];
  const fastest = prepared.map(() => Infinity);
  for (let rep = 0; rep < repeat; rep++) {
    prepared.forEach((p, i) => {
      const t = process.hrtime.bigint();
      searchCompanies(p, store);
      const ms = Number(process.hrtime.bigint() - t) / 1e6;
      times.push(ms);
      fastest[i] = Math.min(fastest[i] ?? Infinity, ms);
    });
  }
  times.sort((a, b) => a - b);
  fastest.sort((a, b) => a - b);
  counts.sort((a, b) => a - b);
  const f = (x: number) => x.toFixed(3);
  console.log(
    `| ${name} | ${prepared.length} × ${repeat} | ${f(pct(times, 50))} | ${f(pct(times, 95))} | ${f(pct(times, 99))} | ${f(times[times.length - 1] ?? NaN)} | ${counts[Math.floor(counts.length / 2)] ?? 0} | ${f(pct(fastest, 50))} / ${f(pct(fastest, 95))} / ${f(fastest[fastest.length - 1] ?? NaN)} |`,
  );
}
console.log(`load average ${load()}`);
store.close();
