import 'server-only';

import {
  attachNoticeFile,
  endNoticeNow,
  getNotice,
  listNotices,
  noticeState,
  publishNotice,
  rescheduleNotice,
  type NoticeRecord,
} from '@/features/site/index.server';
import type { Db } from '@/server/db/client';
import { AppError } from '@/server/http/app-error';

import type { AuditAction, NoticeCreateBody, NoticeScheduleBody } from '../schemas';

import { recordStaffAction, type Actor } from './audit';

/**
 * Maintenance notices from the back office (manager only; the route checks the role). The site
 * feature owns the notices table; this module adds the audit row to each change, written inside
 * the site feature's transaction through its hook.
 */
export type { Actor } from './audit';

const NOT_FOUND = 'お知らせが見つかりません。';

/** What the audit row keeps of a notice (the body can be long; its length is enough to see a change). */
function auditView(n: NoticeRecord) {
  return {
    title: n.title,
    bodyLength: n.body.length,
    publishFrom: n.publishFrom,
    publishUntil: n.publishUntil,
    maintenanceStart: n.maintenanceStart,
    maintenanceEnd: n.maintenanceEnd,
    fileName: n.fileName,
  };
}

/** The hook that writes a change's audit row (the notice before and after) in the site feature's transaction. */
function auditChange(actor: Actor, action: AuditAction, id: string) {
  return (tx: Db, before: NoticeRecord, after: NoticeRecord) =>
    recordStaffAction(actor, action, ['notice', id], { before: auditView(before), after: auditView(after) }, tx);
}

export function noticeView(n: NoticeRecord, now = new Date()) {
  return {
    id: n.id,
    title: n.title,
    body: n.body,
    publishFrom: n.publishFrom.toISOString(),
    publishUntil: n.publishUntil?.toISOString() ?? null,
    maintenanceStart: n.maintenanceStart?.toISOString() ?? null,
    maintenanceEnd: n.maintenanceEnd?.toISOString() ?? null,
    fileUrl: n.fileId ? `/api/s3/download/${n.fileId}` : null,
    fileName: n.fileName,
    state: noticeState(n, now),
  };
}
export type NoticeView = ReturnType<typeof noticeView>;

export async function listNoticesForAdmin(page: number, pageSize = 20) {
  const { items, total } = await listNotices({ limit: pageSize, offset: (page - 1) * pageSize });
  const now = new Date();
  return { items: items.map((n) => noticeView(n, now)), total, page, pageSize };
}

export async function getNoticeForAdmin(id: string): Promise<NoticeView> {
  const notice = await getNotice(id);
  if (!notice) throw new AppError('not_found', { message: NOT_FOUND });
  return noticeView(notice);
}

export async function createNoticeAsStaff(actor: Actor, input: NoticeCreateBody, now = new Date()): Promise<NoticeView> {
  const { id } = await publishNotice(
    {
      title: input.title,
      body: input.body,
      publishFrom: input.publishFrom ?? now,
      publishUntil: input.publishUntil ?? null,
      maintenanceStart: input.maintenanceStart ?? null,
      maintenanceEnd: input.maintenanceEnd ?? null,
    },
    (tx, created) => recordStaffAction(actor, 'notice.create', ['notice', created.id], { after: auditView(created) }, tx),
  );
  return getNoticeForAdmin(id);
}

export async function rescheduleNoticeAsStaff(actor: Actor, id: string, input: NoticeScheduleBody): Promise<NoticeView> {
  if (!input.publishFrom) throw new AppError('validation_failed', { fields: { publishFrom: '掲載開始を入力してください。' } });
  const result = await rescheduleNotice(
    id,
    {
      publishFrom: input.publishFrom,
      publishUntil: input.publishUntil,
      maintenanceStart: input.maintenanceStart,
      maintenanceEnd: input.maintenanceEnd,
    },
    auditChange(actor, 'notice.schedule', id),
  );
  if (!result) throw new AppError('not_found', { message: NOT_FOUND });
  return noticeView(result);
}

/** Ends a notice now; ending one that has already ended changes nothing and writes no row. */
export async function endNoticeAsStaff(actor: Actor, id: string, now = new Date()): Promise<NoticeView> {
  const result = await endNoticeNow(id, now, auditChange(actor, 'notice.end', id));
  if (!result) throw new AppError('not_found', { message: NOT_FOUND });
  if (!result.changed) throw new AppError('conflict', { message: 'このお知らせは既に掲載を終了しています。' });
  return noticeView(result.notice, now);
}

/** "%PDF-" at the very start: the file type is checked from its bytes, not from what the browser says. */
export function isPdf(bytes: Uint8Array): boolean {
  return bytes.byteLength >= 5 && Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
}

export async function attachNoticePdfAsStaff(actor: Actor, id: string, file: { name: string; bytes: Uint8Array }): Promise<NoticeView> {
  if (!isPdf(file.bytes)) {
    throw new AppError('validation_failed', {
      message: 'PDF ファイルではありません。PDF を選んでください。',
      fields: { file: 'PDF ファイルを選んでください。' },
    });
  }
  const result = await attachNoticeFile(id, { name: file.name, bytes: file.bytes, contentType: 'application/pdf' }, (tx, before, after) =>
    recordStaffAction(
      actor,
      'notice.attach_file',
      ['notice', id],
      { before: { fileName: before.fileName }, after: { fileName: after.fileName, sizeBytes: file.bytes.byteLength } },
      tx,
    ),
  );
  if (!result) throw new AppError('not_found', { message: NOT_FOUND });
  return noticeView(result);
}
