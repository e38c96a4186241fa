import 'server-only';

import fs from 'node:fs';

import { sql } from 'drizzle-orm';

import { getDb, getDbDriver } from '@/server/db/client';
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
