import { execFileSync } from 'node:child_process';

import { expect, test } from '@playwright/test';

import { registerThroughPages } from './support/members';
import { shoot, shotsDir } from './support/shots';

/**
 * The public API's key page (issue 26 §3) in Chromium against the whole stack: a new member
 * registers, creates a key on /my-page/api, runs the page's own curl example as it is shown (the
 * lean path through server.ts), sees the request on the usage chart, and revokes the key — the
 * same curl line is then refused with a problem in Japanese. Screenshots at 390/1280 px go to
 * tmp/shots/api.
 */

function runCurl(line: string): { status: number; body: string } {
  // The example as the page shows it, with -s and the status appended; run by the shell like a person would.
  const out = execFileSync('bash', ['-c', `${line.replace(/^curl /, 'curl -s -w "\\n%{http_code}" ')}`], { encoding: 'utf8' });
  const at = out.lastIndexOf('\n');
  return { status: Number(out.slice(at + 1)), body: out.slice(0, at) };
}

test('create a key, call the API with the page’s curl example, see it on the chart, revoke it', async ({ page }) => {
  await registerThroughPages(page, 'api');
  await page.goto('/my-page/api');
  await expect(page.getByRole('heading', { name: 'キーを作成' })).toBeVisible();
  await expect(page.getByText('有効なキーはありません。')).toBeVisible();

  // An empty name is refused on the page, in Japanese.
  await page.getByRole('button', { name: '作成する' }).click();
  await expect(page.locator('#api-key-name-error')).toHaveText('キーの名前を入力してください。');
  await expect(page.getByLabel(/キーの名前/)).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel(/キーの名前/).fill('会計システム');
  await page.getByRole('button', { name: '作成する' }).click();
  const key = (await page.getByTestId('api-key-value').textContent()) ?? '';
  expect(key).toMatch(/^hj_live_[A-Za-z0-9_-]{32}$/);
  const curl = (await page.getByTestId('api-curl').textContent()) ?? '';
  expect(curl).toContain(key);
  await shoot(page, shotsDir('api'), 'created');

  const answer = runCurl(curl);
  expect(answer.status).toBe(200);
  expect(JSON.parse(answer.body)).toMatchObject({ items: expect.any(Array), registry: expect.any(Object) });

  // The key list shows the key by its prefix only; the chart shows the request once it is flushed.
  await page.getByRole('button', { name: '保存しました' }).click();
  await expect(page.getByTestId('api-key-value')).toHaveCount(0);
  await expect(page.getByText(key.slice(0, 12) + '…')).toBeVisible();
  await expect(page.getByText(key)).toHaveCount(0);
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByTestId('api-usage-chart').locator('rect[data-requests="1"]').count();
      },
      { timeout: 20_000, intervals: [1_000] },
    )
    .toBe(1);
  await expect(page.getByRole('heading', { name: /過去30日間のリクエスト数（合計 1）/ })).toBeVisible();
  await expect(page.getByText(/^1\s*\/\s*10,000 リクエスト$/)).toBeVisible();
  await shoot(page, shotsDir('api'), 'usage');

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: '無効にする' }).click();
  await expect(page.getByText('有効なキーはありません。')).toBeVisible();
  const refused = runCurl(curl);
  expect(refused.status).toBe(401);
  expect(JSON.parse(refused.body)).toMatchObject({ status: 401, detail: expect.stringContaining('無効') });
});

test('the developer page explains the API and renders the reference from the OpenAPI document', async ({ page }) => {
  await page.goto('/developers');
  await expect(page.getByRole('heading', { level: 1, name: 'hojin API（開発者向け）' })).toBeVisible();
  for (const path of ['/v1/companies/{corporateNumber}', '/v1/companies/batch', '/v1/changes', '/v1/watch']) {
    await expect(page.getByRole('heading', { name: new RegExp(path.replace(/[{}]/g, '.')) }).first()).toBeVisible();
  }
  await expect(page.locator('#terms').getByText('出典：国税庁法人番号公表サイト（国税庁）')).toBeVisible();
  const doc = await page.request.get('/v1/openapi.json');
  expect(doc.status()).toBe(200);
  expect(((await doc.json()) as { openapi: string }).openapi).toBe('3.1.0');
  await shoot(page, shotsDir('api'), 'developers');
});
