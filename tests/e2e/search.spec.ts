import { type Page, expect, test } from '@playwright/test';

import { SELECT_FOR_COMPANY, orderButton, searchResult, searchResultItems } from './support/search-results';

/**
 * /search journeys against the generated sample registry of the e2e stack. The generator always
 * includes a few fixed companies (tools/registry/nta-synthetic.ts): トヨタ自動車株式会社
 * (愛知県), 株式会社商号変更後 (8040001999013, formerly 株式会社商号変更前), 株式会社清算結了サンプル
 * (closed 2020-03-31) and 国税庁 (国の機関, no commercial registry).
 */

const searchBox = (page: Page) => page.getByRole('searchbox', { name: '会社名・フリガナ・法人番号' });
// A card below 992 px, a table row from there (the default viewport is 1280 px).
const result = searchResult;

function searchRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/corporates/search') seen.push(url.searchParams.get('q') ?? '');
  });
  return seen;
}

test('results appear as the visitor types, the filters go into the URL and a reload keeps them', async ({ page }) => {
  await page.goto('/search');
  await expect(page.getByTestId('sample-data-notice')).toContainText('現在表示しているのはサンプルデータです');
  await expect(page.getByRole('heading', { name: '検索のしかた' })).toBeVisible();

  const seen = searchRequests(page);
  await searchBox(page).pressSequentially('とよた');
  const toyota = result(page, 'トヨタ自動車株式会社');
  await expect(toyota).toBeVisible();
  await expect(toyota).toContainText('愛知県豊田市');
  await expect(page.getByTestId('search-status')).toContainText(/検索結果「とよた」：\d+件/);
  await expect(page).toHaveURL(/\/search\?q=%E3%81%A8%E3%82%88%E3%81%9F$/);
  // Debounced: typing three characters quickly does not send a request per keystroke.
  expect(seen.length).toBeLessThan(3);

  await page.getByLabel('都道府県').selectOption({ label: '愛知県' });
  await expect(page).toHaveURL(/pref=23/);
  await page.getByLabel('法人種別').selectOption({ label: '株式会社' });
  await expect(page).toHaveURL(/kind=301/);
  await expect(toyota).toBeVisible();

  await page.reload();
  await expect(searchBox(page)).toHaveValue('とよた');
  await expect(page.getByLabel('都道府県')).toHaveValue('23');
  await expect(page.getByLabel('法人種別')).toHaveValue('301');
  await expect(result(page, 'トヨタ自動車株式会社')).toBeVisible();
});

test('does not search in the middle of an IME composition', async ({ page }) => {
  await page.goto('/search');
  const seen = searchRequests(page);
  await searchBox(page).focus();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.imeSetComposition', { text: 'とよ', selectionStart: 2, selectionEnd: 2 });
  await expect(searchBox(page)).toHaveValue('とよ');
  // Well past the debounce: nothing may have been searched while the text is still being converted.
  await page.waitForTimeout(800);
  expect(seen).toEqual([]);
  await expect(page).toHaveURL(/\/search$/);

  await cdp.send('Input.insertText', { text: 'トヨタ' });
  await expect(result(page, 'トヨタ自動車株式会社')).toBeVisible();
  expect(seen).toContain('トヨタ');
  expect(seen).not.toContain('とよ');
});

test('closed companies appear only when asked for, with their closing date', async ({ page }) => {
  await page.goto('/search?q=清算結了サンプル');
  await expect(page.getByRole('heading', { name: '「清算結了サンプル」に一致する法人は見つかりませんでした' })).toBeVisible();
  await page.getByLabel('閉鎖した法人も含める').check();
  await expect(page).toHaveURL(/closed=1/);
  const closed = result(page, '株式会社清算結了サンプル');
  // The card says 「閉鎖（2020年3月31日）」; the desktop table puts the date under its 「閉鎖」 badge.
  await expect(closed).toContainText(/閉鎖（?2020年3月31日/);
  await expect(closed).toContainText('清算の結了等');
});

test('a former name finds the company and says so; a 法人番号 finds it directly', async ({ page }) => {
  await page.goto('/search');
  await searchBox(page).fill('商号変更前');
  const renamed = result(page, '株式会社商号変更後');
  await expect(renamed).toContainText('旧商号「株式会社商号変更前」で一致しました');

  await searchBox(page).fill('８０４０－００１９－９９０１３');
  await expect(page.getByTestId('search-status')).toContainText('法人番号「８０４０－００１９－９９０１３」：1件');
  await expect(renamed).toContainText('8040001999013');
  // The card's 「法人情報を見る（無料）」, or the table row's company name.
  await expect(renamed.getByRole('link', { name: /^(法人情報を見る（無料）|株式会社商号変更後)$/ })).toHaveAttribute(
    'href',
    '/search-service/result?corporateNumber=8040001999013',
  );

  await searchBox(page).fill('1040001999013');
  await expect(page.getByRole('alert').filter({ hasText: '法人番号が正しくありません' })).toBeVisible();
  await expect(renamed).toHaveCount(0);
});

test('「もっと見る」 adds the next page of results', async ({ page }) => {
  await page.goto('/search?q=日本');
  const items = searchResultItems(page);
  await expect(items).toHaveCount(20);
  await page.getByRole('button', { name: 'もっと見る' }).click();
  await expect(items).toHaveCount(40);
});

