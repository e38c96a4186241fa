import fs from 'node:fs';
import path from 'node:path';

import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import * as meRoute from '@/app/api/admin/me/route';
import * as enrolmentRoute from '@/app/api/admin/login/enrolment/route';
import * as logoutRoute from '@/app/api/admin/logout/route';
import * as csrfRoute from '@/app/api/session/csrf/route';
import { auditLog, staffSessions, staffUsers } from '@db/schema';
import { updateStaff } from '@/features/backoffice/server/staff';
import { totpCodeAt } from '@/features/backoffice/server/totp';
import { createSession } from '@/server/auth/session';
import { getDb } from '@/server/db/client';
import { defineRoute, method, staffMethod } from '@/server/http/route';

import { createTestStaff } from '../factories/staff';
import { createUser } from '../factories/users';
import { call, cookiesFrom } from '../support/requests';

import { AdminBrowser } from './backoffice-support';

async function auditRows(staffId: string) {
  const db = await getDb();
  return db.select().from(auditLog).where(eq(auditLog.staffId, staffId));
}

describe('staff login: password, then TOTP', () => {
  it('logs in with the password and the current code; the first code confirms the enrolment', async () => {
    const staff = await createTestStaff('manager');
    const b = new AdminBrowser();
    const first = await b.passwordStep(staff.email, staff.password);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ next: 'enrol' });
    // the pending session opens the enrolment QR but not the back office
    const enrol = await b.get(enrolmentRoute, '/api/admin/login/enrolment');
    expect(enrol.status).toBe(200);
    expect((enrol.json as { qrDataUrl: string }).qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect((await b.get(meRoute, '/api/admin/me')).status).toBe(401);

    const pendingCookie = b.jar.get('hojin_admin');
    const second = await b.totpStep(totpCodeAt(staff.totpSecret, new Date()));
    expect(second.status).toBe(200);
    expect(b.jar.get('hojin_admin')).not.toBe(pendingCookie); // a new token after the second factor
    const me = await b.get(meRoute, '/api/admin/me');
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ email: staff.email, role: 'manager' });
    expect(me.headers.get('cache-control')).toBe('no-store');

    const rows = await auditRows(staff.id);
    expect(rows.map((r) => r.action)).toEqual(['auth.login.succeeded']);
    expect(rows[0]?.after).toEqual({ enrolled: true });
    // once confirmed, the QR is not shown again
    const again = new AdminBrowser();
    expect((await again.passwordStep(staff.email, staff.password)).json).toMatchObject({ next: 'totp' });
    expect((await again.get(enrolmentRoute, '/api/admin/login/enrolment')).status).toBe(404);
  });

  it('refuses a code that was already used, even from another browser', async () => {
    const staff = await createTestStaff('staff');
    const now = new Date();
    await new AdminBrowser().login(staff, now);
    const b = new AdminBrowser();
    await b.passwordStep(staff.email, staff.password);
    const replay = await b.totpStep(totpCodeAt(staff.totpSecret, now));
    expect(replay.status).toBe(401);
    expect(replay.json.error?.code).toBe('invalid_code');
    expect(replay.json.error?.message).toMatch(/確認コードが正しくありません/);
    expect((await b.get(meRoute, '/api/admin/me')).status).toBe(401);
    expect((await auditRows(staff.id)).map((r) => r.action).sort()).toEqual(['auth.login.succeeded', 'auth.login.totp_failed']);
  });

  it('refuses a wrong code and writes one failure row', async () => {
    const staff = await createTestStaff('staff');
    const b = new AdminBrowser();
    await b.passwordStep(staff.email, staff.password);
    // the code of ten minutes ago is outside the ±1 step window
    const res = await b.totpStep(totpCodeAt(staff.totpSecret, new Date(Date.now() - 600_000)));
    expect(res.status).toBe(401);
    expect((await auditRows(staff.id)).map((r) => r.action)).toEqual(['auth.login.totp_failed']);
  });

  it('answers a wrong password, an unknown e-mail and a disabled account alike, one audit row each', async () => {
    const staff = await createTestStaff('staff');
    const manager = await createTestStaff('manager');
    const wrong = await new AdminBrowser().passwordStep(staff.email, 'not the password at all');
    const unknown = await new AdminBrowser().passwordStep('nobody-here@example.jp', staff.password);
    await updateStaff({ id: manager.id, ip: 'test' }, staff.id, { disabled: true });
    const disabled = await new AdminBrowser().passwordStep(staff.email, staff.password);
    for (const res of [wrong, unknown, disabled]) {
      expect(res.status).toBe(401);
      expect(res.json.error?.message).toBe('メールアドレスまたはパスワードが正しくありません。');
      expect(res.headers.getSetCookie().some((c) => c.startsWith('hojin_admin='))).toBe(false);
    }
    const rows = await auditRows(staff.id);
    expect(rows.filter((r) => r.action === 'auth.login.password_failed').map((r) => (r.after as { reason: string }).reason)).toEqual([
      'wrong_password',
      'disabled',
    ]);
    const db = await getDb();
    const [unknownRow] = await db.select().from(auditLog).where(eq(auditLog.action, 'auth.login.password_failed'));
    expect(unknownRow).toBeDefined();
  });

  it('ends the sessions of an account that is disabled', async () => {
    const staff = await createTestStaff('staff');
    const manager = await createTestStaff('manager');
    const b = new AdminBrowser();
    await b.login(staff);
    expect((await b.get(meRoute, '/api/admin/me')).status).toBe(200);
    await updateStaff({ id: manager.id, ip: 'test' }, staff.id, { disabled: true });
    expect((await b.get(meRoute, '/api/admin/me')).status).toBe(401);
  });

  it('ends a session after 30 idle minutes, and slides the window while used', async () => {
    const staff = await createTestStaff('staff');
    const b = new AdminBrowser();
    await b.login(staff);
    const db = await getDb();
    const [session] = await db.select().from(staffSessions).where(eq(staffSessions.staffId, staff.id));
    if (!session) throw new Error('no session');
    await db
      .update(staffSessions)
      .set({ lastSeenAt: new Date(Date.now() - 29 * 60_000) })
      .where(eq(staffSessions.id, session.id));
    expect((await b.get(meRoute, '/api/admin/me')).status).toBe(200); // slides lastSeenAt to now
    const [slid] = await db.select().from(staffSessions).where(eq(staffSessions.id, session.id));
    expect(Date.now() - (slid?.lastSeenAt.getTime() ?? 0)).toBeLessThan(60_000);
    await db
      .update(staffSessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(staffSessions.id, session.id));
    const expired = await b.get(meRoute, '/api/admin/me');
    expect(expired.status).toBe(401);
    expect(expired.json.error?.message).toMatch(/もう一度ログインしてください/);
    expect(await db.select().from(staffSessions).where(eq(staffSessions.id, session.id))).toEqual([]);
  });

  it('ends a session at its absolute lifetime even when used', async () => {
    const staff = await createTestStaff('staff');
    const b = new AdminBrowser();
    await b.login(staff);
    const db = await getDb();
    await db
      .update(staffSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffSessions.staffId, staff.id));
    expect((await b.get(meRoute, '/api/admin/me')).status).toBe(401);
  });

  it('logs out: the session ends on the server and one audit row is written', async () => {
    const staff = await createTestStaff('staff');
    const b = new AdminBrowser();
    await b.login(staff);
    const cookie = b.cookie();
    const res = await b.send(logoutRoute, 'POST', '/api/admin/logout');
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => /^hojin_admin=;.*Max-Age=0/.test(c))).toBe(true);
    // the old cookie is worth nothing any more
    expect((await call(meRoute, '/api/admin/me', { headers: { cookie } })).status).toBe(401);
    expect((await auditRows(staff.id)).map((r) => r.action).sort()).toEqual(['auth.login.succeeded', 'auth.logout']);
  });

  it('rate-limits failed logins per account and IP', async () => {
    const staff = await createTestStaff('staff');
    for (let i = 0; i < 5; i++) expect((await new AdminBrowser().passwordStep(staff.email, `wrong password ${i}`)).status).toBe(401);
    const locked = await new AdminBrowser().passwordStep(staff.email, staff.password);
    expect(locked.status).toBe(429);
    expect(locked.json.error?.message).toMatch(/一時的にログインを停止しています/);
    // the refused attempt is not a checked login: five failure rows, nothing more
    expect((await auditRows(staff.id)).length).toBe(5);
  });

  it("refuses a member page's CSRF token on the login, even bound to the same pre-session cookie", async () => {
    const staff = await createTestStaff('staff');
    const b = new AdminBrowser();
    const member = await b.get(csrfRoute, '/api/session/csrf');
    b.csrf = (member.json as { csrf_token: string }).csrf_token;
    const res = await b.passwordStep(staff.email, staff.password);
    expect(res.status).toBe(403);
    expect(res.json.error?.code).toBe('csrf_invalid');
    await b.fetchCsrf(); // the admin token for the same cookie works
    expect((await b.passwordStep(staff.email, staff.password)).status).toBe(200);
  });

  it('keeps the TOTP secret encrypted in the database', async () => {
    const staff = await createTestStaff('staff');
    const db = await getDb();
    const [row] = await db.select({ enc: staffUsers.totpSecretEnc }).from(staffUsers).where(eq(staffUsers.id, staff.id));
    expect(row?.enc).toMatch(/^v1\./);
    expect(row?.enc).not.toContain(staff.totpSecret);
  });
});

