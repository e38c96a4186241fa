import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A migrated template database, made once per test run and cloned for every test file:
 * - PGlite: a migrated data directory, copied (a fresh PGlite initdb costs ~4 s; a copy, a few ms);
 * - PostgreSQL: a migrated database, cloned with CREATE DATABASE … TEMPLATE.
 */
export type DbTemplate = { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string; template: string };

export const MIGRATIONS = path.resolve(__dirname, '..', '..', 'db', 'migrations');

export async function createTemplate(): Promise<DbTemplate> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const { Client } = await import('pg');
    const template = `hojin_template_${process.pid}`;
    const admin = new Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    await admin.end();
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const client = new Client({ connectionString: withDatabase(url, template) });
    await client.connect();
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });
    await client.end();
    return { kind: 'postgres', url, template };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hojin-tpl-'));
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create(path.join(dir, 'pglite'));
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });
  await client.close();
  return { kind: 'pglite', dir };
}

export async function dropTemplate(t: DbTemplate): Promise<void> {
  if (t.kind === 'pglite') {
    fs.rmSync(t.dir, { recursive: true, force: true });
    return;
  }
  const { Client } = await import('pg');
  const admin = new Client({ connectionString: t.url });
  await admin.connect();
  // Clones left behind by a crashed worker go too.
  const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [
    `hojin_t_${process.pid}_%`,
  ]);
  for (const row of rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
  await admin.query(`DROP DATABASE IF EXISTS ${t.template} WITH (FORCE)`);
  await admin.end();
}

/** Clones the template for one test file; returns the variables that point the app at it. */
export async function cloneTemplate(
  t: DbTemplate,
  parentPid: number,
): Promise<{ env: Record<string, string>; dispose: () => Promise<void> }> {
  if (t.kind === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hojin-test-'));
    fs.cpSync(path.join(t.dir, 'pglite'), path.join(dir, 'pglite'), { recursive: true });
    return { env: { DATA_DIR: dir }, dispose: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const { Client } = await import('pg');
  const name = `hojin_t_${parentPid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new Client({ connectionString: t.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${t.template}`);
  await admin.end();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hojin-test-'));
  return {
    env: { DATABASE_URL: withDatabase(t.url, name), DATABASE_POOL_MAX: '4', DATA_DIR: dir },
    dispose: async () => {
      const c = new Client({ connectionString: t.url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
