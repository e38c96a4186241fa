import 'server-only';

import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';

import { apiKeys, apiQuotaNotices, apiUsage } from '@db/schema';
import { memberEmailOf } from '@/features/accounts/index.server';
import { todayInJapan } from '@/features/registry';
import { appUrl, serverConfig } from '@/config/server';
import { getDb } from '@/server/db/client';
import { logger } from '@/server/logger';
import { renderMail, sendMailInBackground } from '@/server/mail';

import { monthInJapan, type ApiPlan } from '../rules';
import type { ApiPrincipal } from './keys';
import { currentPlanOf } from './plans';
import { emitWebhookEvent } from './webhooks';

/**
 * Counting the public API's requests (issue 26 §3, docs/decisions/0098) without a database write
 * per request: each instance counts in memory and adds its counts to `api_usage` every
 * API_USAGE_FLUSH_SECONDS (one upsert per key and day), then reads back the month's total of the
 * owners it counted for. A request is refused when the owner's total as last read plus what this
 * instance counted since reaches the quota — exact to within one flush interval across instances.
 * The 80 % and 100 % mails are sent by whichever instance's flush first sees the total cross the
 * line (a row in `api_quota_notices` makes it once a month).
 *
 * The quota and the rate come from the owner's current plan (issue 27 §1, plans.ts), read with the
 * month's total and again at each flush: a plan changed on another instance applies here within one
 * flush interval; a change on this instance calls `forget` and applies at the next request.
 */

interface Pending {
  keyId: string;
  userId: string;
  day: string;
  requests: number;
}

interface OwnerMonth {
  month: string;
  /** the month's total in the database at the last read */
  stored: number;
  /** counted here since that read (not yet flushed, or flushed after the read) */
  local: number;
  /** the owner's plan at the last read */
  plan: ApiPlan;
}

class Meter {
  private pending = new Map<string, Pending>();
  private owners = new Map<string, OwnerMonth>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;

  /** This month's requests of the owner as this instance knows them (reads the database on first sight). */
  async used(userId: string, now = new Date()): Promise<number> {
    return (await this.owner(userId, now)).used;
  }

  /** This month's requests and the current plan of the owner (read from the database on first sight and at each flush). */
  async owner(userId: string, now = new Date()): Promise<{ used: number; plan: ApiPlan }> {
    const month = monthInJapan(now);
    let owner = this.owners.get(userId);
    if (!owner || owner.month !== month) {
      const [stored, plan] = await Promise.all([monthTotal(userId, month), currentPlanOf(userId, now)]);
      owner = { month, stored, local: 0, plan };
      this.owners.set(userId, owner);
    }
    return { used: owner.stored + owner.local, plan: owner.plan };
  }

  /** The owner's plan changed here (a subscription): the next request reads it again. */
  forget(userId: string): void {
    this.owners.delete(userId);
  }

  /** Counts one request (call after `used` for the same owner). */
  count(principal: ApiPrincipal, now = new Date()): void {
    const day = todayInJapan(now);
    const id = `${principal.keyId}|${day}`;
    const p = this.pending.get(id);
    if (p) p.requests += 1;
    else this.pending.set(id, { keyId: principal.keyId, userId: principal.userId, day, requests: 1 });
    const owner = this.owners.get(principal.userId);
    if (owner) owner.local += 1;
    this.start();
  }

  private start(): void {
    if (this.timer) return;
    this.timer = setInterval(
      () => void this.flush().catch((error: unknown) => logger.error({ err: error }, 'api usage flush failed')),
      serverConfig().api.usageFlushMs,
    );
    this.timer.unref();
  }

