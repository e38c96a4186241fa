import fs from 'node:fs';
import path from 'node:path';

import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

import { E2E_STAFF_FILE } from './support/global-setup';

/**
 * The back office's first journey: the manager made by `npm run admin:create` (global set-up)
 * logs in with a TOTP code computed here, confirms the enrolment, replaces the printed password,
 * creates a notice, sees the
 * banner on the site, ends it, and finds both actions in the audit log.
 * With E2E_SCREENSHOTS=dir every admin page is also saved at 1280 and 768 px to look at.
 */
const SHOTS = process.env.E2E_SCREENSHOTS;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 768]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

function staff(): { email: string; password: string; totpSecret: string } {
  return JSON.parse(fs.readFileSync(E2E_STAFF_FILE, 'utf8')) as { email: string; password: string; totpSecret: string };
}

function code(secret: string): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
}

test.describe('back office', () => {
  test('a member-free browser is sent to the staff login, and the admin API refuses it', async ({ page, request }) => {
    await page.goto('/admin/notices');
    await expect(page).toHaveURL(/\/admin\/login\?expired=1$/);
    await expect(page.getByRole('heading', { name: '管理画面ログイン' })).toBeVisible();
    // the public site's header is not part of the back office
    await expect(page.getByRole('navigation', { name: 'メインメニュー' })).toHaveCount(0);
    const api = await request.get('/api/admin/notices');
    expect(api.status()).toBe(401);
    expect((await api.json()).error.code).toBe('unauthorized');
  });

  test('a signed-in member reaches neither the back-office pages nor its API', async ({ page }) => {
    await page.goto('/login?nextPage=/my-page/basic-info');
    await page.getByRole('button', { name: 'デモアカウントでログインする' }).click();
    await expect(page).toHaveURL(/\/my-page\/basic-info$/);
    for (const path of ['/admin', '/admin/notices', '/admin/audit', '/admin/staff']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/admin\/login\?expired=1$/);
    }
    const api = await page.request.get('/api/admin/me');
    expect(api.status()).toBe(401);
  });

  test('a manager logs in with TOTP, creates and ends a notice, and finds it in the audit log', async ({ page }) => {
    const s = staff();
    const title = `【E2E】管理画面からのお知らせ ${Date.now()}`;
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.goto('/admin/login');
    await shoot(page, 'admin-login');
    await page.getByLabel('メールアドレス').fill(s.email);
    await page.getByLabel('パスワード').fill(s.password);
    await page.getByRole('button', { name: '次へ' }).click();
    // first login: the QR of the enrolment, then one code confirms it
    await expect(page.getByRole('img', { name: '認証アプリ登録用の QR コード' })).toBeVisible();
    // the code field starts empty (the password typed a moment ago is not carried over into it)
    await expect(page.getByLabel('確認コード')).toHaveValue('');
    await expect(page.getByTestId('admin-totp-key')).toHaveText(s.totpSecret.replace(/(.{4})/g, '$1 ').trim());
    await shoot(page, 'admin-login-enrol');
    await page.getByLabel('確認コード').fill(code(s.totpSecret));
    await page.getByRole('button', { name: 'ログイン' }).click();

    // the password the command printed must be replaced before anything else opens
    await expect(page).toHaveURL(/\/admin\/password$/);
    await expect(page.getByText('初回ログインです。発行されたパスワードを')).toBeVisible();
    await page.goto('/admin/notices');
    await expect(page).toHaveURL(/\/admin\/password$/);
    await shoot(page, 'admin-password');
    const pw = page.getByRole('form', { name: 'パスワードの変更' });
    await pw.getByLabel('今のパスワード').fill(s.password);
    await pw.getByLabel('新しいパスワード', { exact: true }).fill('e2e manager chose this one');
    await pw.getByLabel('新しいパスワード（確認）').fill('e2e manager chose this one');
    await pw.getByRole('button', { name: '変更する' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'ダッシュボード' })).toBeVisible();
    await expect(page.getByTestId('admin-staff-name')).toHaveText('テスト 管理者');
    await shoot(page, 'admin-dashboard');

    await page.getByRole('navigation', { name: '管理メニュー' }).getByRole('link', { name: 'お知らせ' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'お知らせ' })).toBeVisible();
    const form = page.getByRole('form', { name: 'お知らせの作成' });
    await form.getByLabel('タイトル').fill(title);
    await form.getByLabel('本文').fill('管理画面から登録したお知らせです。');
    await form.getByLabel('メンテナンス開始（任意）').fill('2030-12-04T01:00');
    await form.getByLabel('メンテナンス終了（任意）').fill('2030-12-04T05:00');
    await shoot(page, 'admin-notices');
    await form.getByRole('button', { name: '登録する' }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('掲載中');
    await shoot(page, 'admin-notice-detail');

    const site = await page.context().newPage();
    await site.goto('/');
    await expect(site.getByTestId('maintenance-banner')).toContainText(title);
    await expect(site.getByTestId('maintenance-banner')).toContainText('2030年12月4日 1:00');

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: '今すぐ掲載を終了する' }).click();
    await expect(page.getByRole('status')).toContainText('掲載を終了しました');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('掲載終了');
    await site.reload();
    await expect(site.getByText(title)).toHaveCount(0);
    await site.close();

    await page.getByRole('navigation', { name: '管理メニュー' }).getByRole('link', { name: '監査ログ' }).click();
    const table = page.getByTestId('audit-table');
    await expect(table.getByRole('row').filter({ hasText: 'お知らせの掲載終了' })).toHaveCount(1);
    await expect(table.getByRole('row').filter({ hasText: 'お知らせの作成' })).toHaveCount(1);
    await expect(table.getByRole('cell', { name: 'ログイン', exact: true }).first()).toBeVisible();
    await expect(table).toContainText(title);
    await shoot(page, 'admin-audit');
    await page.getByLabel('操作').selectOption({ label: 'お知らせの作成' });
    await page.getByRole('button', { name: '絞り込む' }).click();
    await expect(page).toHaveURL(/action=notice\.create/);
    await expect(table.getByRole('row').filter({ hasText: 'お知らせの掲載終了' })).toHaveCount(0);

    await page.getByRole('navigation', { name: '管理メニュー' }).getByRole('link', { name: 'スタッフ' }).click();
    await expect(page.getByRole('cell', { name: s.email })).toBeVisible();
    await shoot(page, 'admin-staff');

    await page.goto('/admin/logout');
    await shoot(page, 'admin-logout');
    await page.getByRole('main').getByRole('button', { name: 'ログアウト' }).click();
    await expect(page).toHaveURL(/\/admin\/login\?loggedOut=1$/);
    await expect(page.getByText('ログアウトしました。')).toBeVisible();
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login/);
  });
});
