import 'server-only';

import { randomUUID } from 'node:crypto';

import { and, count, desc, eq, gt, isNull, lte, or } from 'drizzle-orm';

import { notices, storedFiles } from '@db/schema';
import { getDb, type Db } from '@/server/db/client';
import { getFileStorage } from '@/server/storage';

export interface CurrentNotice {
  id: string;
  title: string;
  body: string;
  maintenanceStart: string | null;
  maintenanceEnd: string | null;
  /** /api/s3/download/{id} for the attached PDF, when there is one */
  fileUrl: string | null;
  fileName: string | null;
}

/**
 * The notice to show now: the most recently started one whose period includes `now` and whose
 * maintenance, if it has one, is not over — 「サービスを一時停止します」 read after the stop has
 * ended would tell the visitor of a stop that no longer happens (docs/decisions/0050).
 */
export async function getCurrentNotice(now = new Date()): Promise<CurrentNotice | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: notices.id,
      title: notices.title,
      body: notices.body,
      maintenanceStart: notices.maintenanceStart,
      maintenanceEnd: notices.maintenanceEnd,
      fileId: notices.fileId,
      fileName: storedFiles.fileName,
    })
    .from(notices)
    .leftJoin(storedFiles, eq(storedFiles.id, notices.fileId))
    .where(
      and(
        lte(notices.publishFrom, now),
        or(isNull(notices.publishUntil), gt(notices.publishUntil, now)),
        or(isNull(notices.maintenanceEnd), gt(notices.maintenanceEnd, now)),
      ),
    )
    .orderBy(desc(notices.publishFrom))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    maintenanceStart: row.maintenanceStart?.toISOString() ?? null,
    maintenanceEnd: row.maintenanceEnd?.toISOString() ?? null,
    fileUrl: row.fileId ? `/api/s3/download/${row.fileId}` : null,
    fileName: row.fileName ?? null,
  };
}

export type PublishNoticeInput = Pick<
  NoticeRecord,
  'title' | 'body' | 'publishFrom' | 'publishUntil' | 'maintenanceStart' | 'maintenanceEnd'
> & {
  file?: { name: string; bytes: Uint8Array; contentType: string };
};

/**
 * Stores the PDF (if any) first, then the rows in one transaction; if the transaction fails the
 * stored bytes are removed again, so no notice points at a missing file and no file is orphaned.
 */
export async function publishNotice(
  input: PublishNoticeInput,
  /** runs inside the same transaction (the back office writes its audit row here) */
  inTransaction?: (tx: Db, created: NoticeRecord) => Promise<void>,
): Promise<{ id: string; fileId: string | null }> {
  const db = await getDb();
  const storage = getFileStorage();
  let storageKey: string | null = null;
  if (input.file) {
    storageKey = `notices/${randomUUID()}.pdf`;
    await storage.put(storageKey, input.file.bytes, input.file.contentType);
  }
  try {
    return await db.transaction(async (tx) => {
      let fileId: string | null = null;
      if (input.file && storageKey) {
        const [file] = await tx
          .insert(storedFiles)
          .values({ storageKey, fileName: input.file.name, contentType: input.file.contentType, sizeBytes: input.file.bytes.byteLength })
          .returning({ id: storedFiles.id });
        fileId = file?.id ?? null;
      }
      const [notice] = await tx
        .insert(notices)
        .values({
          title: input.title,
          body: input.body,
          publishFrom: input.publishFrom,
          publishUntil: input.publishUntil,
          maintenanceStart: input.maintenanceStart,
          maintenanceEnd: input.maintenanceEnd,
          fileId,
        })
        .returning();
      if (!notice) throw new Error('notice insert returned no row');
      await inTransaction?.(tx, toRecord(notice, input.file?.name ?? null));
      return { id: notice.id, fileId };
    });
  } catch (error) {
    if (storageKey) await storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
}

/** A stored file's metadata and bytes, or null. */
export async function openStoredFile(id: string) {
  const db = await getDb();
  const [file] = await db.select().from(storedFiles).where(eq(storedFiles.id, id));
  if (!file) return null;
  const object = await getFileStorage().get(file.storageKey);
  if (!object) return null;
  return { file, object };
}

/** A notice as the back office manages it (dates as Date; state derived from the publishing period). */
export interface NoticeRecord {
  id: string;
  title: string;
  body: string;
  publishFrom: Date;
  publishUntil: Date | null;
  maintenanceStart: Date | null;
  maintenanceEnd: Date | null;
  fileId: string | null;
  fileName: string | null;
  createdAt: Date;
}

export type NoticeState = 'scheduled' | 'live' | 'ended';

/**
 * The one rule for a notice's state, the same as getCurrentNotice()'s WHERE clause: a notice whose
 * maintenance is over has ended even if its publishing period runs on.
 */
export function noticeState(n: Pick<NoticeRecord, 'publishFrom' | 'publishUntil' | 'maintenanceEnd'>, now = new Date()): NoticeState {
  if (n.publishUntil && n.publishUntil <= now) return 'ended';
  if (n.maintenanceEnd && n.maintenanceEnd <= now) return 'ended';
  return n.publishFrom <= now ? 'live' : 'scheduled';
}

function toRecord(row: typeof notices.$inferSelect, fileName: string | null): NoticeRecord {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    publishFrom: row.publishFrom,
    publishUntil: row.publishUntil,
    maintenanceStart: row.maintenanceStart,
    maintenanceEnd: row.maintenanceEnd,
    fileId: row.fileId,
    fileName,
    createdAt: row.createdAt,
  };
}

