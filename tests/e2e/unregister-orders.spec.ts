import path from 'node:path';

import { expect, test } from '@playwright/test';

import { newMemberLoggedIn } from './support/members';
import { buyToyota } from './support/purchase';

/**
 * A member with an order paid but not yet shipped cannot unregister (docs/decisions/0050): the
 * unregister page names the order and says what to do, in place of the form; the API refuses too.
 */

const SHOTS = path.resolve(__dirname, '..', '..', 'tmp', 'shots', 'unregister-orders');

test('the unregister page of a member with an order not yet shipped names it and offers no 退会する', async ({ page }) => {
  test.setTimeout(120_000);
  await newMemberLoggedIn(page, 'bye-with-order');
  await buyToyota(page);
  const orderNumber =
    (
      await page
        .getByText(/HJ-\d{4}-[0-9A-Z]{5}/)
        .first()
        .innerText()
    ).match(/HJ-\d{4}-[0-9A-Z]{5}/)?.[0] ?? '';
  expect(orderNumber).not.toBe('');

  await page.goto('/my-page/unregister');
  const blocked = page.getByTestId('unregister-blocked');
  await expect(blocked).toContainText(
    `お手続き中のご注文（注文番号：${orderNumber}）があるため、退会できません。発送や返金のお知らせをメールでお送りしますので、お手続きの完了後にあらためて退会してください。`,
  );
  await expect(blocked.getByRole('link', { name: 'お支払い履歴を見る' })).toHaveAttribute('href', '/my-page/payment-history');
  await expect(page.getByRole('button', { name: '退会する' })).toHaveCount(0);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `unregister-${width}.png`), fullPage: true });
  }

  // The API says the same to a request that skips the page.
  const csrf = (await (await page.request.get('/api/session/csrf')).json()) as { csrf_token: string };
  const res = await page.request.post('/api/users/unregister', {
    headers: { 'X-CSRF-Token': csrf.csrf_token, 'X-Requested-With': 'XMLHttpRequest', Origin: new URL(page.url()).origin },
    data: { confirm: true, currentPassword: 'sakura-fuji-umi-2026' },
  });
  expect(res.status()).toBe(409);
  expect(((await res.json()) as { error: { code: string } }).error.code).toBe('orders_in_progress');
});
