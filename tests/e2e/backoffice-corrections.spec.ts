import fs from 'node:fs';
import path from 'node:path';

import { expect, test, type Page } from '@playwright/test';

import { E2E_ORDER_STAFF_FILE } from './support/global-setup';
import { staffLogin } from './support/staff';
import { nextMail, registerThroughPages } from './support/members';
import { buyToyota } from './support/purchase';

/**
 * Two corrections staff make on a paid order before it ships (issue 24 §3): 「お届け先を訂正する」
 * (the member's order form's rules, messages per field) and 「領収書メールを再送する」 (the member gets
 * the order confirmation with the receipt link again). Screenshots at 1280 and 390 px go to
 * tmp/shots/backoffice-corrections (looked at by hand); neither width scrolls sideways.
 */

const SHOTS = path.resolve(__dirname, '..', '..', 'tmp', 'shots', 'backoffice-corrections');

async function shootBoth(page: Page, name: string, target: ReturnType<Page['getByRole']>) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await target.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`) });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width} px`).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('staff correct the delivery address of a paid order and resend the receipt mail', async ({ browser }) => {
  test.setTimeout(180_000);
  const memberContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const member = await memberContext.newPage();
  const email = await registerThroughPages(member, 'fix');
  const orderId = await buyToyota(member);
  const confirmation = await nextMail(email);

  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await staffContext.newPage();
  await staffLogin(page, E2E_ORDER_STAFF_FILE);
  await page.goto(`/admin/orders/${orderId}`);
  const destSection = page.getByRole('region', { name: 'お届け先・領収書' });
  await expect(destSection).toContainText('山田 太郎');

  // the form opens with the order's values; a bad postcode is refused with the member form's message
  await destSection.getByText('お届け先を訂正する', { exact: true }).first().click();
  const form = page.getByRole('form', { name: 'お届け先の訂正' });
  await expect(form.getByLabel('郵便番号')).not.toHaveValue('');
  await form.getByLabel('郵便番号').fill('abc');
  await form.getByRole('button', { name: 'お届け先を訂正する' }).click();
  await expect(form.getByText('郵便番号は7桁の数字で入力してください。')).toBeVisible();
  await expect(form.getByLabel('郵便番号')).toHaveAttribute('aria-invalid', 'true');
  await shootBoth(page, 'destination-error', form);

  await form.getByLabel('郵便番号').fill('100-0001');
  await form.getByLabel('都道府県').selectOption({ label: '東京都' });
  await form.getByLabel('市区町村').fill('千代田区');
  await form.getByLabel('番地').fill('千代田1-1');
  await form.getByRole('button', { name: 'お届け先を訂正する' }).click();
  await expect(form.getByRole('status')).toContainText('お届け先を訂正しました。');
  await shootBoth(page, 'destination-done', form);
  await page.reload();
  await expect(page.getByRole('region', { name: 'お届け先・領収書' })).toContainText('千代田区千代田1-1');

  // the receipt mail again: the member gets the confirmation with the receipt link a second time
  await page.getByRole('button', { name: '領収書メールを再送する' }).click();
  await expect(page.getByText('領収書のリンクを載せたご注文確認メールを会員に再送しました。')).toBeVisible();
  await shootBoth(page, 'receipt-resent', page.getByRole('button', { name: '領収書メールを再送する' }));
  const again = await nextMail(email, confirmation.id);
  expect(again.subject).toBe(confirmation.subject);
  expect(again.text).toContain('/api/download/receipt/');

  await memberContext.close();
  await staffContext.close();
});