/** Every route file under src/app/api/admin, so a new one is covered without editing this test. */
function adminRouteFiles(): { file: string; path: string }[] {
  const root = path.resolve('src/app/api/admin');
  const out: { file: string; path: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === 'route.ts') {
        const rel = path.relative(root, dir).split(path.sep).join('/');
        out.push({ file: full, path: `/api/admin/${rel}`.replace(/\/$/, '') });
      }
    }
  };
  walk(root);
  return out;
}

/** What anyone may call without a staff session: the CSRF token and the password step itself. */
const PUBLIC = new Set(['GET /api/admin/session/csrf', 'POST /api/admin/login']);
const ID = '00000000-0000-4000-8000-000000000000';

describe('a member session and an anonymous browser reach nothing in the back office', () => {
  const routes = adminRouteFiles();

  it('finds the admin route files', () => {
    expect(routes.length).toBeGreaterThanOrEqual(10);
  });

  it.each(routes.map((r) => [r.path, r] as const))('%s answers 401/403 to anonymous and member requests', async (_p, route) => {
    const mod = (await import(route.file)) as Record<string, Parameters<typeof call>[0][string]>;
    const user = await createUser();
    const { token } = await createSession(user.id);
    // A member browser with a valid member session, and even a valid admin CSRF token bound to
    // its own pre-session cookie: only the staff session could open the door.
    const memberPre = cookiesFrom((await call(csrfRoute, '/api/session/csrf')).headers);
    const member = new AdminBrowser();
    for (const pair of `${memberPre}; hojin_session=${token}`.split('; ')) {
      const [k, v] = pair.split('=');
      if (k && v) member.jar.set(k, v);
    }
    await member.fetchCsrf();
    const anonymous = new AdminBrowser();
    await anonymous.fetchCsrf();

    const urlPath = route.path.replace(/\[id\]/g, ID);
    const params: Record<string, string> = route.path.includes('[id]') ? { id: ID } : {};
    let checked = 0;
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      const key = `${method} ${route.path}`;
      if (PUBLIC.has(key) || !mod[method]) continue;
      for (const who of [anonymous, member]) {
        const res =
          method === 'GET'
            ? await who.get(mod, urlPath, { params })
            : await who.send(mod, method, urlPath, {}, { params, headers: method === 'PUT' ? { 'content-type': 'application/pdf' } : {} });
        if (res.status === 405) continue;
        expect([401, 403], `${key} → ${res.status}`).toContain(res.status);
        expect(res.json.error?.code).toMatch(/^(unauthorized|forbidden|csrf_invalid)$/);
        checked++;
      }
    }
    if (!PUBLIC.has(`GET ${route.path}`) && !PUBLIC.has(`POST ${route.path}`)) expect(checked).toBeGreaterThan(0);
  });

  it('a staff session is worth nothing on member routes', async () => {
    const meMember = await import('@/app/api/users/me/route');
    const staff = await createTestStaff('manager');
    const b = new AdminBrowser();
    await b.login(staff);
    const res = await b.get(meMember, '/api/users/me');
    expect(res.status).toBe(401);
  });

  it('writes no audit rows for refused requests', async () => {
    const db = await getDb();
    const [before] = await db.select({ n: count() }).from(auditLog);
    await new AdminBrowser().get(meRoute, '/api/admin/me');
    const [after] = await db.select({ n: count() }).from(auditLog);
    expect(after?.n).toBe(before?.n);
  });
});

