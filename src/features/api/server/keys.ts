import 'server-only';

import crypto from 'node:crypto';

import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm';

import { apiKeys, apiUsage } from '@db/schema';
import { todayInJapan } from '@/features/registry';
import { sha256Hex } from '@/server/auth/tokens';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/http/app-error';

import { API_KEY_DISPLAY_LENGTH, API_KEY_MESSAGES, API_KEY_PATTERN, API_KEY_PREFIX, API_KEYS_PER_MEMBER, API_USAGE_DAYS } from '../rules';
import type { ApiKeyList, ApiKeySummary, CreatedApiKey } from '../schemas';

/**
 * A member's API keys (issue 26 §3, docs/decisions/0098). The key is 24 random bytes after
 * `hj_live_`, shown once; the table keeps its SHA-256, and a request's key is found by that hash
 * (an index lookup — never a comparison against every key). A revoked key stays as a row, so the
 * usage history keeps its name.
 */

/** Who a valid key speaks for. */
export interface ApiPrincipal {
  keyId: string;
  userId: string;
}

export async function createApiKey(userId: string, name: string): Promise<CreatedApiKey> {
  const db = await getDb();
  const key = `${API_KEY_PREFIX}${crypto.randomBytes(24).toString('base64url')}`;
  const row = await db.transaction(async (tx) => {
    // A lock on the member's keys: two creations at once cannot both pass the limit.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`api_keys:${userId}`}, 0))`);
    const [live] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
    if ((live?.n ?? 0) >= API_KEYS_PER_MEMBER)
      throw new AppError('too_many_keys', { status: 409, message: API_KEY_MESSAGES.too_many_keys });
    const [inserted] = await tx
      .insert(apiKeys)
      .values({ userId, name, keyHash: sha256Hex(key), prefix: key.slice(0, API_KEY_DISPLAY_LENGTH) })
      .returning();
    return inserted!;
  });
  return { key, ...summaryOf(row) };
}

function summaryOf(row: typeof apiKeys.$inferSelect): ApiKeySummary {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** The member's keys, live first, and the requests per day of the last API_USAGE_DAYS days (all keys together). */
export async function listApiKeys(userId: string, now = new Date()): Promise<ApiKeyList> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(sql`${apiKeys.revokedAt} IS NOT NULL`, desc(apiKeys.createdAt));
  const from = daysBefore(todayInJapan(now), API_USAGE_DAYS - 1);
  const usage = await db
    .select({ day: apiUsage.day, requests: sql<number>`sum(${apiUsage.requests})::int` })
    .from(apiUsage)
    .where(and(eq(apiUsage.userId, userId), gte(apiUsage.day, from)))
    .groupBy(apiUsage.day);
  const byDay = new Map(usage.map((u) => [u.day, u.requests]));
  const days = Array.from({ length: API_USAGE_DAYS }, (_, i) => {
    const day = daysBefore(todayInJapan(now), API_USAGE_DAYS - 1 - i);
    return { day, requests: byDay.get(day) ?? 0 };
  });
  return { keys: rows.map(summaryOf), usage: days };
}

function daysBefore(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
}

/** Revokes one of the member's keys (another member's key id is "not found"). */
export async function revokeApiKey(userId: string, keyId: string): Promise<void> {
  const db = await getDb();
  const done = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ hash: apiKeys.keyHash });
  if (done.length === 0) throw new AppError('not_found', { message: API_KEY_MESSAGES.not_found });
  for (const d of done) forgetKey(d.hash);
}

/** Unregistering: every key of the member stops working at once. */
export async function revokeApiKeysOf(userId: string): Promise<void> {
  const db = await getDb();
  const done = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ hash: apiKeys.keyHash });
  for (const d of done) forgetKey(d.hash);
}

/**
 * The answer for a presented key: its principal, 'revoked', or null (no such key). Looked up by
 * hash and kept for KEY_CACHE_MS, so a busy key costs no database read per request; a revocation
 * on this instance takes effect at once, on the others within KEY_CACHE_MS (decision 0098).
 */
export type KeyLookup = ApiPrincipal | 'revoked' | null;

const KEY_CACHE_MS = 10_000;
const KEY_CACHE_MAX = 10_000;
const cacheKey = Symbol.for('hojin.api.keyCache');
type WithCache = typeof globalThis & { [cacheKey]?: Map<string, { value: KeyLookup; until: number }> };
// On globalThis: the lean /v1 path and Next's route handlers may hold separate copies of this module.
const cache = ((globalThis as WithCache)[cacheKey] ??= new Map());

function forgetKey(hash: string): void {
  cache.delete(hash);
}

export async function lookupApiKey(presented: string, now = Date.now()): Promise<KeyLookup> {
  if (!API_KEY_PATTERN.test(presented)) return null;
  const hash = sha256Hex(presented);
  const hit = cache.get(hash);
  if (hit && hit.until > now) return hit.value;
  const db = await getDb();
  const [row] = await db
    .select({ id: apiKeys.id, userId: apiKeys.userId, revokedAt: apiKeys.revokedAt })
    .from(apiKeys)
    .where(eq(apiKeys.keyHash, hash));
  // Unregistering revokes every key of the member (revokeApiKeysOf), so a closed account's key is revoked.
  const value: KeyLookup = !row ? null : row.revokedAt ? 'revoked' : { keyId: row.id, userId: row.userId };
  if (cache.size >= KEY_CACHE_MAX) cache.clear();
  cache.set(hash, { value, until: now + KEY_CACHE_MS });
  return value;
}

/** Tests: forget every cached lookup. */
export function clearApiKeyCache(): void {
  cache.clear();
}