  /** Writes the counts so far; on failure they stay to be written next time (none is lost). */
  async flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    this.flushing = this.write().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    const db = await getDb();
    try {
      await db.transaction(async (tx) => {
        await tx
          .insert(apiUsage)
          .values(batch)
          .onConflictDoUpdate({ target: [apiUsage.keyId, apiUsage.day], set: { requests: sql`${apiUsage.requests} + excluded.requests` } });
        await tx
          .update(apiKeys)
          .set({ lastUsedAt: new Date() })
          .where(inArray(apiKeys.id, [...new Set(batch.map((b) => b.keyId))]));
      });
    } catch (error) {
      // Put the counts back: they are written with the next flush.
      for (const b of batch) {
        const id = `${b.keyId}|${b.day}`;
        const p = this.pending.get(id);
        if (p) p.requests += b.requests;
        else this.pending.set(id, b);
      }
      throw error;
    }
    const flushedPerOwner = new Map<string, number>();
    for (const b of batch) flushedPerOwner.set(b.userId, (flushedPerOwner.get(b.userId) ?? 0) + b.requests);
    for (const [userId, flushed] of flushedPerOwner) {
      const owner = this.owners.get(userId);
      if (!owner) continue;
      owner.stored = await monthTotal(userId, owner.month);
      owner.plan = await currentPlanOf(userId);
      owner.local = Math.max(0, owner.local - flushed);
      await noticeQuota(userId, owner.month, owner.stored, owner.plan.monthlyQuota);
    }
  }

  /** Tests and shutdown: write everything and stop the timer. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  /** Tests: forget what was read (the next request reads the database again). */
  reset(): void {
    this.pending.clear();
    this.owners.clear();
  }
}

async function monthTotal(userId: string, month: string): Promise<number> {
  const db = await getDb();
  const [first, next] = monthBounds(month);
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${apiUsage.requests}), 0)::int` })
    .from(apiUsage)
    .where(and(eq(apiUsage.userId, userId), gte(apiUsage.day, first), lt(apiUsage.day, next)));
  return row?.n ?? 0;
}

function monthBounds(month: string): [string, string] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return [`${month}-01`, `${next}-01`];
}

/** The 80 % and 100 % mails: once a month each, by the flush that sees the total reach the line. */
async function noticeQuota(userId: string, month: string, total: number, quota: number): Promise<void> {
  for (const level of [80, 100] as const) {
    if (total < Math.ceil((quota * level) / 100)) continue;
    const db = await getDb();
    const inserted = await db
      .insert(apiQuotaNotices)
      .values({ userId, month, level })
      .onConflictDoNothing()
      .returning({ level: apiQuotaNotices.level });
    if (inserted.length === 0) continue;
    await emitQuotaEvent(userId, month, level, total, quota);
    const email = await memberEmailOf(userId);
    if (!email) continue;
    logger.info({ event: 'api.quota_notice', userId, month, level }, 'API quota notice');
    void sendMailInBackground(email, quotaMail(level, month, total, quota));
  }
}

/** The same notice as a webhook event (quota.warning / quota.exceeded) to the owner's endpoints that want it. */
async function emitQuotaEvent(userId: string, month: string, level: 80 | 100, total: number, quota: number): Promise<void> {
  try {
    await emitWebhookEvent(
      userId,
      level === 100 ? 'quota.exceeded' : 'quota.warning',
      { month, level, requests: total, quota },
      `quota:${month}:${level}`,
    );
  } catch (error) {
    logger.error({ event: 'api.quota_webhook_failed', err: error }, 'quota webhook event not recorded');
  }
}

function quotaMail(level: 80 | 100, month: string, total: number, quota: number) {
  const [y, m] = month.split('-');
  const period = `${y}年${Number(m)}月`;
  return renderMail({
    kind: `api_quota_${level}`,
    subject: level === 100 ? `API の今月の利用上限に達しました（${period}）` : `API の今月の利用が上限の80%を超えました（${period}）`,
    lead: [
      level === 100
        ? `${period}の API リクエスト数が上限（${quota.toLocaleString('ja-JP')}件）に達したため、来月1日（日本時間）まで API はエラー（429）を返します。`
        : `${period}の API リクエスト数が ${total.toLocaleString('ja-JP')}件になり、上限（${quota.toLocaleString('ja-JP')}件）の80%を超えました。`,
      '上限は毎月1日（日本時間）にリセットされます。利用状況はマイページの「API キー」でご確認いただけます。',
    ],
    action: { label: 'API キーと利用状況を見る', url: appUrl('/my-page/api').toString() },
  });
}

const meterKey = Symbol.for('hojin.api.meter');
type WithMeter = typeof globalThis & { [meterKey]?: Meter };

/** The process's meter (on globalThis: the lean /v1 path and Next's route handlers may hold separate copies of this module). */
export function apiMeter(): Meter {
  return ((globalThis as WithMeter)[meterKey] ??= new Meter());
}

export type { Meter };
