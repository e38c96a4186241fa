/**
 * Benchmark of the watch matcher (issue 15 §3): a day's diff of 50,000 changed rows against
 * 1,000,000 watched entries must be matched in ≤ 10 s.
 *
 *   npx tsx --conditions=react-server bench/watch-match.ts [--changes 50000] [--entries 1000000]
 *     [--watched-changes 2500] [--database-url postgres://…]
 *
 * Builds, in a temporary folder: a registry of `--changes` companies and a daily diff that renames
 * each of them (the registry writer's change log then holds `--changes` entries, as after a real
 * update); a database (embedded PGlite, or PostgreSQL with --database-url) with 200 members × 5,000
 * watched companies = 1,000,000 entries, of which `--watched-changes` companies are among the
 * changed ones (each watched by 4 members). Then times `matchNewChanges()` — reading the change
 * log, classifying each row, matching the day's 法人番号 against the watch list, inserting the
 * events — and, once more, the same run again (nothing new: the idempotent path).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    changes: { type: 'string', default: '50000' },
    entries: { type: 'string', default: '1000000' },
    'watched-changes': { type: 'string', default: '2500' },
    'database-url': { type: 'string' },
  },
});
const CHANGES = Number(values.changes);
const ENTRIES = Number(values.entries);
const WATCHED_CHANGES = Number(values['watched-changes']);
const MEMBERS = 200;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hojin-watch-bench-'));
Object.assign(process.env, {
  DATA_DIR: dir,
  LOG_LEVEL: 'silent',
  ...(values['database-url'] ? { DATABASE_URL: values['database-url'] } : {}),
});

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  // Imported after DATA_DIR is set: the configuration is read once, on first use.
  const { sql } = await import('drizzle-orm');
  const { getDb, closeDb } = await import('@/server/db/client');
  const { getEnv } = await import('@/config/env');
  const { withCheckDigit } = await import('@/features/registry');
  const { ntaRow } = await import('@/features/registry/testing');
  const { RegistryWriter } = await import('@/features/registry/server/store/writer');
  const { matchNewChanges } = await import('@/features/watch/index.server');
  const { watchedAmong } = await import('@/features/watch/server/matcher');
  const { readRegistryChanges } = await import('@/features/registry/index.server');
  const env = getEnv();
  const numbers = Array.from({ length: CHANGES }, (_, i) => withCheckDigit(String(600_000_000_000 + i * 7)));

  let t = performance.now();
  const build = RegistryWriter.open({ targetPath: env.paths.registry, mode: 'new', cacheMiB: 64 });
  build.applyRows(numbers.map((n, i) => ntaRow({ corporateNumber: n, name: `株式会社ベンチ${i}`, updateDate: '2026-03-01' })));
  build.addSource({ file: 'diff_20260301.csv', kind: 'diff', date: '2026-03-01', rows: CHANGES, errors: 0 });
  build.finish();
  const update = RegistryWriter.open({ targetPath: env.paths.registry, mode: 'update', cacheMiB: 64 });
  update.applyRows(
    numbers.map((n, i) =>
      ntaRow({ corporateNumber: n, name: `株式会社新ベンチ${i}`, process: '11', updateDate: '2026-03-02', changeDate: '2026-03-02' }),
    ),
  );
  update.addSource({ file: 'diff_20260302.csv', kind: 'diff', date: '2026-03-02', rows: CHANGES, errors: 0 });
  update.finish();
  console.log(`registry with a change log of ${CHANGES.toLocaleString()} rows: ${seconds(performance.now() - t)}`);

  t = performance.now();
  const db = await getDb();
  await db.execute(sql`INSERT INTO users (email) SELECT 'bench-' || g || '@example.jp' FROM generate_series(1, ${MEMBERS}) AS g`);
  const perMember = Math.ceil(ENTRIES / MEMBERS);
  // Every member watches perMember companies; the first WATCHED_CHANGES changed companies are
  // watched by 4 members each, the rest of the entries are numbers no diff touches.
  const watched = numbers.slice(0, WATCHED_CHANGES);
  await db.execute(sql`
    INSERT INTO watch_entries (user_id, corporate_number)
    SELECT u.id, lpad((1000000000000 + u.n * ${perMember} + g)::text, 13, '0')
      FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users WHERE email LIKE 'bench-%') AS u,
           generate_series(1, ${perMember - Math.ceil((watched.length * 4) / MEMBERS)}) AS g`);
  await db.execute(sql`
    INSERT INTO watch_entries (user_id, corporate_number)
    SELECT u.id, w.n
      FROM unnest(string_to_array(${watched.join(',')}, ',')) WITH ORDINALITY AS w(n, i)
      JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users WHERE email LIKE 'bench-%') AS u
        ON u.n IN ((w.i % ${MEMBERS}) + 1, ((w.i + 50) % ${MEMBERS}) + 1, ((w.i + 100) % ${MEMBERS}) + 1, ((w.i + 150) % ${MEMBERS}) + 1)
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`ANALYZE watch_entries`);
  const n = ((await db.execute(sql`SELECT count(*)::int AS n FROM watch_entries`)) as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
  console.log(`watch entries: ${Number(n).toLocaleString()} (${MEMBERS} members): ${seconds(performance.now() - t)}`);

  // The parts, once each, before the whole (which then runs with warm caches like a daily run).
  t = performance.now();
  const log = readRegistryChanges(env.paths.registry, null);
  const readMs = performance.now() - t;
  t = performance.now();
  const hits = await watchedAmong(log.changes.map((c) => c.after.corporateNumber));
  console.log(
    `parts: read the change log ${seconds(readMs)}; which of ${log.changes.length.toLocaleString()} numbers are watched (${hits.size.toLocaleString()}): ${seconds(performance.now() - t)}`,
  );

  t = performance.now();
  const first = await matchNewChanges();
  const firstMs = performance.now() - t;
  console.log(
    `match ${first.registry.changes.toLocaleString()} changes → ${first.registry.drafts.toLocaleString()} candidate events, ` +
      `${first.registry.watched.toLocaleString()} of watched companies, ${first.registry.inserted.toLocaleString()} inserted: ${seconds(firstMs)}`,
  );

  await db.execute(sql`DELETE FROM watch_cursors`);
  t = performance.now();
  const again = await matchNewChanges();
  console.log(
    `the same day again (cursor reset): ${again.registry.changes.toLocaleString()} changes, ${again.registry.inserted} inserted: ${seconds(performance.now() - t)}`,
  );
  console.log(
    `driver: ${values['database-url'] ? 'PostgreSQL' : 'PGlite (embedded)'}; budget 10 s: ${firstMs <= 10_000 ? 'met' : 'NOT met'}`,
  );
  await closeDb();
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => fs.rmSync(dir, { recursive: true, force: true }));
