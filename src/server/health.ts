import 'server-only';

import fs from 'node:fs';

import { sql } from 'drizzle-orm';

import { getEnv } from '@/config/env';
import { getDb, getDbDriver } from '@/server/db/client';

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
  const registry: Health['registry'] = { ok: fs.existsSync(getEnv().paths.registry) };
  if (!registry.ok) registry.error = 'registry file not found; run npm run registry:import';
  return { status: database.ok && registry.ok ? 'ok' : 'degraded', database, registry };
}
