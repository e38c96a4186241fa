import { spawn } from 'node:child_process';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { findPostgresBin, startTempPostgres, type TempPostgres } from '../../scripts/lib/postgres';

/**
 * Instances that start at once (issue 24 §7, docs/decisions/0061): three processes run the app's
 * start-up — scripts/db-setup.ts, what `npm start` runs first: open the database (which applies
 * the migrations) and seed the demo account — at the same moment on a fresh PostgreSQL database.
 * Before the advisory lock, the second failed with `duplicate key value violates unique constraint
 * "pg_type_typname_nsp_index"` (two CREATE TABLEs of one name) and exited.
 *
 * PostgreSQL only (PGlite admits one process per data directory): TEST_DATABASE_URL's server, or
 * a throwaway cluster when the PostgreSQL binaries are installed; otherwise the test is skipped.
 */
const ROOT = path.resolve(__dirname, '..', '..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
const bin = process.env.TEST_DATABASE_URL ? null : findPostgresBin();
const available = Boolean(process.env.TEST_DATABASE_URL) || bin !== null;

let cluster: TempPostgres | null = null;
const created: { admin: string; name: string }[] = [];

afterAll(async () => {
  const { Client } = await import('pg');
  for (const { admin, name } of created) {
    const c = new Client({ connectionString: admin });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  }
  cluster?.stop();
});

async function freshDatabase(): Promise<string> {
  let admin = process.env.TEST_DATABASE_URL;
  if (!admin) {
    cluster ??= await startTempPostgres(bin!);
    admin = cluster.url;
  }
  const name = `hojin_start_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const { Client } = await import('pg');
  const c = new Client({ connectionString: admin });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  created.push({ admin, name });
  const u = new URL(admin);
  u.pathname = `/${name}`;
  return u.toString();
}

function startUp(url: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(TSX, ['--conditions=react-server', path.join(ROOT, 'scripts', 'db-setup.ts')], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url, DATABASE_POOL_MAX: '2', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe.skipIf(!available)('three instances starting at once on a fresh PostgreSQL', () => {
  it('all three migrate and seed; the schema and the demo account exist once', { timeout: 180_000 }, async () => {
    const url = await freshDatabase();
    const runs = await Promise.all([startUp(url), startUp(url), startUp(url)]);
    for (const run of runs) expect(run.code, run.output).toBe(0);

    const { Client } = await import('pg');
    const c = new Client({ connectionString: url });
    await c.connect();
    try {
      const fs = await import('node:fs');
      const journal = JSON.parse(fs.readFileSync(path.join(ROOT, 'db', 'migrations', 'meta', '_journal.json'), 'utf8')) as {
        entries: unknown[];
      };
      const applied = await c.query<{ n: string }>('SELECT count(*) AS n FROM drizzle.__drizzle_migrations');
      expect(Number(applied.rows[0]!.n)).toBe(journal.entries.length);
      const demo = await c.query<{ n: string }>(`SELECT count(*) AS n FROM users WHERE email = 'demo@hojin.example'`);
      expect(Number(demo.rows[0]!.n)).toBe(1);
      const counters = await c.query<{ series: string }>('SELECT series FROM receipt_serial_counters');
      expect(counters.rows.map((r) => r.series).sort()).toEqual(['R', 'RF']);
    } finally {
      await c.end();
    }
  });
});
