import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { expect, test, type Page } from '@playwright/test';

import { pdfText } from '../support/pdf';
import { enterCard } from './support/card';
import { registerThroughPages } from './support/members';
import { expectPaidAndReset } from './support/purchase';
import { SELECT_FOR_COMPANY, orderButton } from './support/search-results';

/**
 * Payment history and receipts (issue 8) in Chromium against the whole stack: a new member with
 * no orders sees the empty state; after two purchases made through the real purchase pages and
 * paid with 3-D Secure at the PAY.JP emulator, the history lists both (newest first), the
 * receipt opens as a PDF, a second download is the same original, and the page number lives in the URL.
 * Then (issue 13 §2) the 宛名 is corrected before the first download, the original downloaded from the
 * completion page and again from the history, and a re-issue asked for with its confirmation.
 * Screenshots of the history at 375/768/1280 px go to tmp/shots/payment-history (looked at by hand).
 */

// Under tmp/ (git-ignored): test-results/ is emptied by the next Playwright run of any helper.
const SHOTS = path.resolve(__dirname, '..', '..', 'tmp', 'shots', 'payment-history');
const COMPANY = 'トヨタ自動車株式会社';

interface Order {
  items: { label: string; quantity: number }[];
  express: boolean;
  receiptRecipient: string;
  /** take screenshots of the confirmation page at 390 and 1280 px under this name */
  shots?: string;
}

/**
 * One order through the purchase pages: search → select → recipient (address from the postal
 * code, a new card in the emulator's payjp.js iframe) → confirmation → 3-D Secure → completion.
 */
