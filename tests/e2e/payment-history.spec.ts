import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { expect, test, type Page } from '@playwright/test';

import { E2E_MAIL_URL } from './support/e2e-env';

/**
 * Payment history and receipts (issue 8) in Chromium against the whole stack: a new member with
 * no orders sees the empty state; after two purchases made through the real purchase pages and
 * paid with 3-D Secure at the PAY.JP emulator, the history lists both (newest first), the
 * receipt opens as a PDF, a second download is a re-issue, and the page number lives in the URL.
 * Screenshots of the history at 375/768/1280 px go to tmp/shots/payment-history (looked at by hand).
 */

const PASSWORD = 'sakura-fuji-umi-2026';
// Under tmp/ (git-ignored): test-results/ is emptied by the next Playwright run of any helper.
const SHOTS = path.resolve(__dirname, '..', '..', 'tmp', 'shots', 'payment-history');
const COMPANY = 'トヨタ自動車株式会社';

async function registerAndLogin(page: Page): Promise<string> {
  const email = `e2e-history-${randomUUID().slice(0, 8)}@example.jp`;
  await page.goto('/register');
  await page.getByLabel('メールアドレス').fill(email);
  await page.locator('#password').fill(PASSWORD);
  await page.getByLabel('パスワード（確認）').fill(PASSWORD);
  await page.getByLabel(/に同意します/).check();
  const before = new Date().toISOString();
  await page.getByRole('button', { name: '確認コードを送信する' }).click();
  await expect(page).toHaveURL(/\/temporary-auth$/);
  const params = new URLSearchParams({ to: email, timeoutMs: '20000', after: before });
  const res = await fetch(`${E2E_MAIL_URL}/api/messages/wait?${params.toString()}`);
  expect(res.status).toBe(200);
  const { message } = (await res.json()) as { message: { text: string } };
  const code = /確認コード\s*\n\s*(\d{6})/.exec(message.text)?.[1] ?? '';
  await page.getByLabel('確認コード').fill(code);
  await page.getByRole('button', { name: '登録を完了する' }).click();
  await expect(page).toHaveURL(/\/register\/completion$/);
  return email;
}

/**
 * Types the test card into the emulator's card element. Keys typed before the iframe's script
 * is listening are not counted, so type again until the element has read the number.
 */
