/**
 * Benchmark of the bulk check (issue 14 item 4): 1,000 lines must answer in ≤ 1 s.
 *
 *   npx tsx --conditions=react-server bench/bulk-check.ts --registry data/registry/registry.sqlite
 *     --invoice data/registry/invoice.sqlite [--runs 20]
 *
 * Samples 1,000 lines from the registry itself (deterministic): 600 法人番号 written as people
 * type them (full-width digits, hyphens), 200 T-numbers, 150 exact names, 50 numbers with a
 * valid check digit that are in no registry. Runs `bulkCheck` once to warm up (file cache,
 * statements, JIT), then `--runs` times, and times each run with the CSV built from the result
 * (what the page's download and the API's `format: "csv"` do). Prints p50/p95/max per run.
 * The route adds JSON parsing and serialisation of the ~100 kB body (a few ms; not timed here).
 */
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';

import Database from 'better-sqlite3';

import { bulkResultCsv } from '@/features/company-search';
import { bulkCheck } from '@/features/company-search/index.server';
import { withCheckDigit } from '@/features/registry';
import { InvoiceStore, RegistryStore, unpackRow } from '@/features/registry/index.server';

import { rng } from './support';

const { values } = parseArgs({
  options: {
    registry: { type: 'string', default: 'data/registry/registry.sqlite' },
    invoice: { type: 'string', default: 'data/registry/invoice.sqlite' },
    runs: { type: 'string', default: '20' },
  },
  strict: true,
});
const runs = Number(values.runs);

const wide = (s: string) => s.replace(/[0-9]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

function sampleLines(registryPath: string): string[] {
  const db = new Database(registryPath, { readonly: true, fileMustExist: true });
  const total = db.prepare('SELECT max(id) FROM company').pluck().get() as number;
  const byId = db.prepare('SELECT corporate_number FROM company WHERE id >= ? AND hihyoji = 0 LIMIT 1');
  const random = rng(14);
  const pick = () => byId.get(1 + Math.floor(random() * total)) as { corporate_number: number };
  const lines: string[] = [];
  for (let i = 0; i < 600; i++) {
    const n = String(pick().corporate_number).padStart(13, '0');
    lines.push(i % 3 === 0 ? wide(n) : i % 3 === 1 ? `${n.slice(0, 4)}-${n.slice(4, 8)}-${n.slice(8)}` : n);
  }
  for (let i = 0; i < 200; i++) lines.push(`T${String(pick().corporate_number).padStart(13, '0')}`);
  // Exact names as registered.
  const rows = db.prepare('SELECT corporate_number, hihyoji, data FROM company WHERE id >= ? AND hihyoji = 0 LIMIT 1');
  for (let i = 0; i < 150; i++) {
    const r = rows.get(1 + Math.floor(random() * total)) as { corporate_number: number; hihyoji: number; data: string };
    lines.push(unpackRow(r.corporate_number, r.hihyoji, r.data).name);
  }
  for (let i = 0; i < 50; i++) lines.push(withCheckDigit(String(999_900_000_000 + i)));
  db.close();
  return lines;
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number;
}

function main() {
  if (!fs.existsSync(values.registry)) throw new Error(`no registry at ${values.registry}`);
  const registry = new RegistryStore(values.registry);
  const invoice = new InvoiceStore(values.invoice);
  const lines = sampleLines(values.registry);
  const today = '2026-11-24';

  const warm = bulkCheck(lines, today, { registry, invoice });
  if (!warm.ok) throw new Error('registry unavailable');
  const s = warm.result.summary;
  console.log(`registry: ${values.registry}; invoice: ${invoice.meta() === null ? 'none' : values.invoice}`);
  console.log(`lines: ${lines.length} → found ${s.found}, not found ${s.notFound}, ambiguous ${s.ambiguous}, invalid ${s.invalid}`);

  const times: number[] = [];
  let csvBytes = 0;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const outcome = bulkCheck(lines, today, { registry, invoice });
    if (!outcome.ok) throw new Error('registry unavailable');
    csvBytes = Buffer.byteLength(bulkResultCsv(outcome.result));
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${runs} runs of ${lines.length} lines (check + CSV of ${(csvBytes / 1024).toFixed(0)} kB): ` +
      `p50 ${quantile(times, 0.5).toFixed(1)} ms, p95 ${quantile(times, 0.95).toFixed(1)} ms, max ${(times.at(-1) as number).toFixed(1)} ms`,
  );
  registry.close();
  invoice.close();
}

main();
