import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import * as auditRoute from '@/app/api/admin/audit/route';
import * as noticeRoute from '@/app/api/admin/notices/[id]/route';
import * as endRoute from '@/app/api/admin/notices/[id]/end/route';
import * as fileRoute from '@/app/api/admin/notices/[id]/file/route';
import * as noticesRoute from '@/app/api/admin/notices/route';
import * as staffRoute from '@/app/api/admin/staff/[id]/route';
import * as maintenanceRoute from '@/app/api/maintenance/now/route';
import * as memberCsrfRoute from '@/app/api/session/csrf/route';
import { auditLog } from '@db/schema';
import { getDb } from '@/server/db/client';

import { updateStaff } from '@/features/backoffice/server/staff';

import { createTestStaff } from '../factories/staff';
import { call } from '../support/requests';

import { AdminBrowser } from './backoffice-support';

const PDF = new TextEncoder().encode('%PDF-1.4\n% hojin notice\n');

async function managerBrowser() {
  const manager = await createTestStaff('manager');
  const b = new AdminBrowser();
  await b.login(manager);
  return { manager, b };
}

async function auditActions(staffId: string) {
  const db = await getDb();
  const rows = await db.select().from(auditLog).where(eq(auditLog.staffId, staffId)).orderBy(auditLog.id);
  return rows.map((r) => r.action).filter((a) => !a.startsWith('auth.'));
}

type NoticeJson = {
  id: string;
  state: string;
  title: string;
  fileUrl: string | null;
  fileName: string | null;
  publishUntil: string | null;
};

