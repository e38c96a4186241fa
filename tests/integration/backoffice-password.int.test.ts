import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import * as meRoute from '@/app/api/admin/me/route';
import * as noticesRoute from '@/app/api/admin/notices/route';
import * as passwordRoute from '@/app/api/admin/password/route';
import { auditLog, staffUsers } from '@db/schema';
import { verifyPassword } from '@/server/auth/password-hash';
import { getDb } from '@/server/db/client';

import { createTestStaff } from '../factories/staff';

import { AdminBrowser } from './backoffice-support';

const NEW_PASSWORD = 'a much better passphrase 42';

describe('the first-login password change', () => {
  it('keeps the back office closed until the password admin:create gave is replaced', async () => {
    const staff = await createTestStaff('manager', { passwordChangeRequired: true });
    const b = new AdminBrowser();
    await b.login(staff);
    expect((await b.get(meRoute, '/api/admin/me')).status).toBe(200);
    const closed = await b.get(noticesRoute, '/api/admin/notices');
    expect(closed.status).toBe(403);
    expect(closed.json.error?.code).toBe('password_change_required');
    expect(closed.json.error?.message).toMatch(/パスワードを変更してください/);

    const other = new AdminBrowser();
    await other.login(staff, new Date(Date.now() + 30_000)); // a second browser, next step's code

    const res = await b.send(passwordRoute, 'POST', '/api/admin/password', { currentPassword: staff.password, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect((await b.get(noticesRoute, '/api/admin/notices')).status).toBe(200);
    // every other session of the account ended
    expect((await other.get(meRoute, '/api/admin/me')).status).toBe(401);

    const db = await getDb();
    const rows = await db.select().from(auditLog).where(eq(auditLog.staffId, staff.id));
    expect(rows.filter((r) => r.action === 'staff.password_change')).toHaveLength(1);
    // the old password no longer works, the new one does
    expect((await new AdminBrowser().passwordStep(staff.email, staff.password)).status).toBe(401);
    expect((await new AdminBrowser().passwordStep(staff.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses a wrong current password, a common password and the same password', async () => {
    const staff = await createTestStaff('staff', { passwordChangeRequired: true });
    const b = new AdminBrowser();
    await b.login(staff);
    const wrong = await b.send(passwordRoute, 'POST', '/api/admin/password', {
      currentPassword: 'not it at all',
      newPassword: NEW_PASSWORD,
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json.error?.fields?.currentPassword).toBe('今のパスワードが正しくありません。');
    const common = await b.send(passwordRoute, 'POST', '/api/admin/password', {
      currentPassword: staff.password,
      newPassword: 'password123',
    });
    expect(common.status).toBe(422);
    expect(common.json.error?.fields?.newPassword).toMatch(/よく使われていて/);
    const same = await b.send(passwordRoute, 'POST', '/api/admin/password', {
      currentPassword: staff.password,
      newPassword: staff.password,
    });
    expect(same.status).toBe(422);
    expect(same.json.error?.fields?.newPassword).toMatch(/違うパスワード/);
    expect((await b.get(noticesRoute, '/api/admin/notices')).status).toBe(403);
  });
});

describe('guessing the current password from a session (issue 24 §3)', () => {
  it('refuses with 429 after 5 wrong current passwords, from any address, even the right one next', async () => {
    const staff = await createTestStaff('staff');
    const b = new AdminBrowser();
    await b.login(staff);
    for (let i = 0; i < 5; i++) {
      const wrong = await b.send(passwordRoute, 'POST', '/api/admin/password', {
        currentPassword: `guess number ${i} here`,
        newPassword: NEW_PASSWORD,
      });
      expect(wrong.status).toBe(422);
    }
    const blocked = await b.send(passwordRoute, 'POST', '/api/admin/password', {
      currentPassword: staff.password,
      newPassword: NEW_PASSWORD,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(blocked.json.error?.message).toMatch(/パスワードの変更を一時的に停止/);
    // the password did not change
    const [row] = await (await getDb()).select().from(staffUsers).where(eq(staffUsers.id, staff.id));
    expect(await verifyPassword(row?.passwordHash, staff.password)).toBe(true);
  });
});
