import { expect, test, type Page } from '@playwright/test';

import { startPayjpEmulator, type PayjpEmulator } from '../../dev/payjp/emulator';

/**
 * The PAY.JP emulator on its own, in a real browser: the payjp.js stand-in's card iframe, token
 * creation, a 3-D Secure charge, the challenge page and tds_finish. The emulator's demo page is
 * opened as http://localhost:PORT while the card iframe comes from http://127.0.0.1:PORT, so the
 * page and the card fields are cross-origin as they are with PAY.JP. No app is involved.
 */

let emu: PayjpEmulator;

test.beforeAll(async () => {
  emu = await startPayjpEmulator({ port: 0, webhookUrl: null });
});
test.afterAll(async () => {
  await emu.close();
});

function demoUrl(): string {
  return `${emu.url.replace('127.0.0.1', 'localhost')}/__control/demo`;
}

async function readCharge(id: string): Promise<{ paid: boolean; three_d_secure_status: string | null; amount: number }> {
  const response = await fetch(`${emu.apiBase}/charges/${id}`, {
    headers: { Authorization: `Basic ${Buffer.from(`${emu.secretKey}:`).toString('base64')}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { paid: boolean; three_d_secure_status: string | null; amount: number };
}

async function enterCardAndPay(page: Page, number: string): Promise<void> {
  await page.goto(demoUrl());
  const card = page.frameLocator('iframe[data-payjp-element="card"]');
  await card.getByLabel('カード番号').pressSequentially(number);
  await card.getByLabel('有効期限（月/年）').pressSequentially('1230');
  await card.getByLabel('セキュリティコード').pressSequentially('123');
  await page.getByTestId('demo-pay').click();
  await expect(page).toHaveURL(/\/v1\/tds\/ch_[0-9a-f]{29}\/start\?publickey=pk_test_/);
  await expect(page.getByRole('heading', { name: '本人認証（3Dセキュア）' })).toBeVisible();
  await expect(page.getByTestId('tds-amount')).toHaveText('1,100円');
}

test('a test card entered in the iframe becomes a token, passes 3-D Secure and the charge is paid after tds_finish', async ({ page }) => {
  await enterCardAndPay(page, '4242424242424242');
  await page.getByRole('button', { name: '認証成功' }).click();
  await expect(page).toHaveURL(/\/__control\/demo\/return\?charge=ch_/);
  await expect(page.getByTestId('charge-paid')).toHaveText('true');
  await expect(page.getByTestId('tds-status')).toHaveText('verified');
  const id = (await page.getByTestId('charge-id').textContent()) ?? '';
  expect(await readCharge(id)).toMatchObject({ paid: true, three_d_secure_status: 'verified', amount: 1100 });
});

test('the 認証失敗 button leaves the charge unpaid', async ({ page }) => {
  await enterCardAndPay(page, '4242424242424242');
  await page.getByRole('button', { name: '認証失敗' }).click();
  await expect(page.getByTestId('charge-paid')).toHaveText('false');
  await expect(page.getByTestId('tds-status')).toHaveText('failed');
  const id = (await page.getByTestId('charge-id').textContent()) ?? '';
  expect(await readCharge(id)).toMatchObject({ paid: false, three_d_secure_status: 'failed' });
});

test('giving up on the challenge returns to the site with the charge still unverified and unpaid', async ({ page }) => {
  await enterCardAndPay(page, '5555555555554444');
  await page.getByRole('button', { name: '認証をやめて戻る' }).click();
  await expect(page.getByTestId('charge-paid')).toHaveText('false');
  await expect(page.getByTestId('tds-status')).toHaveText('unverified');
});

test('the card fields live in a cross-origin iframe and report mistakes in Japanese through change events', async ({ page }) => {
  await page.goto(demoUrl());
  const iframe = page.locator('iframe[data-payjp-element="card"]');
  await expect(iframe).toHaveAttribute('src', new RegExp(`^${emu.url.replace(/[.]/g, '\\.')}/js/v2/card-element\\.html#`));
  // The page cannot read into the card fields.
  expect(await page.evaluate(() => document.querySelector('iframe')?.contentDocument ?? null)).toBeNull();

  const card = page.frameLocator('iframe[data-payjp-element="card"]');
  // Full-width digits typed through an IME are accepted and shown grouped.
  await card.getByLabel('カード番号').fill('４２４２４２４２４２４２４２４１');
  await expect(card.getByLabel('カード番号')).toHaveValue('4242 4242 4242 4241');
  await expect(page.getByTestId('demo-error')).toHaveText('カード番号が正しくありません。番号をご確認ください。');

  await card.getByLabel('カード番号').fill('4000000000000002');
  await card.getByLabel('有効期限（月/年）').fill('1230');
  await card.getByLabel('セキュリティコード').fill('123');
  await page.getByTestId('demo-pay').click();
  // Declined when the token is created: PAY.JP's error object reaches the page.
  await expect(page.getByTestId('demo-error')).toHaveText('Card declined.');
  await expect(page).toHaveURL(/\/__control\/demo$/);
});

test('an unfinished card number stops createToken before anything is sent', async ({ page }) => {
  await page.goto(demoUrl());
  const card = page.frameLocator('iframe[data-payjp-element="card"]');
  await card.getByLabel('カード番号').fill('4242 4242');
  await page.getByTestId('demo-pay').click();
  await expect(page.getByTestId('demo-error')).toHaveText('カード番号を最後まで入力してください。');
  await expect(card.getByLabel('カード番号')).toHaveAttribute('aria-invalid', 'true');
});
