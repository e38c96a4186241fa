import { expect, test } from '@playwright/test';

import { E2E_NOTICE_BODY, E2E_NOTICE_TITLE } from './support/global-setup';

test.describe('site shell and public pages', () => {
  test('the home page explains the service in Japanese and its search box leads to /search', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await expect(page).toHaveTitle(/hojin/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('全国の法人を検索して');
    await expect(page.getByRole('navigation', { name: 'メインメニュー' }).getByRole('link', { name: '会社を探す' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'ログイン' })).toBeVisible();
    await expect(page.getByText('出典：国税庁法人番号公表サイト（国税庁）')).toBeVisible();
    await expect(page.getByText(/円（税込）/).first()).toBeVisible();

    await page.getByLabel('会社名・フリガナ・法人番号').fill('トヨタ');
    await page.getByRole('button', { name: '検索する' }).click();
    await expect(page).toHaveURL(/\/search\?q=%E3%83%88%E3%83%A8%E3%82%BF/);
  });

  test('the maintenance banner links to the notice PDF', async ({ page, request }) => {
    await page.goto('/');
    const banner = page.getByTestId('maintenance-banner');
    await expect(banner).toContainText(E2E_NOTICE_TITLE);
    const link = banner.getByRole('link', { name: /詳細（PDF/ });
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/api\/s3\/download\/[0-9a-f-]{36}$/);
    const pdf = await request.get(href ?? '');
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    const now = await request.get('/api/maintenance/now');
    expect((await now.json()).notice.title).toBe(E2E_NOTICE_TITLE);

    // On a phone it stays small above every page: title, period and the text's first two lines,
    // and 「続きを読む」 (a disclosure) shows the whole text; on a desktop the text is whole already.
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await page.screenshot({ path: `tmp/shots/banner/home-${width}.png` });
    }
    const more = banner.locator('summary');
    await expect(more).toBeHidden();
    await page.setViewportSize({ width: 390, height: 844 });
    // title, period, two lines of text, and one line with 「続きを読む」 and the PDF link
    const closed = (await banner.boundingBox())?.height ?? 999;
    expect(closed).toBeLessThanOrEqual(130);
    const text = banner.getByText(E2E_NOTICE_BODY);
    const cut = (await text.boundingBox())?.height ?? 0;
    // the same height once the page's script has run: nothing moves on load
    expect((await text.boundingBox())?.height).toBe(cut);
    await expect(more).toHaveAccessibleName('続きを読む');
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(banner.getByTestId('maintenance-more')).toHaveAttribute('open', '');
    await expect(more).toHaveAccessibleName('閉じる');
    expect((await text.boundingBox())?.height ?? 0).toBeGreaterThan(cut + 10);
    await page.screenshot({ path: `tmp/shots/banner/home-390-open.png` });
    await more.click();
    expect((await text.boundingBox())?.height).toBe(cut);
  });

  test('an unknown page answers 404 with a Japanese page, an unknown API path with JSON', async ({ page, request }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('お探しのページが見つかりませんでした');
    await expect(page.getByRole('link', { name: 'トップページへ戻る' })).toBeVisible();

    const api = await request.get('/api/no-such-endpoint');
    expect(api.status()).toBe(404);
    expect((await api.json()).error.code).toBe('not_found');
  });

  test('a path Next cannot percent-decode answers JSON 400 under /api and a Japanese 404 page elsewhere; /api is JSON 404', async ({
    page,
    request,
  }) => {
    // Next decodes route params itself and, before the proxy handled it, answered a plain-text 500
    // (issue 11 §6): only a request through the real server shows it.
    for (const path of ['/api/%ff', '/api/download/receipt/%ff.pdf', '/api/%E3%81']) {
      for (const method of ['GET', 'POST', 'DELETE']) {
        const res = await request.fetch(path, { method, maxRedirects: 0 });
        expect(res.status(), `${method} ${path}`).toBe(400);
        expect(res.headers()['content-type']).toContain('application/json');
        // toMatchObject: the body also names the request (requestId, docs/decisions/0127)
        expect((await res.json()).error).toMatchObject({
          code: 'bad_request',
          message: 'URL の形式が正しくありません。アドレスをご確認ください。',
        });
      }
    }
    // A well-encoded unknown path still reaches the catch-all.
    expect((await request.get('/api/%E6%97%A5%E6%9C%AC')).status()).toBe(404);
    for (const path of ['/api', '/api/']) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(404);
      expect((await res.json()).error.code, path).toBe('not_found');
    }
    // dynamic segments too (Next decodes them before any page code runs)
    for (const path of ['/search/%ff', '/%ff', '/admin/orders/%ff', '/admin/notices/%zz', '/search-service/%e3%81']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('お探しのページが見つかりませんでした');
      // a router prefetch of the same URL too (the proxy's page matcher skips prefetches otherwise)
      const prefetch = await request.get(path, { headers: { 'next-router-prefetch': '1' } });
      expect(prefetch.status(), `${path} (prefetch)`).toBeLessThan(500);
    }
  });

  test('the header stays usable at 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'メインメニュー' });
    for (const name of ['会社を探す', '法人情報照会', 'ログイン', '会員登録']) await expect(nav.getByRole('link', { name })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('the health endpoint reports the database and the registry ready', async ({ request }) => {
    const res = await request.get('/api/health');
    const body = await res.json();
    expect(body.database.ok).toBe(true);
    expect(res.status()).toBe(body.registry.ok ? 200 : 503);
  });
});

test.describe('help pages', () => {
  const pages = [
    { path: '/help/terms-of-use', h1: '利用規約', footer: '利用規約', text: '第1条（適用）' },
    { path: '/help/privacy-policy', h1: 'プライバシーポリシー', footer: 'プライバシーポリシー', text: '個人情報' },
    {
      path: '/help/specified-commercial-transaction-law',
      h1: '特定商取引法に基づく表記',
      footer: '特定商取引法に基づく表記',
      text: '販売事業者',
    },
  ];
  for (const { path, h1, footer, text } of pages) {
    test(`${h1} is reachable from the footer and names the operator`, async ({ page }) => {
      await page.goto('/');
      await page.getByRole('contentinfo').getByRole('link', { name: footer, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
      await expect(page).toHaveTitle(new RegExp(h1));
      await expect(page.getByText(text).first()).toBeVisible();
      await expect(page.getByRole('main').getByText('株式会社ホウジン（サンプル）').first()).toBeVisible();
      const main = (await page.getByRole('main').textContent()) ?? '';
      for (const leak of ['undefined', 'NaN', '[object Object]', '〇〇']) expect(main).not.toContain(leak);
    });
  }

  test('the 特定商取引法 page lists every certificate with its prices and the delivery windows the order screens use', async ({ page }) => {
    await page.goto('/help/specified-commercial-transaction-law');
    const main = page.getByRole('main');
    for (const name of ['履歴事項全部証明書', '現在事項全部証明書', '閉鎖事項全部証明書', '代表者事項証明書']) {
      await expect(main.getByRole('cell', { name }).first()).toBeVisible();
    }
    await expect(main.getByText(/1,100円/).first()).toBeVisible();
    await expect(main.getByText(/15:00/).first()).toBeVisible();
    // the sample operator's fictitious number, said to be one (issue 24)
    await expect(main.getByText('T0000000000000（見本用の架空の番号です）').first()).toBeVisible();
  });

  test('help pages fit a 375 px screen without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    for (const { path } of pages) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});
