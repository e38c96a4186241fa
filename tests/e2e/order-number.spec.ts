import fs from 'node:fs';
import path from 'node:path';

import { expect, test, type Page } from '@playwright/test';

import { nextMail, registerThroughPages } from './support/members';
import { buyToyota, TOYOTA_NAME as COMPANY } from './support/purchase';
import { E2E_NUMBER_STAFF_FILE } from './support/global-setup';
import { staffLogin } from './support/staff';

/**
 * The order number members quote (issue 13 §2, docs/decisions/0025) in Chromium against the
 * whole stack: a member buys through the purchase pages (3-D Secure at the PAY.JP emulator); the
 * completion page, the confirmation mail and the payment history row all give the same
 * HJ-YYMM-XXXXX; a staff member types it as a member would read it out — lower case, full-width,
 * no hyphens — into the back office's order search and lands on that order. Screenshots of the
 * completion page and history at 390 px and the back office at 1280 px go to tmp/shots/order-number (looked at by hand).
 */

const SHOTS = path.resolve(__dirname, '..', '..', 'tmp', 'shots', 'order-number');
const ORDER_NUMBER = /^HJ-\d{2}(0[1-9]|1[0-2])-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{5}$/;

/** search → select → recipient → confirmation → 3-D Secure → completion; returns the order number shown there. */
async function purchase(page: Page): Promise<string> {
  await buyToyota(page);
  await expect(page.getByTestId('order-status')).toHaveText('お支払い完了', { timeout: 30_000 });
  const shown = page.getByTestId('order-number');
  await expect(shown).toHaveText(ORDER_NUMBER);
  return ((await shown.textContent()) ?? '').trim();
}

/** ASCII → full-width, as a number typed with a Japanese IME in full-width mode comes out. */
const fullWidth = (s: string) => s.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

test('the member sees one short order number on completion, in the mail and in the history; staff open the order by it as typed', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const memberContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const member = await memberContext.newPage();
  const email = await registerThroughPages(member, 'number');
  const orderNumber = await purchase(member);
  await member.screenshot({ path: path.join(SHOTS, 'completion-390.png'), fullPage: true });

  const mail = await nextMail(email);
  expect(mail.text).toContain(`注文番号：${orderNumber}`);

  await member.goto('/my-page/payment-history');
  const card = member.getByRole('article').filter({ hasText: COMPANY });
  await expect(card.getByTestId('order-number')).toHaveText(orderNumber);
  await expect(card.getByRole('definition').filter({ hasText: orderNumber })).toBeVisible();
  await member.screenshot({ path: path.join(SHOTS, 'history-390.png'), fullPage: true });

  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await staffContext.newPage();
  await staffLogin(page, E2E_NUMBER_STAFF_FILE);
  await page.goto('/admin/orders');
  const search = page.getByRole('search', { name: '注文番号で探す' });
  // a number that does not exist: said so, the queue is not shown instead
  await search.getByLabel('注文番号').fill('hj-2611-zzzzy');
  await search.getByRole('button', { name: '注文を開く' }).click();
  await expect(page.getByTestId('order-number-lookup')).toHaveText(
    '注文番号 HJ-2611-ZZZZY のご注文は見つかりませんでした。番号をご確認ください。',
  );
  await page.screenshot({ path: path.join(SHOTS, 'admin-lookup-not-found-1280.png'), fullPage: true });
  // as a member reads it out and staff type it: full-width, lower case, no hyphens
  const typed = fullWidth(orderNumber.replace(/-/g, '').toLowerCase());
  await search.getByLabel('注文番号').fill(typed);
  await search.getByRole('button', { name: '注文を開く' }).click();
  await expect(page).toHaveURL(/\/admin\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('order-number')).toHaveText(orderNumber);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`${COMPANY}のご注文`);
  await page.screenshot({ path: path.join(SHOTS, 'admin-order-1280.png'), fullPage: true });
  // the queue lists it by its number too
  await page.goto('/admin/orders?status=all');
  await expect(page.getByTestId('queue-order-number').filter({ hasText: orderNumber })).toHaveCount(1);
  await page.screenshot({ path: path.join(SHOTS, 'admin-queue-1280.png'), fullPage: true });

  await memberContext.close();
  await staffContext.close();
});
