import fs from 'node:fs';
import path from 'node:path';

import { expect, test, type Browser, type Page } from '@playwright/test';

import { E2E_BASE_URL } from './support/e2e-env';
import { newMemberLoggedIn } from './support/members';
import { SELECT_FOR_COMPANY, orderButton } from './support/search-results';
import { shoot, shotsDir } from './support/shots';

/**
 * The purchase steps paint before their JavaScript runs (issue 13 §1, docs/decisions/0033): each
 * step, opened with the buyer's cookies in a browser with JavaScript off, already shows its
 * heading, its explanatory text and what the server knows (the company the order button chose,
 * the certificates; the paid order), with grey lines where this tab's storage will fill in — never
 * only the loading overlay, which is all the server sent before. The same steps are then used with
 * JavaScript as a buyer would, and screenshot at 390 and 1280 px (tmp/shots/first-paint, looked at
 * by hand).
 */
const SHOTS = shotsDir('first-paint');

/** The step as the server sends it: the member's cookies, no JavaScript. */
async function withoutJavaScript(browser: Browser, page: Page, url: string, name: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    viewport: { width: 390, height: 900 },
  });
  const shell = await context.newPage();
  await shell.goto(url);
  // (a Suspense fallback the stream replaced may stay in the markup, hidden; what counts is what shows)
  await expect(shell.getByTestId('loading-overlay')).toBeHidden();
  fs.mkdirSync(SHOTS, { recursive: true });
  await shell.screenshot({ path: path.join(SHOTS, `${name}-no-js-390.png`), fullPage: true });
  return shell;
}

test('every purchase step paints its page before its JavaScript runs', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await newMemberLoggedIn(page, 'paint');
  await page.goto('/search');
  await page.getByRole('searchbox', { name: '会社名・フリガナ・法人番号' }).pressSequentially('とよた', { delay: 30 });
  await orderButton(page, 'トヨタ自動車株式会社').click();
  await expect(page).toHaveURL(SELECT_FOR_COMPANY);

  // 1. select, as the order button opens it (the company's 法人番号 in the URL): the company block
  // (the largest element, issue 13 §1 LCP), the certificates and their prices come from the server.
  let shell = await withoutJavaScript(browser, page, page.url(), '1-select');
  await expect(shell.getByRole('heading', { name: '証明書の選択', level: 1 })).toBeVisible();
  await expect(shell.getByTestId('company-name')).toHaveText('トヨタ自動車株式会社');
  await expect(shell.getByTestId('company-number')).toHaveText(/^法人番号 \d{13}$/);
  await expect(shell.getByTestId('company-address')).toHaveText(/^愛知県/);
  await expect(shell.getByTestId('pending')).toHaveCount(0);
  await expect(shell.getByLabel('履歴事項全部証明書')).toBeDisabled();
  await expect(shell.getByText('1通 1,050円（税込）').first()).toBeVisible();
  await shell.context().close();
  // Without the number (the spec's route, an old bookmark) the company is this browser's: grey lines first.
  shell = await withoutJavaScript(browser, page, '/purchase/select', '1-select-stored');
  await expect(shell.getByLabel('履歴事項全部証明書')).toBeDisabled();
  await expect(shell.getByTestId('pending').first()).toBeVisible();
  await expect(shell.getByTestId('company-name')).toHaveCount(0);
  await shell.context().close();

  await expect(page.getByTestId('company-name')).toHaveText('トヨタ自動車株式会社');
  await page.getByLabel('履歴事項全部証明書').check();
  await expect(page.getByTestId('total')).toHaveText('1,050円');
  await shoot(page, SHOTS, '1-select');
  await page.getByRole('button', { name: 'お届け先の入力へ進む' }).click();
  await expect(page).toHaveURL(/\/purchase\/recipient-info$/);

  // 2. recipient-info: the whole form, not usable until the stored address is read.
  shell = await withoutJavaScript(browser, page, '/purchase/recipient-info', '2-recipient-info');
  await expect(shell.getByRole('heading', { name: 'お届け先・お支払い方法', level: 1 })).toBeVisible();
  await expect(shell.locator('#recipient')).toBeDisabled();
  await expect(shell.getByText('例：100-0005（入力すると住所を自動で入力します）')).toBeVisible();
  await shell.context().close();

  await page.locator('#recipient').fill('山田 太郎');
  await page.locator('#destinationZipCode').fill('100-0005');
  await expect(page.locator('#destinationCity')).toHaveValue('千代田区');
  await page.locator('#destinationStreet').fill('丸の内1-1-1');
  await page.locator('#receiptRecipient').fill('株式会社テスト');
  const card = page.frameLocator('iframe[data-payjp-element="card"]');
  await card.getByLabel('カード番号').pressSequentially('4242424242424242');
  await card.getByLabel('有効期限（月/年）').pressSequentially('1230');
  await card.getByLabel('セキュリティコード').pressSequentially('123');
  await page.locator('#cardName').fill('TARO YAMADA');
  await shoot(page, SHOTS, '2-recipient-info');
  await page.getByRole('button', { name: 'ご注文内容の確認へ進む' }).click();
  await expect(page).toHaveURL(/\/purchase\/confirmation$/);

  // 3. confirmation: headings and the legal texts of 特商法 12条の6 from the server.
  shell = await withoutJavaScript(browser, page, '/purchase/confirmation', '3-confirmation');
  await expect(shell.getByRole('heading', { name: 'ご注文内容の確認', level: 1 })).toBeVisible();
  await expect(shell.getByRole('heading', { name: 'キャンセル・返品について' })).toBeVisible();
  await expect(shell.getByTestId('order-button')).toBeDisabled();
  await shell.context().close();

  await expect(page.getByTestId('total')).toHaveText('1,050円');
  await page.getByLabel(/同意して注文する/).check();
  await shoot(page, SHOTS, '3-confirmation');
  await page.getByRole('button', { name: /注文を確定する/ }).click();
  await page.getByRole('button', { name: '認証成功' }).click();
  await expect(page).toHaveURL(/\/purchase\/completion\?paymentId=/);
  await expect(page.getByTestId('order-status')).toHaveText('お支払い完了', { timeout: 30_000 });

  // 4. completion: the paid order itself, from the server.
  const orderNumber = (await page.getByTestId('order-number').textContent()) ?? '';
  expect(orderNumber).toMatch(/^HJ-/);
  await shoot(page, SHOTS, '4-completion');
  shell = await withoutJavaScript(browser, page, new URL(page.url()).pathname + new URL(page.url()).search, '4-completion');
  await expect(shell.getByRole('heading', { name: 'ご注文ありがとうございました', level: 1 })).toBeVisible();
  await expect(shell.getByTestId('order-number')).toHaveText(orderNumber);
  await expect(shell.getByTestId('order-total')).toHaveText('1,050円（税込）');
  await shell.context().close();
});
