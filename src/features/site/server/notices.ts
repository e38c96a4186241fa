import 'server-only';

import { randomUUID } from 'node:crypto';

import { and, desc, eq, gt, isNull, lte, or } from 'drizzle-orm';

import { notices, storedFiles } from '@db/schema';
import { getDb } from '@/server/db/client';
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

/** The notice to show now: the most recently started one whose period includes `now`. */
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
    .where(and(lte(notices.publishFrom, now), or(isNull(notices.publishUntil), gt(notices.publishUntil, now))))
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

export interface PublishNoticeInput {
  title: string;
  body: string;
  publishFrom: Date;
  publishUntil: Date | null;
  maintenanceStart: Date | null;
  maintenanceEnd: Date | null;
  file?: { name: string; bytes: Uint8Array; contentType: string };
}

/**
 * Stores the PDF (if any) first, then the rows in one transaction; if the transaction fails the
 * stored bytes are removed again, so no notice points at a missing file and no file is orphaned.
 */
export async function publishNotice(input: PublishNoticeInput): Promise<{ id: string; fileId: string | null }> {
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
        .returning({ id: notices.id });
      if (!notice) throw new Error('notice insert returned no row');
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
