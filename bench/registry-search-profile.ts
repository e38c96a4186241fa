/**
 * Where one search's time goes (docs/decisions/0029): for each query, the whole searchCompanies()
 * call and, for the count's statement when it confirms on `doc`, its parts — the full-text AND
 * alone, the AND joined to `doc`, and the statement as the search runs it — with the number of
 * candidates the index leaves and the matches among them. Minimum of --repeat runs each (the
 * machine is shared: the minimum is the least disturbed figure), after one warm-up run.
 *
 *   npx tsx --conditions=react-server bench/registry-search-profile.ts \
 *     [--registry bench/out/registry-5500000-generator.sqlite] [--repeat 15] \
 *     --query '{"address":"日の出町1-4"}' --query '{"q":"サービス","address":"区神田須"}'
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import type Database from 'better-sqlite3';
import { z } from 'zod';
import { RegistryStore } from '../src/features/registry/server/store/store';
import { type SearchCompaniesParams, searchCompanies } from '../src/features/registry/server/search/search';

const QuerySchema = z.strictObject({
  q: z.string().optional(),
  address: z.string().optional(),
  prefecture: z.string().optional(),
  city: z.string().optional(),
  kind: z.array(z.enum(['301', '302', '303', '304', '305'])).optional(),
  includeClosed: z.boolean().optional(),
});

const { values } = parseArgs({
  options: { registry: { type: 'string' }, repeat: { type: 'string' }, query: { type: 'string', multiple: true } },
  strict: true,
});
const registry = values.registry ?? 'bench/out/registry-5500000-generator.sqlite';
const repeat = z.coerce
  .number()
  .int()
  .min(1)
  .max(1000)
  .parse(values.repeat ?? '15');
const queries: SearchCompaniesParams[] = (values.query ?? []).map((q) => QuerySchema.parse(JSON.parse(q)));
if (queries.length === 0) throw new Error('give at least one --query \'{"address":"…"}\'');

const store = new RegistryStore(registry);
const state = store.acquire();
if (!state.ok) throw new Error(`registry unavailable: ${state.reason}`);
const reg = state.registry;

// Record the statements one search runs (the registry's statement cache is the only way in).
const seen: { sql: string; params: Record<string, unknown> }[] = [];
let recording = false;
const statementOf = reg.statement.bind(reg);
reg.statement = (sql: string): Database.Statement => {
  const stmt = statementOf(sql);
  if (!recording) return stmt;
  return new Proxy(stmt, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if ((key === 'get' || key === 'all') && typeof value === 'function') {
        return (params: Record<string, unknown>) => {
          seen.push({ sql, params });
          return (value as (p: unknown) => unknown).call(target, params);
        };
      }
      if (key === 'pluck' && typeof value === 'function') {
        return (on: boolean) => {
          (value as (b: boolean) => unknown).call(target, on);
          return receiver as Database.Statement;
        };
      }
      return value;
    },
  });
};

function fastest(fn: () => unknown): number {
  let best = Infinity;
  for (let i = 0; i < repeat; i++) {
    const t = process.hrtime.bigint();
    fn();
    best = Math.min(best, Number(process.hrtime.bigint() - t) / 1e6);
  }
  return best;
}

const ms = (n: number) => n.toFixed(3);
for (const query of queries) {
  searchCompanies(query, store);
  seen.length = 0;
  recording = true;
  const outcome = searchCompanies(query, store);
  recording = false;
  const total = fastest(() => searchCompanies(query, store));
  const count = outcome.ok ? outcome.result.count : outcome.code;
  const confirmed = seen.find((s) => s.sql.startsWith('SELECT count(*) FROM (SELECT doc_fts.rowid'));
  const line = [`${JSON.stringify(query)}: ${ms(total)} ms, count ${count}, statements ${seen.length}`];
  if (confirmed !== undefined) {
    const p = confirmed.params;
    const range = { expr: p.expr, after: p.after, last: p.last };
    const fts = reg.db.prepare(
      'SELECT count(*) FROM (SELECT rowid FROM doc_fts WHERE doc_fts MATCH @expr AND rowid > @after AND rowid <= @last)',
    );
    const join = reg.db.prepare(
      `SELECT count(*) FROM (SELECT d.docid FROM doc_fts JOIN doc d ON d.docid = doc_fts.rowid
        WHERE doc_fts MATCH @expr AND doc_fts.rowid > @after AND doc_fts.rowid <= @last AND length(d.address_norm) >= 0)`,
    );
    const stmt = reg.db.prepare(confirmed.sql);
    line.push(
      `  count statement: ${String(fts.pluck().get(range))} candidates (unlimited), ${String(stmt.pluck().get(p))} matches (limit ${String(p.limit)});` +
        ` AND alone ${ms(fastest(() => fts.get(range)))} ms, joined to doc ${ms(fastest(() => join.get(range)))} ms, as run ${ms(fastest(() => stmt.get(p)))} ms`,
    );
  }
  // Every statement but the page's row reads, timed alone (fastest of --repeat): which pass costs.
  for (const s of seen) {
    if (s.sql.includes('FROM doc d JOIN company c')) continue;
    const stmt = reg.db.prepare(s.sql);
    const kind = s.sql.startsWith('SELECT count(*)') ? 'count' : 'page';
    const rows = kind === 'count' ? String(stmt.pluck().get(s.params)) : String(stmt.all(s.params).length);
    line.push(
      `  ${kind} ${String(s.params.expr)} (${rows} rows, limit ${String(s.params.limit)}): ${ms(fastest(() => (kind === 'count' ? stmt.get(s.params) : stmt.all(s.params))))} ms`,
    );
  }
  console.log(line.join('\n'));
}
console.log(
  `load average ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
store.close();
