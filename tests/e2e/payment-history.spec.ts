import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { expect, test, type APIResponse, type Page } from '@playwright/test';

import { E2E_BASE_URL, E2E_MAIL_URL, E2E_PAYJP_URL } from './support/e2e-env';

/**
 * Payment history and receipts (issue 8) in Chromium against the whole stack: a new member with
 * no orders sees the empty state; after two purchases paid with 3-D Secure at the PAY.JP
 * emulator, the history lists both (newest first), the receipt opens as a PDF, a second
 * download is a re-issue, and the page number lives in the URL.
 *
 * The purchases go through the real server flow — POST /api/payments/create-payment-history,
 * POST /api/payments/purchase, the emulator's 3-D Secure page clicked in the browser, and our
 * return route — with the card tokenised at the emulator as payjp.js does. Only the purchase
 * pages are skipped, so this journey does not depend on their wording.
 */

const PASSWORD = 'sakura-fuji-umi-2026';
// Under tmp/ (git-ignored): test-results/ is emptied by the next Playwright run of any helper.
const SHOTS = path.resolve(__dirname, '..', '..', 'tmp', 'shots', 'payment-history');
const COMPANY = { corporateNumber: '8040001999013', name: '株式会社ホウジン検証', kind: '301' } as const;

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

/** The same-origin XHR headers our pages send (CSRF token from storage, spec §7). */
async function xhrHeaders(page: Page): Promise<Record<string, string>> {
  const csrf = await page.evaluate(() => localStorage.getItem('csrf_token') ?? '');
  expect(csrf, 'a CSRF token in storage after login').not.toBe('');
  return { 'x-csrf-token': csrf, 'x-requested-with': 'XMLHttpRequest', origin: E2E_BASE_URL };
}

async function json<T>(res: APIResponse): Promise<T> {
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

/** A card token from the emulator, as payjp.js's card element makes it in the browser. */
async function cardToken(page: Page): Promise<string> {
  const { result: publicKey } = await json<{ result: string }>(await page.request.get('/api/payjp/public-key'));
  const res = await fetch(`${E2E_PAYJP_URL}/v1/tokens`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${publicKey}:`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      'card[number]': '4242424242424242',
      'card[exp_month]': '12',
      'card[exp_year]': String(new Date().getFullYear() + 3),
      'card[cvc]': '123',
      'card[name]': 'TARO YAMADA',
      'card[email]': 'taro@example.com',
    }),
  });
  const body = (await res.json()) as { id?: string };
  expect(body.id, JSON.stringify(body)).toMatch(/^tok_/);
  return body.id ?? '';
}

/** One paid purchase through the real server flow with 3-D Secure answered on the emulator's page. */
async function purchase(
  page: Page,
  selection: { items: { itemId: string; quantity: number }[]; deliverySpeed: 'normal' | 'express' },
  receiptRecipient: string,
) {
  const headers = await xhrHeaders(page);
  const tax = await json<{ totalYen: number }>(await page.request.post('/api/items/tax', { headers, data: selection }));
  const order = await json<{ paymentId: string }>(
    await page.request.post('/api/payments/create-payment-history', {
      headers,
      data: {
        idempotencyKey: randomUUID(),
        company: COMPANY,
        selection,
        destination: {
          recipient: '山田 太郎',
          destinationZipCode: '100-0005',
          destinationPrefecture: '東京都',
          destinationCity: '千代田区',
          destinationStreet: '丸の内1-1-1',
          destinationApartmentEtc: '',
          receiptRecipient,
        },
        expectedTotalYen: tax.totalYen,
        agreed: true,
      },
    }),
  );
  const charge = await json<{ status: string; redirectUrl?: string }>(
    await page.request.post('/api/payments/purchase', {
      headers,
      data: { paymentId: order.paymentId, card: { token: await cardToken(page) } },
    }),
  );
  expect(charge.status).toBe('awaiting_3ds');
  await page.goto(charge.redirectUrl ?? '');
  await page.getByRole('button', { name: '認証成功' }).click();
  await page.waitForURL((url) => url.origin === E2E_BASE_URL);
  const latest = await json<{ order: { paymentId: string; status: string } }>(
    await page.request.get(`/api/payments/latest?paymentId=${order.paymentId}`),
  );
  expect(latest.order).toMatchObject({ paymentId: order.paymentId, status: 'paid' });
  return { paymentId: order.paymentId, totalYen: tax.totalYen };
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
    const first = await purchase(
      page,
      { items: [{ itemId: 'history-full', quantity: 2 }], deliverySpeed: 'normal' },
      '株式会社ホウジン検証',
    );
    const second = await purchase(
      page,
      {
        items: [
          { itemId: 'current-full', quantity: 1 },
          { itemId: 'representative', quantity: 3 },
        ],
        deliverySpeed: 'express',
      },
      '山田 太郎',
    );

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
    await expect(newest).toContainText(`${second.totalYen.toLocaleString('ja-JP')}円（税込）`);
    await expect(newest).toContainText('ご注文受付済み');
    await expect(newest).toContainText('お支払い完了');
    await expect(oldest).toContainText('履歴事項全部証明書');
    await expect(oldest).toContainText('× 2通');
    await expect(oldest).toContainText('通常');
    await expect(oldest).toContainText(`${first.totalYen.toLocaleString('ja-JP')}円（税込）`);
    await expect(oldest).toContainText('株式会社ホウジン検証');
    await expect(oldest).toContainText('法人番号 8040001999013');

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

    // Another member's receipt id is not found.
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
