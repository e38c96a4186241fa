import { expect, test, type Page, type Request } from '@playwright/test';

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