async function enterCard(page: Page): Promise<void> {
  const card = page.frameLocator('iframe[data-payjp-element="card"]');
  await expect(async () => {
    for (const [label, value] of [
      ['カード番号', '4242424242424242'],
      ['有効期限（月/年）', '1230'],
      ['セキュリティコード', '123'],
    ] as const) {
      const input = card.getByLabel(label);
      await input.clear();
      await input.pressSequentially(value);
    }
    // The element's script names the brand once it has read the number.
    await expect(card.getByText('Visa', { exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

interface Order {
  items: { label: string; quantity: number }[];
  express: boolean;
  receiptRecipient: string;
}

/**
 * One order through the purchase pages: search → select → recipient (address from the postal
 * code, a new card in the emulator's payjp.js iframe) → confirmation → 3-D Secure → completion.
 */
async function purchase(page: Page, order: Order): Promise<{ paymentId: string; total: string }> {
  await page.goto('/search');
  await page.getByRole('searchbox', { name: '会社名・フリガナ・法人番号' }).pressSequentially('とよた', { delay: 30 });
  const result = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: COMPANY, exact: true }) });
  await result.getByRole('button', { name: 'この法人の証明書を申請する' }).click();
  await expect(page).toHaveURL(/\/purchase\/select$/);

  for (const item of order.items) {
    const box = page.getByLabel(item.label);
    await box.check();
    if (item.quantity > 1) {
      const id = await box.getAttribute('id');
      await page.locator(`#${id}-q`).selectOption(String(item.quantity));
    }
  }
  if (order.express) await page.getByRole('radio', { name: /速達配送/ }).check();
  await expect(page.getByTestId('total')).not.toHaveText('—');
  await page.getByRole('button', { name: 'お届け先の入力へ進む' }).click();
  await expect(page).toHaveURL(/\/purchase\/recipient-info$/);

  await page.locator('#recipient').fill('山田 太郎');
  await page.getByLabel('郵便番号').fill('100-0005');
  await expect(page.getByLabel('市区町村')).toHaveValue('千代田区');
  await page.getByLabel('町名・番地').fill('丸の内1-1-1');
  await page.getByLabel('領収書の宛名').fill(order.receiptRecipient);
  await enterCard(page);
  await page.getByLabel('カード名義（半角英字）').fill('TARO YAMADA');
  await page.getByRole('button', { name: 'ご注文内容の確認へ進む' }).click();
  await expect(page).toHaveURL(/\/purchase\/confirmation$/);

  await page.getByLabel(/同意して注文する/).check();
  await page.getByRole('button', { name: /注文を確定する/ }).click();
  await expect(page.getByRole('heading', { name: '本人認証（3Dセキュア）' })).toBeVisible();
  await page.getByRole('button', { name: '認証成功' }).click();
  await expect(page).toHaveURL(/\/purchase\/completion\?paymentId=[0-9a-f-]{36}$/);
  await expect(page.getByTestId('order-status')).toHaveText('お支払い完了');
  const paymentId = new URL(page.url()).searchParams.get('paymentId') ?? '';
  const total = ((await page.getByTestId('order-total').textContent()) ?? '').trim();
  return { paymentId, total };
}

test.describe('payment history and receipts', () => {
  test('a member without orders sees the empty state with a way to search', async ({ page }) => {
    await registerAndLogin(page);
    await page.goto('/my-page/payment-history');
    await expect(page.getByRole('heading', { name: 'ご購入履歴はまだありません' })).toBeVisible();
    await expect(page.getByRole('link', { name: '会社を検索する' })).toHaveAttribute('href', '/search');
    await expect(page.getByRole('link', { name: 'ご購入履歴・領収書' })).toHaveAttribute('aria-current', 'page');
  });

  test('after two purchases: both listed newest first, receipt PDF, 再発行 on the second download, page in the URL', async ({ page }) => {
    test.setTimeout(120_000);
    await registerAndLogin(page);
    const first = await purchase(page, {
      items: [{ label: '履歴事項全部証明書', quantity: 2 }],
      express: false,
      receiptRecipient: '株式会社テスト',
    });
    const second = await purchase(page, {
      items: [
        { label: '現在事項全部証明書', quantity: 1 },
        { label: '代表者事項証明書', quantity: 3 },
      ],
      express: true,
      receiptRecipient: '山田 太郎',
    });
    expect(first.paymentId).not.toBe(second.paymentId);

    await page.goto('/my-page/payment-history');
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(2);
    await expect(page.getByText('全2件中 1〜2件目')).toBeVisible();
    const newest = cards.nth(0);
    const oldest = cards.nth(1);
    await expect(newest).toContainText('現在事項全部証明書');
    await expect(newest).toContainText('代表者事項証明書');
    await expect(newest).toContainText('× 3通');
    await expect(newest).toContainText('速達');
    await expect(newest).toContainText(second.total);
    await expect(newest).toContainText('受付済み');
    await expect(newest).toContainText('お支払い完了');
    await expect(oldest).toContainText('履歴事項全部証明書');
    await expect(oldest).toContainText('× 2通');
    await expect(oldest).toContainText('通常');
    await expect(oldest).toContainText(first.total);
    await expect(oldest).toContainText(COMPANY);
    await expect(oldest).toContainText(/法人番号 \d{13}/);

    fs.mkdirSync(SHOTS, { recursive: true });
    for (const width of [375, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(SHOTS, `history-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // The receipt opens in a new tab as a PDF; the link is the spec's path.
    const link = oldest.getByRole('link', { name: /領収書（PDF）を発行/ });
    await expect(link).toHaveAttribute('href', `/api/download/receipt/${first.paymentId}.pdf`);
    const firstPdf = await page.request.get(`/api/download/receipt/${first.paymentId}.pdf`);
    expect(firstPdf.status()).toBe(200);
    expect(firstPdf.headers()['content-type']).toBe('application/pdf');
    expect(firstPdf.headers()['cache-control']).toBe('private, no-store');
    expect(firstPdf.headers()['x-receipt-reissue']).toBe('0');
    expect((await firstPdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // After a reload the history says the receipt was issued; the link now re-issues it.
    await page.reload();
    const reissueLink = cards.nth(1).getByRole('link', { name: /領収書（PDF）を再発行/ });
    await expect(reissueLink).toBeVisible();
    const [popup] = await Promise.all([page.waitForEvent('popup'), reissueLink.click()]);
    const again = await popup.request.get(`/api/download/receipt/${first.paymentId}.pdf`);
    expect(again.headers()['x-receipt-reissue']).toBe('1');
    expect(again.headers()['x-receipt-serial']).toBe(firstPdf.headers()['x-receipt-serial']);
    await popup.close();

    // An id that is not one of the member's orders is not found.
    expect((await page.request.get(`/api/download/receipt/${randomUUID()}.pdf`)).status()).toBe(404);

    // The page number is part of the URL and survives a reload.
    await page.goto('/my-page/payment-history?page=2');
    await page.reload();
    await expect(page.getByText('このページにはご購入履歴がありません（全1ページ）。')).toBeVisible();
    await page.getByRole('link', { name: '最初のページへ戻る' }).click();
    await expect(page).toHaveURL(/\/my-page\/payment-history$/);
    await expect(cards).toHaveCount(2);
  });
});
