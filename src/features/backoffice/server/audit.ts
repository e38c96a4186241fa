import 'server-only';

import { and, desc, eq, lt, type SQL } from 'drizzle-orm';

import { auditLog, staffUsers } from '@db/schema';
import { getDb, type Db } from '@/server/db/client';

import { AUDIT_PAGE_SIZE, type AuditAction, type AuditQuery } from '../schemas';

/**
 * The append-only audit log (security.md "Staff"): every staff action and every login attempt
 * writes exactly one row — inside the action's own transaction where there is one, so an action
 * is never recorded without happening or done without being recorded. Nothing here updates or
 * deletes a row.
 */
export interface AuditEntry {
  staffId: string | null;
  action: AuditAction;
  targetType?: string | null;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
  ip: string | null;
  at?: Date;
}

/** Who did a staff action: the staff member and the request's IP address. */
export interface Actor {
  id: string;
  ip: string;
}

/**
 * The audit row of one staff action by `actor` on `target` (`[type, id]`, or null when it has
 * none), keeping what `change` says of it (before → after); `db`: the action's own transaction.
 */
export function recordStaffAction(
  actor: Actor,
  action: AuditAction,
  target: readonly [type: string, id: string] | null,
  change: { before?: unknown; after?: unknown },
  db?: Db,
): Promise<void> {
  return recordAudit(
    { staffId: actor.id, action, targetType: target?.[0] ?? null, targetId: target?.[1] ?? null, ...change, ip: actor.ip },
    db,
  );
}

export async function recordAudit(entry: AuditEntry, db?: Db): Promise<void> {
  const conn = db ?? (await getDb());
  await conn.insert(auditLog).values({
    staffId: entry.staffId,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    before: toJson(entry.before),
    after: toJson(entry.after),
    ip: entry.ip,
    ...(entry.at ? { at: entry.at } : {}),
  });
}

/** Dates become ISO strings; undefined becomes null (jsonb has no undefined). */
function toJson(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return JSON.parse(JSON.stringify(value)) as unknown;
}

export interface AuditRow {
  id: number;
  at: Date;
  staffId: string | null;
  staffName: string | null;
  staffEmail: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
}

/**
 * One page of the log, newest first, keyset-paged on id (ids grow with time). `nextBefore` is
 * the cursor of the following page, or null on the last page.
 */
export async function listAudit(query: AuditQuery, pageSize = AUDIT_PAGE_SIZE): Promise<{ rows: AuditRow[]; nextBefore: number | null }> {
  const db = await getDb();
  const where: SQL[] = [];
  if (query.action) where.push(eq(auditLog.action, query.action));
  if (query.staff) where.push(eq(auditLog.staffId, query.staff));
  if (query.target) where.push(eq(auditLog.targetId, query.target));
  if (query.before) where.push(lt(auditLog.id, query.before));
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      staffId: auditLog.staffId,
      staffName: staffUsers.displayName,
      staffEmail: staffUsers.email,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      before: auditLog.before,
      after: auditLog.after,
      ip: auditLog.ip,
    })
    .from(auditLog)
    .leftJoin(staffUsers, eq(staffUsers.id, auditLog.staffId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(pageSize + 1);
  const more = rows.length > pageSize;
  const page = more ? rows.slice(0, pageSize) : rows;
  return { rows: page, nextBefore: more ? (page[page.length - 1]?.id ?? null) : null };
}
