import 'server-only';

import fs from 'node:fs';
import path from 'node:path';

import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Pool } from 'pg';

import * as schema from '@db/schema';
import { logger } from '@/server/logger';
import { serverConfig } from '@/config/server';

/**
 * The application database (DEVELOPERS.md): PostgreSQL through Drizzle. Without DATABASE_URL
 * the embedded PGlite (real Postgres compiled to WebAssembly, in-process) keeps its data under
 * DATA_DIR/pglite; with DATABASE_URL a node-postgres pool talks to a server. Both run the same
 * migrations and the same queries, so features never branch on the driver.
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbDriver = 'pglite' | 'postgres';

interface Handle {
  db: Db;
  driver: DbDriver;
  close: () => Promise<void>;
  /** PostgreSQL only: the pool, for the migration's own connection. */
  pool?: Pool;
}

const MIGRATIONS_FOLDER = path.join(process.cwd(), 'db', 'migrations');

// One handle per process, kept on globalThis so Next's module re-evaluation in development does
// not open a second PGlite on the same data directory (PGlite allows a single opener).
const globalKey = Symbol.for('hojin.db');
type GlobalWithDb = typeof globalThis & { [globalKey]?: Promise<Handle> };

async function open(): Promise<Handle> {
  const config = serverConfig().database;
  if (config.url) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new Pool({ connectionString: config.url, max: config.poolMax });
    pool.on('error', (error) => logger.error({ err: error }, 'PostgreSQL pool error'));
    const db = drizzle(pool, { schema }) as unknown as Db;
    return { db, driver: 'postgres', close: () => pool.end(), pool };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  fs.mkdirSync(config.pglitePath, { recursive: true });
  const client = await PGlite.create(config.pglitePath);
  const db = drizzle(client, { schema }) as unknown as Db;
  return { db, driver: 'pglite', close: () => client.close() };
}

async function openAndMigrate(): Promise<Handle> {
  const handle = await open();
  await migrate(handle);
  return handle;
}

/**
 * The key of the session-level advisory lock that migrations run under (any fixed 64-bit number;
 * this one is "hojin" in ASCII). Instances that start together on one PostgreSQL server take
 * turns: the first applies the migrations, the others wait, then find them recorded and apply
 * nothing — without it the second failed creating the same table (docs/decisions/0061).
 */
export const MIGRATION_LOCK_KEY = 0x686f6a696en;

/** Applies the committed migrations (idempotent: applied ones are recorded by Drizzle). */
async function migrate(handle: Handle): Promise<void> {
  if (handle.driver === 'postgres' && handle.pool) {
    const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    // One connection holds the lock and runs the migrations: a session-level lock belongs to its
    // connection, and PostgreSQL releases it if the process dies mid-migration.
    const client = await handle.pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
      try {
        await run(drizzle(client, { schema }) as never, { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]);
      }
    } finally {
      client.release();
    }
  } else {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    await run(handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  }
}

function handlePromise(): Promise<Handle> {
  const g = globalThis as GlobalWithDb;
  if (!g[globalKey]) {
    g[globalKey] = openAndMigrate().catch((error: unknown) => {
      delete g[globalKey];
      throw error;
    });
  }
  return g[globalKey];
}

/** The database, opened (and migrated) on first use. */
export async function getDb(): Promise<Db> {
  return (await handlePromise()).db;
}

export async function getDbDriver(): Promise<DbDriver> {
  return (await handlePromise()).driver;
}

/**
 * The pool's connections (PostgreSQL; null for PGlite or before the database is opened) — the
 * metrics read it when scraped and never open the database for it.
 */
export async function dbPoolStats(): Promise<{ total: number; idle: number; waiting: number; max: number } | null> {
  const pending = (globalThis as GlobalWithDb)[globalKey];
  const pool = pending ? (await pending).pool : undefined;
  if (!pool) return null;
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 };
}

/** Closes the process's database (CLI commands, tests and a stopping server). */
export async function closeDb(): Promise<void> {
  const g = globalThis as GlobalWithDb;
  const pending = g[globalKey];
  delete g[globalKey];
  if (pending) await (await pending).close();
}
