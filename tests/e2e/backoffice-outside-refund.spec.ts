import fs from 'node:fs';
import path from 'node:path';

import { expect, test, type Page } from '@playwright/test';

import { E2E_PAYJP_URL } from './support/e2e-env';
import { E2E_ACCOUNTANT_FILE } from './support/global-setup';
import { nextMail, registerThroughPages } from './support/members';
import { buyToyota } from './support/purchase';
import { staffLogin } from './support/staff';

/**
 * A refund made at PAY.JP's dashboard, not in the back office (decision 0045): the emulator sends
 * charge.refunded to the stack's webhook as PAY.JP does; the manager's order page lists the refund
 * as made outside the back office (一部返金, the amount left to refund smaller), the audit log has
 * its row, and the member is told. Screenshots at 390 and 1280 px go to tmp/shots/backoffice-orders.
 */

const SHOTS = path.resolve(__dirname, '..', '..', 'tmp', 'shots', 'backoffice-orders');
// the e2e stack's PAY.JP test key (as in purchase.spec.ts)
const PAYJP_SECRET_KEY = 'sk_test_hojinlocal0000000000000000';
const AUTH = { Authorization: `Basic ${Buffer.from(`${PAYJP_SECRET_KEY}:`).toString('base64')}` };

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a refund made at PAY.JP’s dashboard shows on the order page and in the audit log as made outside the back office', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const memberContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const member = await memberContext.newPage();
  const email = await registerThroughPages(member, 'outside');
  const orderId = await buyToyota(member, { express: false });
  const confirmation = await nextMail(email);

  // The dashboard: straight to PAY.JP, hojin is not asked.
  const charges = (await (await fetch(`${E2E_PAYJP_URL}/v1/charges?limit=100`, { headers: AUTH })).json()) as {
    data: { id: string; metadata: Record<string, string> | null }[];
  };
  const charge = charges.data.find((c) => c.metadata?.order_id === orderId);
  expect(charge).toBeDefined();
  const refunded = await fetch(`${E2E_PAYJP_URL}/v1/charges/${charge!.id}/refund`, {
    method: 'POST',
    headers: { ...AUTH, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ amount: '300', refund_reason: 'E2E: 電話で返金のご依頼' }).toString(),
  });
  expect(refunded.status).toBe(200);

  // The member is told (the webhook reached the stack and was recorded).
  let mail = await nextMail(email, confirmation.id);
  while (!mail.subject.includes('返金')) mail = await nextMail(email, mail.id);
  expect(mail.text).toContain('E2E: 電話で返金のご依頼');

  const managerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const manager = await managerContext.newPage();
  await staffLogin(manager, E2E_ACCOUNTANT_FILE);
  await manager.goto(`/admin/orders/${orderId}`);
  const list = manager.getByTestId('refund-section').getByTestId('refund-list');
  await expect(list).toContainText('完了・300円');
  await expect(list).toContainText('PAY.JPの管理画面で返金（バックオフィス外）');
  await expect(list).toContainText('E2E: 電話で返金のご依頼');
  await shoot(manager, 'order-detail-outside-refund');

  await manager.goto(`/admin/audit?target=${orderId}`);
  const row = manager.locator('tbody tr', { hasText: '返金（バックオフィス外・PAY.JP）' });
  await expect(row).toHaveCount(1);
  await expect(row.locator('td').nth(1)).toHaveText('PAY.JP');
  await expect(row).toContainText('返金済みの額0円 → 300円');
  await expect(row).toContainText('PAY.JP での返金日時');
  await shoot(manager, 'audit-outside-refund');
});
