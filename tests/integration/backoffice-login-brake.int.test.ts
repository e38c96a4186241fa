import { describe, expect, it } from 'vitest';
import { AdminBrowser } from './backoffice-support';
import { createTestStaff } from '../factories/staff';
import { STAFF_LOGIN_ACCOUNT_CEILING } from '@/features/backoffice/server/limits';
import { setEnvForTest } from '@/config/env';

/**
 * The staff login's account-wide brake (issue 24 §5, docs/decisions/0062): per account+IP alone,
 * every new address got 5 password checks on a staff account. Now at most
 * STAFF_LOGIN_ACCOUNT_CEILING checks an hour come from browsers that never completed a login of
 * the account; the staff member's own browser still gets in. Each browser has its own address
 * (X-Forwarded-For behind a trusted proxy).
 */
setEnvForTest({ TRUSTED_PROXY_HEADER: 'x-forwarded-for' });

describe('staff login: an account-wide brake', () => {
  it('holds 40 addresses to the ceiling; the staff member’s own browser still logs in', { timeout: 180_000 }, async () => {
    const staff = await createTestStaff('manager');
    const home = new AdminBrowser('198.51.100.7');
    await home.login(staff);
    expect(home.jar.get('hojin_admin_device')).toBeTruthy();

    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const attacker = new AdminBrowser(`192.0.2.${i + 1}`);
      for (let j = 0; j < 2; j++) statuses.push((await attacker.passwordStep(staff.email, `wrong password ${i}-${j}`)).status);
    }
    const checked = statuses.filter((s) => s === 401).length;
    // before: 80 checks (2 per address, far under 5 per account and address)
    expect(checked).toBeLessThanOrEqual(STAFF_LOGIN_ACCOUNT_CEILING);
    expect(statuses.filter((s) => s === 429).length).toBe(statuses.length - checked);

    const stranger = new AdminBrowser('198.51.100.8');
    const refused = await stranger.passwordStep(staff.email, staff.password);
    expect(refused.status).toBe(429);
    expect(refused.json.error?.message).toContain('いつもお使いの端末からログインしてください');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    const again = await home.passwordStep(staff.email, staff.password);
    expect(again.status, again.text).toBe(200);
    expect(again.json).toMatchObject({ next: 'totp' });
  });

  it('counts an unknown address the same way (no hint which addresses are staff)', { timeout: 120_000 }, async () => {
    const email = `nobody-${Date.now()}@example.jp`;
    const statuses: number[] = [];
    for (let i = 0; i < STAFF_LOGIN_ACCOUNT_CEILING + 3; i++)
      statuses.push((await new AdminBrowser(`203.0.113.${i + 1}`).passwordStep(email, 'whatever password')).status);
    expect(statuses.slice(0, STAFF_LOGIN_ACCOUNT_CEILING)).toEqual(Array<number>(STAFF_LOGIN_ACCOUNT_CEILING).fill(401));
    expect(statuses.slice(STAFF_LOGIN_ACCOUNT_CEILING)).toEqual([429, 429, 429]);
  });
});
