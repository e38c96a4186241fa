import 'server-only';

import fs from 'node:fs';

import { sql } from 'drizzle-orm';

import { getDb, getDbDriver } from '@/server/db/client';
import { lifecyclePhase } from '@/server/http/lifecycle';
import { dataPaths } from '@/config/server';

export interface Health {
  status: 'ok' | 'degraded';
  database: { ok: boolean; driver?: string; error?: string };
  registry: { ok: boolean; error?: string };
}

export async function getHealth(): Promise<Health> {
  const database: Health['database'] = { ok: false };
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    database.ok = true;
    database.driver = await getDbDriver();
  } catch (error) {
    database.error = error instanceof Error ? error.message : String(error);
  }
  const registry: Health['registry'] = { ok: fs.existsSync(dataPaths().registry) };
  if (!registry.ok) registry.error = 'registry file not found; run npm run registry:import';
  return { status: database.ok && registry.ok ? 'ok' : 'degraded', database, registry };
}

/** How long a readiness probe waits for the database before it says 503. */
const READY_DATABASE_TIMEOUT_MS = 2_000;

export interface Readiness {
  ready: boolean;
  /** starting: not yet migrated and set up; serving; draining: stopping (SIGTERM), finishing what it has */
  phase: 'starting' | 'serving' | 'draining';
  database: boolean;
  registry: boolean;
}

/**
 * The answer to a proxy's readiness probe (docs/operations.md): ready while serving, the database
 * answering within READY_DATABASE_TIMEOUT_MS and the registry file open (`registryOpen`, from the
 * registry's store, which this module cannot import). Draining or starting: not ready, without
 * asking the database.
 */
export async function getReadiness(registryOpen: () => boolean): Promise<Readiness> {
  const phase = lifecyclePhase();
  if (phase !== 'serving') return { ready: false, phase, database: false, registry: false };
  const registry = registryOpen();
  let timer: NodeJS.Timeout | undefined;
  const database = await Promise.race([
    getDb()
      .then((db) => db.execute(sql`select 1`))
      .then(
        () => true,
        () => false,
      ),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), READY_DATABASE_TIMEOUT_MS))),
  ]);
  clearTimeout(timer);
  return { ready: database && registry, phase, database, registry };
}
