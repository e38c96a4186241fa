import fs from 'node:fs';

import { expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

interface StaffFile {
  email: string;
  password: string;
  totpSecret: string;
}

function totpCode(secret: string): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
}

/** The printed password replaced at the first login (the server wants it changed). */
const changedPassword = (s: StaffFile) => `${s.password} changed`;

/**
 * Logs in a staff account made by admin:create (the global setup wrote `file`) and lands on the
 * dashboard. The first login is: password → authenticator enrolment (QR + code) → the printed
 * password replaced. A retried test finds that already done by its first try: it then logs in
 * with the replaced password and a code of a later 30-second step (a code is accepted once).
 */
export async function staffLogin(page: Page, file: string): Promise<void> {
  const s = JSON.parse(fs.readFileSync(file, 'utf8')) as StaffFile;
  await page.goto('/admin/login');
  await page.getByLabel('メールアドレス').fill(s.email);
  await page.getByLabel('パスワード').fill(s.password);
  await page.getByRole('button', { name: '次へ' }).click();
  const enrolment = page.getByRole('img', { name: '認証アプリ登録用の QR コード' });
  const refused = page.getByText('メールアドレスまたはパスワードが正しくありません。');
  await expect(enrolment.or(refused)).toBeVisible();

  if (await refused.isVisible()) {
    await page.getByLabel('パスワード').fill(changedPassword(s));
    await page.getByRole('button', { name: '次へ' }).click();
    await expect(page.getByLabel('確認コード')).toBeVisible();
    await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 1_000);
    await page.getByLabel('確認コード').fill(totpCode(s.totpSecret));
    await page.getByRole('button', { name: 'ログイン' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'ダッシュボード' })).toBeVisible();
    return;
  }

  await page.getByLabel('確認コード').fill(totpCode(s.totpSecret));
  await page.getByRole('button', { name: 'ログイン' }).click();
  await expect(page).toHaveURL(/\/admin\/password$/);
  const pw = page.getByRole('form', { name: 'パスワードの変更' });
  await pw.getByLabel('今のパスワード').fill(s.password);
  await pw.getByLabel('新しいパスワード', { exact: true }).fill(changedPassword(s));
  await pw.getByLabel('新しいパスワード（確認）').fill(changedPassword(s));
  await pw.getByRole('button', { name: '変更する' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ダッシュボード' })).toBeVisible();
}