async function purchase(page: Page, order: Order): Promise<{ paymentId: string; total: string }> {
  await page.goto('/search');
  await page.getByRole('searchbox', { name: '会社名・フリガナ・法人番号' }).pressSequentially('とよた', { delay: 30 });
  await orderButton(page, COMPANY).click();
  await expect(page).toHaveURL(SELECT_FOR_COMPANY);

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
  if (order.shots) {
    await expect(page.getByTestId('receipt-addressee')).toBeVisible();
    fs.mkdirSync(SHOTS, { recursive: true });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(SHOTS, `${order.shots}-confirmation-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  await page.getByLabel(/同意して注文する/).check();
  await page.getByRole('button', { name: /注文を確定する/ }).click();
  await expect(page.getByRole('heading', { name: '本人認証（3Dセキュア）' })).toBeVisible();
  await page.getByRole('button', { name: '認証成功' }).click();
  await expect(page).toHaveURL(/\/purchase\/completion\?paymentId=[0-9a-f-]{36}$/);
  await expectPaidAndReset(page);
  const paymentId = new URL(page.url()).searchParams.get('paymentId') ?? '';
  const total = ((await page.getByTestId('order-total').textContent()) ?? '').trim();
  return { paymentId, total };
}

test.describe('payment history and receipts', () => {
  test('a member without orders sees the empty state with a way to search', async ({ page }) => {
    await registerThroughPages(page, 'history');
    await page.goto('/my-page/payment-history');
    await expect(page.getByRole('heading', { name: 'お支払い履歴はまだありません' })).toBeVisible();
    await expect(page.getByRole('link', { name: '会社を検索する' })).toHaveAttribute('href', '/search');
    await expect(page.getByRole('link', { name: 'お支払い履歴', exact: true })).toHaveAttribute('aria-current', 'page');
  });

  test('after two purchases: both listed newest first, receipt PDF, the same original on the second download, page in the URL', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await registerThroughPages(page, 'history');
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

    // After a reload the history says the receipt was issued; the link downloads the same original.
    await page.reload();
    const downloadLink = cards.nth(1).getByRole('link', { name: /領収書（PDF）をダウンロード/ });
    await expect(downloadLink).toBeVisible();
    const [popup] = await Promise.all([page.waitForEvent('popup'), downloadLink.click()]);
    const again = await popup.request.get(`/api/download/receipt/${first.paymentId}.pdf`);
    expect(again.headers()['x-receipt-reissue']).toBe('0');
    expect(again.headers()['x-receipt-serial']).toBe(firstPdf.headers()['x-receipt-serial']);
    await popup.close();

    // An id that is not one of the member's orders is not found.
    expect((await page.request.get(`/api/download/receipt/${randomUUID()}.pdf`)).status()).toBe(404);

    // The page number is part of the URL and survives a reload.
    await page.goto('/my-page/payment-history?page=2');
    await page.reload();
    await expect(page.getByText('このページにはお支払い履歴がありません（全1ページ）。')).toBeVisible();
    await page.getByRole('link', { name: '最初のページへ戻る' }).click();
    await expect(page).toHaveURL(/\/my-page\/payment-history$/);
    await expect(cards).toHaveCount(2);
  });
});

/**
 * Clicks a receipt link (it opens a new tab in Chromium's PDF viewer) and returns what the browser
 * received: the headers of that very response, and the PDF's text (fetched again: the viewer keeps
 * the navigation's body to itself, and a later download prints the receipt as it stands).
 */
async function openReceipt(page: Page, link: ReturnType<Page['getByRole']>) {
  const [response, popup] = await Promise.all([
    page.context().waitForEvent('response', (r) => r.url().includes('/api/download/receipt/') && r.request().method() === 'GET'),
    page.waitForEvent('popup'),
    link.click(),
  ]);
  expect(response.status()).toBe(200);
  const headers = response.headers();
  const again = await page.request.get(response.url());
  expect(again.headers()['x-receipt-serial']).toBe(headers['x-receipt-serial']);
  const text = (await pdfText(await again.body())).replace(/[ \t]+/g, ' ');
  await popup.close();
  return { serial: headers['x-receipt-serial'], reissue: headers['x-receipt-reissue'], text };
}

test.describe('the original receipt and its re-issue (issue 13 §2)', () => {
  test('corrects the 宛名 before the first download; completion and history give the same original; 再発行 only on request', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await registerThroughPages(page, 'history');
    // The 宛名 field's own example, with its honorific typed: never 「…御中 様」.
    const order = await purchase(page, {
      items: [{ label: '履歴事項全部証明書', quantity: 1 }],
      express: false,
      receiptRecipient: '株式会社サンプル 総務部 御中',
      shots: 'honorific',
    });
    await expect(page.getByTestId('receipt-addressee')).toHaveText('株式会社サンプル 総務部 御中');
    fs.mkdirSync(SHOTS, { recursive: true });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(SHOTS, `honorific-completion-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // Before the first download the member corrects the 宛名 from the history.
    await page.goto('/my-page/payment-history');
    const card = page.getByRole('article');
    await expect(card.getByTestId('receipt-addressee')).toHaveText('株式会社サンプル 総務部 御中');
    await expect(card.getByTestId('receipt-state')).toContainText('未発行です');
    await card.getByRole('button', { name: /^宛名を変更/ }).click();
    await card.getByLabel('新しい宛名').fill('株式会社サンプル 経理部');
    await expect(card.getByText('表示：株式会社サンプル 経理部 御中')).toBeVisible();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await card.screenshot({ path: path.join(SHOTS, `receipt-addressee-form-${width}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await card.getByRole('button', { name: '宛名を変更する' }).click();
    await expect(card.getByRole('status')).toHaveText('領収書の宛名を変更しました。');
    await expect(card.getByTestId('receipt-addressee')).toHaveText('株式会社サンプル 経理部 御中');

    // The completion page names the corrected 宛名; its link issues the original.
    await page.goto(`/purchase/completion?paymentId=${order.paymentId}`);
    await expect(page.getByTestId('receipt-addressee')).toHaveText('株式会社サンプル 経理部 御中');
    const original = await openReceipt(page, page.getByTestId('receipt-link'));
    expect(original.reissue).toBe('0');
    expect(original.serial).toMatch(/^R-\d{4}-\d{6,}$/);
    expect(original.text).toContain('株式会社サンプル 経理部 御中');
    expect(original.text).not.toContain('再発行');

    // From the history it is still the original: same number, not 再発行.
    await page.goto('/my-page/payment-history');
    await expect(card.getByTestId('receipt-state')).toContainText(`No. ${original.serial}`);
    await expect(card.getByTestId('receipt-state')).toContainText('何度ダウンロードしても同じ原本です。');
    const fromHistory = await openReceipt(page, card.getByRole('link', { name: /領収書（PDF）をダウンロード/ }));
    expect(fromHistory.reissue).toBe('0');
    expect(fromHistory.serial).toBe(original.serial);
    expect(fromHistory.text).not.toContain('再発行');

    fs.mkdirSync(SHOTS, { recursive: true });
    // A re-issue only when asked, after a confirmation that says what it means.
    await card.getByRole('button', { name: /^再発行を依頼/ }).click();
    await expect(card.getByRole('group', { name: '領収書の再発行の確認' })).toContainText('番号・金額・宛名は変わりません。');
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await card.screenshot({ path: path.join(SHOTS, `receipt-reissue-confirm-${width}.png`) });
    }
    await card.getByRole('button', { name: '再発行する' }).click();
    await expect(card.getByRole('status')).toContainText('領収書を再発行しました。');
    await expect(card.getByTestId('receipt-state')).toContainText('再発行しました（ご依頼による再発行）');
    const reissued = await openReceipt(page, card.getByRole('link', { name: /領収書（PDF・再発行）をダウンロード/ }));
    expect(reissued.reissue).toBe('1');
    expect(reissued.serial).toBe(original.serial);
    expect(reissued.text).toContain('再発行');
    expect(reissued.text).toContain('株式会社サンプル 経理部 御中');
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await card.screenshot({ path: path.join(SHOTS, `receipt-reissued-${width}.png`) });
    }
  });
});
