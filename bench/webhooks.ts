/**
 * Benchmark of the webhook deliveries (issue 27, docs/performance.md "Webhooks").
 *
 *   npm run bench:webhooks [-- --endpoints 1000 --events 100 --database-url postgres://…]
 *
 * In a temporary DATA_DIR (embedded PGlite, or PostgreSQL with --database-url): `--endpoints`
 * members, each with one endpoint on a local receiver (a child process on 127.0.0.1) and a watch
 * list of `--events` companies; `--events` watch events (renames) of those companies. Then:
 *
 * 1. fan-out: the webhook job's fan-out turns them into endpoints × events webhook events and
 *    deliveries (the real code path, fanOutWatchEvents);
 * 2. delivery: runWebhookJob until nothing is pending; 10 % of the endpoints answer 500 to their
 *    first request. The job's clock is moved to the next retry when nothing else is due (the
 *    backoff is the schedule's, not waited for): the figure is the sending, not the schedule.
 *    Prints the time to deliver all, deliveries/s, and the database statements per delivery;
 * 3. a slow receiver: the same endpoints get `--events 10`-sized work again with one more
 *    endpoint answering after 5 s; prints when the others were done beside the run without it.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    endpoints: { type: 'string', default: '1000' },
    events: { type: 'string', default: '100' },
    'database-url': { type: 'string' },
  },
});
const ENDPOINTS = Number(values.endpoints);
const EVENTS = Number(values.events);
const FAILING = Math.round(ENDPOINTS / 10);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hojin-webhooks-bench-'));
Object.assign(process.env, {
  DATA_DIR: dir,
  LOG_LEVEL: 'silent',
  WEBHOOK_ALLOW_LOCAL: 'true',
  WEBHOOK_TIMEOUT_SECONDS: '10',
  ...(values['database-url'] ? { DATABASE_URL: values['database-url'] } : {}),
});

// The receiver: /e/<n>/<mode>; mode "fail1" answers 500 to the endpoint's first request, "slow" after 5 s.
const RECEIVER = `
const http = require('node:http');
const seen = new Set();
const done = new Map();
let count = 0;
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const [, , n, mode] = (req.url || '').split('/');
    if (mode === 'fail1' && !seen.has(n)) { seen.add(n); res.writeHead(500).end(); return; }
    const answer = () => { count++; done.set(n, Date.now()); res.writeHead(204).end(); };
    if (mode === 'slow') setTimeout(answer, 5000); else answer();
  });
});
server.keepAliveTimeout = 60000;
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
process.on('message', (m) => {
  if (m === 'stats') process.send({ count, done: Object.fromEntries(done) });
  if (m === 'reset') { done.clear(); count = 0; }
});
`;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const n = (v: number) => Math.round(v).toLocaleString('en-US');

async function main() {
  const script = path.join(dir, 'receiver.cjs');
  fs.writeFileSync(script, RECEIVER);
  const child = fork(script, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve) => child.once('message', (m: { port: number }) => resolve(m.port)));
  const ask = () =>
    new Promise<{ count: number; done: Record<string, number> }>((resolve) => {
      child.once('message', resolve);
      child.send('stats');
    });

  const { sql } = await import('drizzle-orm');
  const { getDb, closeDb } = await import('@/server/db/client');
  const { runWebhookJob } = await import('@/features/api/index.server');
  const { fanOutWatchEvents } = await import('@/features/api/server/webhook-delivery');
  const db = await getDb();

  let t = performance.now();
  await db.execute(sql`INSERT INTO users (email) SELECT 'hook-' || g || '@example.jp' FROM generate_series(1, ${ENDPOINTS}) AS g`);
  await db.execute(sql`
    INSERT INTO webhook_endpoints (user_id, url, event_types, secret)
    SELECT id, ${`http://127.0.0.1:${port}/e/`} || row_number() OVER (ORDER BY email) || '/' ||
           CASE WHEN row_number() OVER (ORDER BY email) <= ${FAILING} THEN 'fail1' ELSE 'ok' END,
           ARRAY['watch.name_changed'], ${`whsec_${Buffer.alloc(32, 7).toString('base64')}`}
      FROM users WHERE email LIKE 'hook-%'`);
  await db.execute(sql`
    INSERT INTO watch_entries (user_id, corporate_number)
    SELECT u.id, lpad(g::text, 13, '0') FROM users u CROSS JOIN generate_series(1, ${EVENTS}) AS g WHERE u.email LIKE 'hook-%'`);
  await db.execute(sql`
    INSERT INTO watch_events (corporate_number, kind, data_date, name, detail)
    SELECT lpad(g::text, 13, '0'), 'name', '2026-03-02', '株式会社新ベンチ' || g,
           jsonb_build_object('before', '株式会社ベンチ' || g, 'after', '株式会社新ベンチ' || g)
      FROM generate_series(1, ${EVENTS}) AS g`);
  console.log(
    `set-up: ${n(ENDPOINTS)} endpoints (${n(FAILING)} failing at first), ${n(EVENTS)} watch events, ${seconds(performance.now() - t)}`,
  );

  t = performance.now();
  const counter = { statements: 0 };
  const fanned = await fanOutWatchEvents(new Date(), counter);
  const fanMs = performance.now() - t;
  console.log(
    `fan-out: ${n(fanned)} webhook events and deliveries in ${seconds(fanMs)} (${n(fanned / (fanMs / 1000))}/s, ${counter.statements} statements)`,
  );

  const drain = async (label: string) => {
    let clock = new Date();
    let runs = 0;
    let statements = 0;
    const start = performance.now();
    for (;;) {
      const run = await runWebhookJob({ now: clock });
      runs += 1;
      if (run.ran) statements += run.statements;
      const [next] = rowsOf<{ at: number | null; pending: number }>(
        await db.execute(sql`
          WITH heads AS (
            SELECT DISTINCT ON (endpoint_id) next_attempt_at FROM webhook_deliveries WHERE status = 'pending' ORDER BY endpoint_id, id
          )
          SELECT (extract(epoch FROM min(next_attempt_at)) * 1000)::float8 AS at, count(*)::int AS pending FROM heads`),
      );
      if (!next || next.pending === 0) break;
      // Nothing else due: the next retry's time (the schedule is not waited for).
      clock = new Date(Math.max(clock.getTime(), Number(next.at), Date.now()));
    }
    const ms = performance.now() - start;
    return { ms, runs, statements, label };
  };

  const first = await drain('all');
  const delivered = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'succeeded'`),
  )[0]!.n;
  const requests = (await ask()).count;
  console.log(
    `delivery: ${n(delivered)} deliveries in ${seconds(first.ms)} — ${n(delivered / (first.ms / 1000))} deliveries/s; ` +
      `${first.runs} job runs; ${n(first.statements)} database statements (${(first.statements / delivered).toFixed(3)} per delivery); ` +
      `${n(requests)} 2xx answers at the receiver (+ ${n(FAILING)} first-time 500s retried)`,
  );

  // The slow receiver: 10 more events for everyone, one more endpoint that answers after 5 s.
  const second = async (withSlow: boolean) => {
    child.send('reset');
    const since = Date.now();
    if (withSlow) {
      await db.execute(sql`UPDATE webhook_endpoints SET url = ${`http://127.0.0.1:${port}/e/slow/slow`} WHERE url LIKE '%/e/1/%'`);
    }
    await db.execute(sql`
      INSERT INTO watch_events (corporate_number, kind, data_date, name, detail)
      SELECT lpad(g::text, 13, '0'), 'address', ${withSlow ? '2026-03-04' : '2026-03-03'}, '株式会社新ベンチ' || g,
             jsonb_build_object('before', '東京都千代田区' || g, 'after', '東京都港区' || g)
        FROM generate_series(1, 10) AS g`);
    await db.execute(sql`UPDATE webhook_endpoints SET event_types = ARRAY['watch.name_changed', 'watch.address_changed']`);
    const result = await drain(withSlow ? 'with a 5 s receiver' : 'without');
    const stats = await ask();
    const others = Object.entries(stats.done)
      .filter(([k]) => k !== 'slow')
      .map(([, at]) => at - since);
    const slowAt = stats.done.slow ? stats.done.slow - since : null;
    console.log(
      `${result.label}: the other ${n(others.length)} endpoints' ${n(stats.count - (slowAt ? 10 : 0))} deliveries done at ${seconds(Math.max(...others))}` +
        (slowAt ? `; the 5 s receiver's 10 done at ${seconds(slowAt)}` : '') +
        `; the run(s) ended at ${seconds(result.ms)}`,
    );
  };
  await second(false);
  await second(true);
  const attempts = rowsOf<{ attempts: number; n: number; errors: string | null }>(
    await db.execute(sql`
      SELECT attempts, count(*)::int AS n, string_agg(DISTINCT last_error, '; ') AS errors
        FROM webhook_deliveries WHERE created_at > now() - interval '10 minutes' GROUP BY attempts ORDER BY attempts`),
  );
  console.log(
    `attempts of the last phases' deliveries: ${attempts.map((a) => `${a.attempts}×: ${n(a.n)}${a.errors ? ` (${a.errors})` : ''}`).join(', ')}`,
  );

  child.kill();
  await closeDb();
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
