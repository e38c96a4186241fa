import 'server-only';

import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { RateLimiterRes, type RateLimiterStoreAbstract as StoreAbstractType } from 'rate-limiter-flexible';
import RateLimiterStoreAbstract from 'rate-limiter-flexible/lib/RateLimiterStoreAbstract';

import { rateLimits } from '@db/schema';
import { getDb, type Db } from '@/server/db/client';

/**
 * A rate-limiter-flexible store in the application database (security.md "Abuse"): the
 * `rate_limits` table, one row per limiter key, `expire` in epoch milliseconds. It runs the same
 * SQL on PGlite and on PostgreSQL, so limits survive restarts and are shared by every app
 * process that uses the same database.
 *
 * The library's own RateLimiterDrizzle expects a timestamp column and imports drizzle-orm
 * dynamically at run time; RateLimiterPostgres wants a raw `pg` pool and creates its own table.
 * This subclass implements the four store primitives over Drizzle instead. The consume is one
 * atomic `INSERT … ON CONFLICT DO UPDATE … RETURNING` (the same statement RateLimiterPostgres
 * uses), so two concurrent requests can never both see the last free point.
 */
export interface DbRateLimiterOptions {
  keyPrefix: string;
  /** allowed points per duration */
  points: number;
  /** seconds; 0 = never reset */
  duration: number;
  /** seconds to block once the points are used up (0: until the duration ends) */
  blockDuration?: number;
  /** the database; tests may pass their own */
  db?: () => Promise<Db>;
}

interface StoreRow {
  points: number;
  expire: number | null;
}

/** Expired rows are removed at most this often per limiter (the table would otherwise only grow). */
const CLEANUP_INTERVAL_MS = 10 * 60_000;

const Base = RateLimiterStoreAbstract as unknown as new (opts: Record<string, unknown>) => StoreAbstractType;

export class DbRateLimiter extends Base {
  private readonly database: () => Promise<Db>;
  private lastCleanup = 0;

  constructor(options: DbRateLimiterOptions) {
    const database = options.db ?? getDb;
    super({
      keyPrefix: options.keyPrefix,
      points: options.points,
      duration: options.duration,
      blockDuration: options.blockDuration ?? 0,
      // the library insists on a client object; ours is the database accessor
      storeClient: database,
    });
    this.database = database;
  }

  // ---- the store primitives RateLimiterStoreAbstract calls ----

  _getRateLimiterRes(_rlKey: string, changedPoints: number, row: StoreRow): RateLimiterRes {
    const consumed = Number(row.points);
    const expire = row.expire === null ? null : Number(row.expire);
    return new RateLimiterRes(
      Math.max(this.points - consumed, 0),
      expire === null ? -1 : Math.max(expire - Date.now(), 0),
      consumed,
      consumed === changedPoints,
    );
  }

  async _upsert(key: string, points: number, msDuration: number, forceExpire = false): Promise<StoreRow> {
    const db = await this.database();
    const now = Date.now();
    const newExpire = msDuration > 0 ? now + msDuration : null;
    // A row whose window has passed starts over; a forced write (block, set) always does.
    const restart = forceExpire ? sql`TRUE` : sql`(${rateLimits.expire} IS NOT NULL AND ${rateLimits.expire} <= ${now})`;
    const [row] = await db
      .insert(rateLimits)
      .values({ key, points, expire: newExpire })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          points: sql`CASE WHEN ${restart} THEN ${points}::bigint ELSE ${rateLimits.points} + ${points}::bigint END`,
          expire: sql`CASE WHEN ${restart} THEN ${newExpire}::bigint ELSE ${rateLimits.expire} END`,
        },
      })
      .returning({ points: rateLimits.points, expire: rateLimits.expire });
    if (!row) throw new Error('rate limiter upsert returned no row');
    this.cleanupSometimes(db, now);
    return row;
  }

  async _get(key: string): Promise<StoreRow | null> {
    const db = await this.database();
    const [row] = await db
      .select({ points: rateLimits.points, expire: rateLimits.expire })
      .from(rateLimits)
      .where(and(eq(rateLimits.key, key), or(isNull(rateLimits.expire), gt(rateLimits.expire, Date.now()))));
    return row ?? null;
  }

  async _delete(key: string): Promise<boolean> {
    const db = await this.database();
    const rows = await db.delete(rateLimits).where(eq(rateLimits.key, key)).returning({ key: rateLimits.key });
    return rows.length > 0;
  }

  private cleanupSometimes(db: Db, now: number): void {
    if (now - this.lastCleanup < CLEANUP_INTERVAL_MS) return;
    this.lastCleanup = now;
    // Best effort and off the request's path: a failed clean-up only leaves rows for the next one.
    void db
      .delete(rateLimits)
      .where(lt(rateLimits.expire, now - 60_000))
      .catch(() => undefined);
  }
}

/** Thrown by the library when a key is out of points. */
export function isRateLimited(error: unknown): error is RateLimiterRes {
  return error instanceof RateLimiterRes;
}