test('「もっと見る」 is disabled until its code has arrived, so an early press is not lost', async ({ page }) => {
  // a slow connection: the results' code (loaded after the page) takes 2.5 s to arrive
  await page.route('**/_next/static/chunks/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await route.continue();
  });
  await page.goto('/search?q=日本', { waitUntil: 'commit' });
  const items = searchResultItems(page);
  await expect(items).toHaveCount(20);
  const more = page.getByRole('button', { name: 'もっと見る' });
  // the server's button, before any script: it says it cannot be pressed yet
  await expect(more).toBeDisabled();
  await page.unrouteAll({ behavior: 'wait' });
  await more.click();
  await expect(items).toHaveCount(40);
});

test('choosing a company stores it for the order and goes on to the purchase (login first when logged out)', async ({ page }) => {
  await page.goto('/search?q=国税庁');
  const nta = result(page, '国税庁');
  await expect(nta).toContainText('登記事項証明書をお取り寄せいただけません');
  await expect(orderButton(page, '国税庁')).toHaveCount(0);

  await searchBox(page).fill('トヨタ自動車');
  await orderButton(page, 'トヨタ自動車株式会社').focus();
  await page.keyboard.press('Enter');
  // Logged out: /purchase/select's login guard replaces it with /login (spec §4).
  await expect(page).toHaveURL(/\/login\?nextPage=/);
  const stored = await page.evaluate(() => ({
    corporate: localStorage.getItem('searched_corporate'),
    query: localStorage.getItem('searched_query'),
  }));
  expect(JSON.parse(stored.corporate ?? '{}')).toMatchObject({ name: 'トヨタ自動車株式会社', kind: '301', prefectureName: '愛知県' });
  expect(JSON.parse(stored.query ?? '{}')).toMatchObject({ q: 'トヨタ自動車' });

  // Back (the guard replaced /purchase/select): the search is restored from the URL.
  await page.goBack();
  await expect(page).toHaveURL(/\/search\?q=/);
  await expect(searchBox(page)).toHaveValue('トヨタ自動車');
  await expect(result(page, 'トヨタ自動車株式会社')).toBeVisible();
});

test('logged in (demo account), the chosen company is on /purchase/select', async ({ page }) => {
  await page.goto('/login?nextPage=/search');
  await page.getByRole('button', { name: 'デモアカウントでログインする' }).click();
  await expect(page).toHaveURL(/\/search$/);
  await searchBox(page).fill('トヨタ自動車');
  await orderButton(page, 'トヨタ自動車株式会社').click();
  await expect(page).toHaveURL(SELECT_FOR_COMPANY);
  await expect(page.getByText('トヨタ自動車株式会社').first()).toBeVisible();
});

test('the home page search box opens /search with the query', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('searchbox', { name: '会社名・フリガナ・法人番号' }).fill('ソニー');
  await page.getByRole('button', { name: '検索する' }).click();
  await expect(page).toHaveURL(/\/search\?q=/);
  await expect(result(page, 'ソニーグループ株式会社')).toBeVisible();
});

for (const width of [375, 768, 1280]) {
  test(`screenshot of the results at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/search?q=日本&closed=1');
    await expect(searchResultItems(page).first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/search-${width}.png`, fullPage: false });
  });
}

/** The text of every script the page loaded (its first load and anything loaded after it). */
function loadedScripts(page: Page): string[] {
  const bodies: string[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script')
      void r.text().then(
        (t) => bodies.push(t),
        () => undefined,
      );
  });
  return bodies;
}

// docs/decisions/0042: the cards, the table and 「もっと見る」 are loaded once there are results.
test('the empty /search does not load the results’ code; with ?q= the server renders them in place and the page keeps them', async ({
  page,
  request,
}) => {
  const empty = loadedScripts(page);
  await page.goto('/search');
  await expect(page.getByRole('heading', { name: '検索のしかた' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // 「検索結果は以上です。」 is only in the results' module.
  expect(empty.length).toBeGreaterThan(0);
  expect(empty.filter((t) => t.includes('検索結果は以上です'))).toEqual([]);

  // Server-rendered in place: in the HTML itself, not streamed into a hidden segment afterwards.
  const html = await (await request.get(`/search?q=${encodeURIComponent('トヨタ自動車')}`)).text();
  expect(html).toMatch(/<ol class="[^"]*" data-search-results=""[^>]*aria-label="検索結果"[^>]*><li[^>]*data-corporate-number="/);
  expect(html).not.toContain('<div hidden id="S:');

  const page2 = await page.context().newPage();
  const withResults = loadedScripts(page2);
  await page2.goto(`/search?q=${encodeURIComponent('トヨタ自動車')}`);
  await expect(result(page2, 'トヨタ自動車株式会社')).toBeVisible();
  await page2.waitForLoadState('networkidle');
  expect(withResults.some((t) => t.includes('検索結果は以上です'))).toBe(true);
  // Focusing the box (a re-render of the search) leaves the results in place.
  await searchBox(page2).focus();
  await expect(result(page2, 'トヨタ自動車株式会社')).toBeVisible();
  await page2.close();
});