const noticeColumns = {
  id: notices.id,
  title: notices.title,
  body: notices.body,
  publishFrom: notices.publishFrom,
  publishUntil: notices.publishUntil,
  maintenanceStart: notices.maintenanceStart,
  maintenanceEnd: notices.maintenanceEnd,
  fileId: notices.fileId,
  fileName: storedFiles.fileName,
  createdAt: notices.createdAt,
};

/** Every notice, newest publishing start first (the back office's list; a few hundred at most). */
export async function listNotices(page: { limit: number; offset: number }): Promise<{ items: NoticeRecord[]; total: number }> {
  const db = await getDb();
  const [items, [total]] = await Promise.all([
    db
      .select(noticeColumns)
      .from(notices)
      .leftJoin(storedFiles, eq(storedFiles.id, notices.fileId))
      .orderBy(desc(notices.publishFrom), desc(notices.createdAt))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(notices),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function getNotice(id: string, db?: Db): Promise<NoticeRecord | null> {
  const conn = db ?? (await getDb());
  const [row] = await conn
    .select(noticeColumns)
    .from(notices)
    .leftJoin(storedFiles, eq(storedFiles.id, notices.fileId))
    .where(eq(notices.id, id));
  return row ?? null;
}

export interface NoticeSchedule {
  publishFrom: Date;
  publishUntil: Date | null;
  maintenanceStart: Date | null;
  maintenanceEnd: Date | null;
}

/**
 * Changes a notice's periods in one transaction with a row lock; `inTransaction` gets the
 * before and after (the back office's audit row). Null when the notice does not exist.
 */
export async function rescheduleNotice(
  id: string,
  schedule: NoticeSchedule,
  inTransaction?: (tx: Db, before: NoticeRecord, after: NoticeRecord) => Promise<void>,
): Promise<NoticeRecord | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const before = await lockNotice(tx, id);
    if (!before) return null;
    await tx.update(notices).set(schedule).where(eq(notices.id, id));
    const after = { ...before, ...schedule };
    await inTransaction?.(tx, before, after);
    return after;
  });
}

/**
 * Ends a notice now: its publishing period closes at `now` (the banner and /api/maintenance/now
 * stop showing it at once). A notice that has not started yet ends too, so it never shows.
 * Returns `{ changed: false }` for a notice that had already ended.
 */
export async function endNoticeNow(
  id: string,
  now: Date,
  inTransaction?: (tx: Db, before: NoticeRecord, after: NoticeRecord) => Promise<void>,
): Promise<{ notice: NoticeRecord; changed: boolean } | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const before = await lockNotice(tx, id);
    if (!before) return null;
    if (noticeState(before, now) === 'ended') return { notice: before, changed: false };
    const publishFrom = before.publishFrom > now ? now : before.publishFrom;
    await tx.update(notices).set({ publishFrom, publishUntil: now }).where(eq(notices.id, id));
    const after = { ...before, publishFrom, publishUntil: now };
    await inTransaction?.(tx, before, after);
    return { notice: after, changed: true };
  });
}

/**
 * Attaches (or replaces) a notice's PDF. The bytes are stored first; the row changes in one
 * transaction; if that fails the new bytes are removed again. A replaced file's bytes are removed
 * after the commit (its stored_files row goes with it).
 */
export async function attachNoticeFile(
  id: string,
  file: { name: string; bytes: Uint8Array; contentType: string },
  inTransaction?: (tx: Db, before: NoticeRecord, after: NoticeRecord) => Promise<void>,
): Promise<NoticeRecord | null> {
  const db = await getDb();
  const storage = getFileStorage();
  const storageKey = `notices/${randomUUID()}.pdf`;
  await storage.put(storageKey, file.bytes, file.contentType);
  let replacedKey: string | null = null;
  try {
    const result = await db.transaction(async (tx) => {
      const before = await lockNotice(tx, id);
      if (!before) return null;
      const [stored] = await tx
        .insert(storedFiles)
        .values({ storageKey, fileName: file.name, contentType: file.contentType, sizeBytes: file.bytes.byteLength })
        .returning({ id: storedFiles.id });
      if (!stored) throw new Error('stored_files insert returned no row');
      await tx.update(notices).set({ fileId: stored.id }).where(eq(notices.id, id));
      if (before.fileId) {
        const [old] = await tx.delete(storedFiles).where(eq(storedFiles.id, before.fileId)).returning({ key: storedFiles.storageKey });
        replacedKey = old?.key ?? null;
      }
      const after = { ...before, fileId: stored.id, fileName: file.name };
      await inTransaction?.(tx, before, after);
      return after;
    });
    if (!result) await storage.delete(storageKey).catch(() => undefined);
    if (replacedKey) await storage.delete(replacedKey).catch(() => undefined);
    return result;
  } catch (error) {
    await storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
}

async function lockNotice(tx: Db, id: string): Promise<NoticeRecord | null> {
  const [row] = await tx.select().from(notices).where(eq(notices.id, id)).for('update');
  if (!row) return null;
  const [file] = row.fileId ? await tx.select({ name: storedFiles.fileName }).from(storedFiles).where(eq(storedFiles.id, row.fileId)) : [];
  return toRecord(row, file?.name ?? null);
}
