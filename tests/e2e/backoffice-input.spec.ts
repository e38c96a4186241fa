import { expect, test } from '@playwright/test';

import { E2E_BASE_URL } from './support/e2e-env';
import { E2E_ACCOUNTANT_FILE } from './support/global-setup';
import { staffLogin } from './support/staff';

/**
 * What staff type or bookmark into the back office, against the production build: addresses
 * edited by hand answer the page (never the 500 page), and the API's default validation messages
 * are Japanese — `src/lib/zod-ja.ts` configures zod when it is imported, a side effect the build
 * dropped while package.json said no module of ours has one (the fields said "Invalid UUID").
 */
test('hand-edited back-office addresses answer the page, and the admin API answers in Japanese', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await staffLogin(page, E2E_ACCOUNTANT_FILE);

  for (const path of [
    '/admin/orders?after=2026-99-99T99:99Z_00000000-0000-4000-8000-000000000000',
    '/admin/orders?email=%00',
    '/admin/orders?from=0000-01-01',
  ]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: '注文' })).toBeVisible();
  }
  const audit = await page.goto('/admin/audit?target=%00');
  expect(audit?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: '監査ログ' })).toBeVisible();

  const csrf = ((await (await page.request.get('/api/admin/session/csrf')).json()) as { csrf_token: string }).csrf_token;
  const bad = await page.request.patch('/api/admin/staff/not-a-staff-id', {
    headers: {
      'x-csrf-token': csrf,
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      origin: E2E_BASE_URL,
      'sec-fetch-site': 'same-origin',
    },
    data: { disabled: true },
  });
  expect(bad.status()).toBe(400);
  expect(((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields.id).toBe('スタッフが見つかりません。');
  const unknownKey = await page.request.get('/api/admin/notices?unknown=1');
  expect(unknownKey.status()).toBe(400);
  // zod's own message (no field schema gives one for an unknown key): the Japanese locale's
  const fields = ((await unknownKey.json()) as { error: { fields: Record<string, string> } }).error.fields;
  expect(Object.values(fields).join(' ')).toContain('認識されていないキー');
  expect(Object.values(fields).join(' ')).not.toMatch(/Unrecognized|Invalid/);
});