describe('maintenance notices in the back office', () => {
  it('creates a notice that the site shows at once, ends it, and the site stops showing it — one audit row per action', async () => {
    const { manager, b } = await managerBrowser();
    const created = await b.send(noticesRoute, 'POST', '/api/admin/notices', {
      title: '定期メンテナンスのお知らせ',
      body: '12月4日 1:00〜5:00 はサービスを停止します。',
      maintenanceStart: '2030-12-04T01:00',
      maintenanceEnd: '2030-12-04T05:00',
    });
    expect(created.status).toBe(201);
    const notice = created.json as unknown as NoticeJson;
    expect(notice.state).toBe('live');

    const now = await call(maintenanceRoute, '/api/maintenance/now');
    expect((now.json as { notice: { id: string; maintenanceStart: string } }).notice).toMatchObject({
      id: notice.id,
      maintenanceStart: '2030-12-03T16:00:00.000Z', // typed in Japan time
    });

    const file = await b.send(fileRoute, 'PUT', `/api/admin/notices/${notice.id}/file`, undefined, {
      params: { id: notice.id },
      body: PDF,
      headers: { 'content-type': 'application/pdf', 'x-file-name': encodeURIComponent('メンテナンス詳細.pdf') },
    });
    expect(file.status).toBe(200);
    expect(file.json).toMatchObject({ fileName: 'メンテナンス詳細.pdf' });

    const ended = await b.send(endRoute, 'POST', `/api/admin/notices/${notice.id}/end`, undefined, { params: { id: notice.id } });
    expect(ended.status).toBe(200);
    expect((ended.json as unknown as NoticeJson).state).toBe('ended');
    expect((await call(maintenanceRoute, '/api/maintenance/now')).json).toEqual({ notice: null });

    const again = await b.send(endRoute, 'POST', `/api/admin/notices/${notice.id}/end`, undefined, { params: { id: notice.id } });
    expect(again.status).toBe(409);

    expect(await auditActions(manager.id)).toEqual(['notice.create', 'notice.attach_file', 'notice.end']);
    const db = await getDb();
    const [endRow] = await db.select().from(auditLog).where(eq(auditLog.action, 'notice.end'));
    expect((endRow?.before as { publishUntil: string | null }).publishUntil).toBeNull();
    expect((endRow?.after as { publishUntil: string | null }).publishUntil).toEqual(expect.any(String));
  });

  it('schedules a notice for later and changes its period', async () => {
    const { manager, b } = await managerBrowser();
    const created = await b.send(noticesRoute, 'POST', '/api/admin/notices', {
      title: '予定のお知らせ',
      body: '来月のメンテナンスです。',
      publishFrom: '2031-01-01T09:00',
      publishUntil: '2031-01-10T09:00',
    });
    const notice = created.json as unknown as NoticeJson;
    expect(notice.state).toBe('scheduled');
    const bad = await b.send(
      noticeRoute,
      'PATCH',
      `/api/admin/notices/${notice.id}`,
      { publishFrom: '2031-01-10T09:00', publishUntil: '2031-01-01T09:00', maintenanceStart: '', maintenanceEnd: '' },
      { params: { id: notice.id } },
    );
    expect(bad.status).toBe(422);
    expect(bad.json.error?.fields?.publishUntil).toMatch(/掲載開始より後/);
    const ok = await b.send(
      noticeRoute,
      'PATCH',
      `/api/admin/notices/${notice.id}`,
      { publishFrom: '2031-02-01T09:00', publishUntil: '', maintenanceStart: '', maintenanceEnd: '' },
      { params: { id: notice.id } },
    );
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ publishFrom: '2031-02-01T00:00:00.000Z', publishUntil: null, state: 'scheduled' });
    expect(await auditActions(manager.id)).toEqual(['notice.create', 'notice.schedule']);
  });

  it('checks the attachment: real PDF bytes, at most 10 MB, PDF media type', async () => {
    const { manager, b } = await managerBrowser();
    const notice = (await b.send(noticesRoute, 'POST', '/api/admin/notices', { title: 't', body: 'b' })).json as unknown as NoticeJson;
    const put = (body: Uint8Array, type = 'application/pdf') =>
      b.send(fileRoute, 'PUT', `/api/admin/notices/${notice.id}/file`, undefined, {
        params: { id: notice.id },
        body,
        headers: { 'content-type': type, 'x-file-name': 'a.pdf' },
      });
    const fake = await put(new TextEncoder().encode('<html>not a pdf</html>'));
    expect(fake.status).toBe(422);
    expect(fake.json.error?.message).toMatch(/PDF ファイルではありません/);
    expect((await put(PDF, 'text/html')).status).toBe(415);
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PDF);
    expect((await put(big)).status).toBe(413);
    expect(await auditActions(manager.id)).toEqual(['notice.create']);
  });

  it('refuses a mutation without the admin CSRF token, with a member token, or from another site', async () => {
    const { manager, b } = await managerBrowser();
    const body = { title: 'CSRF', body: 'b' };
    const none = await b.send(noticesRoute, 'POST', '/api/admin/notices', body, { headers: { 'x-csrf-token': '' } });
    expect(none.status).toBe(403);
    expect(none.json.error?.code).toBe('csrf_invalid');
    // a member-page token minted from the same browser's pre-session cookie is not an admin token
    const memberToken = (await b.get(memberCsrfRoute, '/api/session/csrf')).json as { csrf_token: string };
    const member = await b.send(noticesRoute, 'POST', '/api/admin/notices', body, { headers: { 'x-csrf-token': memberToken.csrf_token } });
    expect(member.status).toBe(403);
    const crossSite = await b.send(noticesRoute, 'POST', '/api/admin/notices', body, { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    const noMarker = await b.send(noticesRoute, 'POST', '/api/admin/notices', body, { headers: { 'x-requested-with': '' } });
    expect(noMarker.status).toBe(403);
    expect(await auditActions(manager.id)).toEqual([]);
    expect((await b.send(noticesRoute, 'POST', '/api/admin/notices', body)).status).toBe(201);
  });

  it('lets a staff member (not a manager) manage no notices, read no audit log, change no accounts', async () => {
    const staff = await createTestStaff('staff');
    const b = new AdminBrowser();
    await b.login(staff);
    const list = await b.get(noticesRoute, '/api/admin/notices');
    expect(list.status).toBe(403);
    expect(list.json.error?.message).toMatch(/権限がありません/);
    expect((await b.send(noticesRoute, 'POST', '/api/admin/notices', { title: 't', body: 'b' })).status).toBe(403);
    expect((await b.get(auditRoute, '/api/admin/audit')).status).toBe(403);
    expect(
      (await b.send(staffRoute, 'PATCH', `/api/admin/staff/${staff.id}`, { role: 'manager' }, { params: { id: staff.id } })).status,
    ).toBe(403);
    expect(await auditActions(staff.id)).toEqual([]);
  });

  it('shows the audit log to a manager, newest first, filtered and paged', async () => {
    const { manager, b } = await managerBrowser();
    for (let i = 0; i < 3; i++) await b.send(noticesRoute, 'POST', '/api/admin/notices', { title: `n${i}`, body: 'b' });
    const page = await b.get(auditRoute, `/api/admin/audit?staff=${manager.id}&action=notice.create`);
    expect(page.status).toBe(200);
    const rows = (page.json as { rows: { action: string; actionLabel: string; after: { title: string } }[] }).rows;
    expect(rows.map((r) => r.after.title)).toEqual(['n2', 'n1', 'n0']);
    expect(rows[0]?.actionLabel).toBe('お知らせの作成');
  });

  it('lets a manager disable another account but not their own', async () => {
    const { manager, b } = await managerBrowser();
    const other = await createTestStaff('staff');
    const self = await b.send(staffRoute, 'PATCH', `/api/admin/staff/${manager.id}`, { disabled: true }, { params: { id: manager.id } });
    expect(self.status).toBe(403);
    const res = await b.send(staffRoute, 'PATCH', `/api/admin/staff/${other.id}`, { disabled: true }, { params: { id: other.id } });
    expect(res.status).toBe(200);
    expect(await auditActions(manager.id)).toEqual(['staff.update']);
  });

  it("lets a manager change another account's role (audit-logged before → after), never their own, so a manager always remains", async () => {
    const { manager, b } = await managerBrowser();
    const other = await createTestStaff('staff');
    const up = await b.send(staffRoute, 'PATCH', `/api/admin/staff/${other.id}`, { role: 'manager' }, { params: { id: other.id } });
    expect(up.status).toBe(200);
    expect(up.json).toMatchObject({ id: other.id, role: 'manager' });
    const db = await getDb();
    const rows = await db.select().from(auditLog).where(eq(auditLog.staffId, manager.id)).orderBy(auditLog.id);
    const row = rows.find((r) => r.action === 'staff.update');
    expect(row).toMatchObject({
      action: 'staff.update',
      targetType: 'staff',
      targetId: other.id,
      before: { role: 'staff', disabled: false },
      after: { role: 'manager', disabled: false },
    });
    const own = await b.send(staffRoute, 'PATCH', `/api/admin/staff/${manager.id}`, { role: 'staff' }, { params: { id: manager.id } });
    expect(own.status).toBe(403);
    expect(own.json.error?.message).toBe('自分自身のアカウントは変更できません。');
    const bad = await b.send(staffRoute, 'PATCH', `/api/admin/staff/${other.id}`, { role: 'owner' }, { params: { id: other.id } });
    expect(bad.status).toBe(422);
  });

  it('refuses a change by an actor who is no longer an enabled manager when the change is made, so two managers demoting each other at once leave one', async () => {
    const a = await createTestStaff('manager');
    const c = await createTestStaff('manager');
    const demoted = await createTestStaff('staff');
    const target = await createTestStaff('staff');
    // The route checked the role when the request came in; the change itself checks it again under a lock.
    await expect(updateStaff({ id: demoted.id, ip: '127.0.0.1' }, target.id, { role: 'manager' })).rejects.toMatchObject({
      code: 'forbidden',
    });
    const results = await Promise.allSettled([
      updateStaff({ id: a.id, ip: '127.0.0.1' }, c.id, { role: 'staff' }),
      updateStaff({ id: c.id, ip: '127.0.0.1' }, a.id, { role: 'staff' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(['forbidden']);
    const db = await getDb();
    const { staffUsers } = await import('@db/schema');
    const roles = await db.select({ id: staffUsers.id, role: staffUsers.role }).from(staffUsers);
    expect(roles.filter((r) => (r.id === a.id || r.id === c.id) && r.role === 'manager')).toHaveLength(1);
  });
});
