import { expect, test, type Page, type Request } from '@playwright/test';

import { enterCard } from './support/card';
import { newMemberLoggedIn } from './support/members';
import { TOYOTA_NAME } from './support/purchase';
import { SELECT_FOR_COMPANY, orderButton } from './support/search-results';

/**
 * What runs on the main thread right after a page loads (issue 13 §1, docs/decisions/0036): no
 * prefetch of the links in view. Every page is rendered per request, so Next's viewport prefetch
 * fetched an empty shell for each link (two requests each, decoded on the main thread inside the
 * page's blocking time) — 4 on the home page, 12 on a search result page with its record links.
 * A click still navigates on the client (no full page load), fetching the page then.
 */
function prefetches(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.searchParams.has('_rsc') || request.headers()['next-router-prefetch'] !== undefined) seen.push(request);
  });
  return seen;
}

test('pages prefetch nothing on load, and links still navigate on the client', async ({ page }) => {
  const seen = prefetches(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.goto(`/search?q=${encodeURIComponent('トヨタ')}`);
  await expect(
    page
      .getByRole('main')
      .getByRole('link', { name: /トヨタ/ })
      .first(),
  ).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(seen.map((r) => r.url())).toEqual([]);

  // A client-side navigation keeps the document: a marker set on window survives it.
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  await page.getByRole('navigation', { name: 'メインメニュー' }).getByRole('link', { name: '法人情報照会' }).click();
  await expect(page).toHaveURL(/\/search-service$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  // the navigation itself fetched the page once (an RSC request, not a prefetch)
  expect(seen.filter((r) => r.headers()['next-router-prefetch'] !== undefined).map((r) => r.url())).toEqual([]);
});

/**
 * Runs in every document before its scripts: records each Intl formatter made and each
 * locale-formatting call. The first of them in a page loads ICU's data on the main thread; a CPU
 * profile of /purchase/select and the confirmation at 4× CPU found `new Intl.NumberFormat('ja-JP')`
 * (the prices' formatYen, first called in the hydration) at ~240 ms of the load — work the public
 * pages do not do (issue 24 §8, docs/decisions/0068).
 */
function watchIcu(): void {
  const calls: string[] = [];
  Object.assign(window, { __icu: calls });
  const wrap = <T extends object>(owner: T, key: keyof T & string, label: string) => {
    const original = owner[key] as unknown as (...args: unknown[]) => unknown;
    const wrapped = new Proxy(original, {
      apply(target, self, args) {
        calls.push(label);
        return Reflect.apply(target, self, args) as unknown;
      },
      construct(target, args, newTarget) {
        calls.push(label);
        return Reflect.construct(target, args, newTarget) as object;
      },
    });
    Object.defineProperty(owner, key, { value: wrapped, configurable: true, writable: true });
  };
  wrap(Intl, 'NumberFormat', 'Intl.NumberFormat');
  wrap(Intl, 'DateTimeFormat', 'Intl.DateTimeFormat');
  wrap(Number.prototype, 'toLocaleString', 'Number#toLocaleString');
  wrap(Date.prototype, 'toLocaleString', 'Date#toLocaleString');
  wrap(Date.prototype, 'toLocaleDateString', 'Date#toLocaleDateString');
  wrap(Date.prototype, 'toLocaleTimeString', 'Date#toLocaleTimeString');
}

const icuCalls = (page: Page) => page.evaluate(() => (window as unknown as { __icu?: string[] }).__icu ?? null);

test('the purchase steps load without making an ICU formatter (prices and dates without Intl)', async ({ page }) => {
  test.setTimeout(240_000);
  await newMemberLoggedIn(page, 'icu');
  await page.addInitScript(watchIcu);
  await page.goto('/search');
  await page.getByRole('searchbox', { name: '会社名・フリガナ・法人番号' }).pressSequentially('とよた', { delay: 30 });
  await orderButton(page, TOYOTA_NAME).click();
  await expect(page).toHaveURL(SELECT_FOR_COMPANY);

  // select as the order buttons open it, loaded afresh: prices rendered in the hydration, then the total from the API
  await page.reload();
  await expect(page.getByLabel('履歴事項全部証明書')).toBeEnabled();
  await expect(page.getByText('1通 1,050円（税込）').first()).toBeVisible();
  await page.getByLabel('履歴事項全部証明書').check();
  await expect(page.getByTestId('total')).toHaveText('1,050円');
  expect(await icuCalls(page)).toEqual([]);

  await page.getByRole('button', { name: 'お届け先の入力へ進む' }).click();
  await expect(page).toHaveURL(/\/purchase\/recipient-info$/);
  await page.reload();
  await expect(page.locator('#recipient')).toBeEnabled();
  await page.locator('#recipient').fill('山田 太郎');
  await page.getByLabel('郵便番号').fill('100-0005');
  await expect(page.getByLabel('市区町村')).toHaveValue('千代田区');
  await page.getByLabel('町名・番地').fill('丸の内1-1-1');
  await page.getByLabel('領収書の宛名').fill('株式会社テスト');
  await enterCard(page);
  await page.getByLabel('カード名義（半角英字）').fill('TARO YAMADA');
  expect(await icuCalls(page)).toEqual([]);
  await page.getByRole('button', { name: 'ご注文内容の確認へ進む' }).click();
  await expect(page).toHaveURL(/\/purchase\/confirmation$/);

  await page.reload();
  await expect(page.getByTestId('total')).toHaveText(/1,050円/);
  expect(await icuCalls(page)).toEqual([]);

  // select from this tab's storage (the spec's route)
  await page.goto('/purchase/select');
  await expect(page.getByTestId('company-name')).toHaveText(TOYOTA_NAME);
  await expect(page.getByTestId('total')).toHaveText('1,050円');
  expect(await icuCalls(page)).toEqual([]);
  // (completion and resume render dates: format.test.ts holds that formatDateTimeJa makes no Intl formatter)
});