describe('one route wrapper, one auth mode per method (issue 25 §3)', () => {
  // One route file declaring a member method and a staff method: each reads only its own cookie
  // and session table, with its own CSRF binding, through the same wrapper.
  const both = defineRoute({
    GET: method({ auth: 'required', handler: async ({ session }) => ({ userId: session.userId }) }),
    POST: staffMethod({ access: 'staff', handler: async ({ session }) => ({ staffId: session.staff.id }) }),
  });

  it('gives the member method the member session and the staff method the staff session only', async () => {
    const staff = await createTestStaff('staff');
    const b = new AdminBrowser();
    await b.login(staff);
    const asStaff = await b.send(both, 'POST', '/api/both', {});
    expect(asStaff.status).toBe(200);
    expect(asStaff.json).toEqual({ staffId: staff.id });
    expect(asStaff.headers.get('cache-control')).toBe('no-store');
    // the same browser holds no member session: the member method refuses it
    const memberGet = await b.get(both, '/api/both');
    expect(memberGet.status).toBe(401);
    expect(memberGet.json.error?.code).toBe('unauthorized');

    const user = await createUser();
    const { token } = await createSession(user.id);
    const member = await call(both, '/api/both', { headers: { cookie: `hojin_session=${token}` } });
    expect(member.status).toBe(200);
    expect(member.json).toEqual({ userId: user.id });
    expect(member.headers.get('x-auth-expire-time')).toBeTruthy();
    // a member session (and the staff browser's token) opens nothing on the staff method
    const memberPost = await b.send(both, 'POST', '/api/both', {}, { headers: { cookie: `hojin_session=${token}` } });
    expect(memberPost.status).toBe(403);
    expect(memberPost.json.error?.code).toBe('csrf_invalid');
  });

  it('answers 405 with the Allow of both methods', async () => {
    const res = await call(both, '/api/both', { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, POST, HEAD');
  });
});

describe('the audit log is append-only in the database too', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of audit rows', async () => {
    const staff = await createTestStaff('staff');
    await new AdminBrowser().passwordStep(staff.email, 'wrong password here');
    const db = await getDb();
    await expect(db.update(auditLog).set({ action: 'auth.login.succeeded' }).where(eq(auditLog.staffId, staff.id))).rejects.toThrow();
    await expect(db.delete(auditLog).where(eq(auditLog.staffId, staff.id))).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect((await auditRows(staff.id)).map((r) => r.action)).toEqual(['auth.login.password_failed']);
  });
});
