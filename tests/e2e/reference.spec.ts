import fs from 'node:fs';
import path from 'node:path';

import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

/**
 * The free reference service (issue 4). Data: the fixed companies of the sample registry
 * generator (tools/registry/nta-synthetic.ts fixedEntities) and their fixed invoice
 * outcomes (tools/registry/invoice-synthetic.ts); numbers the test does not know it
 * asks the API for first.
 */

const TOYOTA = '1180301018771';
const RENAMED = '8040001999013'; // 株式会社商号変更前 → 株式会社商号変更後 (2017-05-09)
const SHOTS = path.resolve(__dirname, '..', '..', 'tmp', 'shots', 'reference');

/** The entry's search is /search's (issue 24 point 4): at the suite's 1280 px its results are the table. */
async function searchFromEntry(page: Page, q: string, options: { includeClosed?: boolean } = {}) {
  await page.goto('/search-service');
  if (options.includeClosed) await page.getByLabel('閉鎖した法人も含める').check();
  await page.getByRole('searchbox', { name: '会社名・フリガナ・法人番号' }).fill(q);
  await page.getByRole('button', { name: '検索', exact: true }).click();
}

const resultsTable = (page: Page) => page.getByRole('table', { name: /検索結果/ });

async function numberOf(request: APIRequestContext, q: string): Promise<string> {
  const res = await request.get(`/api/corporates-search/search?q=${encodeURIComponent(q)}&includeClosed=1`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { items: { corporateNumber: string; name: string }[] };
  const hit = body.items.find((c) => c.name.includes(q));
  expect(hit, `${q} is in the sample registry`).toBeDefined();
  return hit?.corporateNumber ?? '';
}

test.describe('法人情報照会', () => {
  test('searches by name from /search-service and opens a record with every field', async ({ page }) => {
    await searchFromEntry(page, 'トヨタ自動車');
    await expect(page).toHaveURL(/\/search-service\?q=/);
    const results = resultsTable(page);
    await results
      .getByRole('link', { name: /トヨタ自動車株式会社/ })
      .first()
      .click();
    await expect(page).toHaveURL(`/search-service/result?corporateNumber=${TOYOTA}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('トヨタ自動車株式会社');
    const basic = page.getByRole('region', { name: '基本情報' });
    for (const label of [
      '法人番号',
      '商号又は名称',
      'フリガナ',
      '英語表記',
      '法人種別',
      '本店又は主たる事務所の所在地',
      '国外所在地',
      '会社法人等番号',
      '法人番号指定年月日',
      '最終更新年月日',
    ]) {
      await expect(basic.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(basic).toContainText('〒471-8571');
    await expect(basic).toContainText('TOYOTA MOTOR CORPORATION');
    await expect(basic).toContainText('1803-01-018771');
    const invoice = page.getByRole('region', { name: '適格請求書発行事業者（インボイス）の登録' });
    await expect(invoice).toContainText(`T${TOYOTA}`);
    await expect(invoice).toContainText('2023年10月1日');
    await expect(invoice).toContainText('登録されています');
    await expect(page.getByRole('article').getByText('出典：国税庁法人番号公表サイト（国税庁）')).toBeVisible();
    await expect(page.getByRole('button', { name: 'この法人の証明書を申請する' })).toBeVisible();
  });

  test('searches by reading and by corporate number', async ({ page }) => {
    await searchFromEntry(page, 'とよたじどうしゃ');
    await expect(resultsTable(page).getByRole('link', { name: /トヨタ自動車株式会社/ })).toBeVisible();

    // A full 法人番号 finds its company, even typed with full-width digits and hyphens; the row opens the record.
    await searchFromEntry(page, '１１８０３－０１０１－８７７１');
    await expect(page.getByTestId('search-status')).toContainText('法人番号');
    await resultsTable(page).getByRole('link', { name: 'トヨタ自動車株式会社', exact: true }).click();
    await expect(page).toHaveURL(`/search-service/result?corporateNumber=${TOYOTA}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('トヨタ自動車株式会社');
  });

  test('a closed company shows the date, the cause in words and a link to its successor', async ({ page, request }) => {
    const merged = await numberOf(request, '合併消滅サンプル');
    await searchFromEntry(page, '合併消滅サンプル', { includeClosed: true });
    await resultsTable(page)
      .getByRole('link', { name: /株式会社合併消滅サンプル/ })
      .click();
    await expect(page).toHaveURL(`/search-service/result?corporateNumber=${merged}`);
    const banner = page.getByRole('note', { name: '登記記録の閉鎖等' });
    await expect(banner).toContainText('2019年1月1日に登記記録が閉鎖されています');
    await expect(banner).toContainText('事由：合併による解散等');
    await banner.getByRole('link', { name: /トヨタ自動車株式会社/ }).click();
    await expect(page).toHaveURL(`/search-service/result?corporateNumber=${TOYOTA}`);
  });

  test('a renamed company is found by its former name and shows the change in its timeline', async ({ page }) => {
    await searchFromEntry(page, '商号変更前');
    const row = resultsTable(page)
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: '株式会社商号変更後', exact: true }) });
    await expect(row).toContainText('旧商号「株式会社商号変更前」');
    await row.getByRole('link', { name: '株式会社商号変更後', exact: true }).click();
    await expect(page).toHaveURL(`/search-service/result?corporateNumber=${RENAMED}`);
    const timeline = page.getByRole('list', { name: '変更履歴（新しい順）' });
    const latest = timeline.getByRole('listitem').first();
    await expect(latest).toContainText('2017年5月9日');
    await expect(latest).toContainText('商号又は名称の変更');
    await expect(latest).toContainText('株式会社商号変更前 → 株式会社商号変更後');
  });

  test('the record page source has the canonical URL, title, description and Organization JSON-LD', async ({ request }) => {
    const res = await request.get(`/search-service/result?corporateNumber=${RENAMED}`);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain(
      `<link rel="canonical" href="http://localhost:${new URL(res.url()).port}/search-service/result?corporateNumber=${RENAMED}"/>`,
    );
    expect(html).toMatch(/<title>株式会社商号変更後（法人番号 8040001999013）の法人情報｜/);
    expect(html).toMatch(/<meta name="description" content="株式会社商号変更後（株式会社）の法人番号8040001999013/);
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
    expect(ld).not.toBeNull();
    const data = JSON.parse(ld?.[1] ?? '{}') as Record<string, unknown>;
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: '株式会社商号変更後',
      taxID: RENAMED,
      alternateName: expect.arrayContaining(['株式会社商号変更前']),
      identifier: expect.arrayContaining([expect.objectContaining({ propertyID: '法人番号', value: RENAMED })]),
    });
    // Any other spelling of the number redirects to the one canonical URL.
    const alias = await request.get(`/search-service/result?corporateNumber=8040-001-999013&utm_source=x`, { maxRedirects: 0 });
    expect(alias.status()).toBe(308);
    expect(alias.headers()['location']).toBe(`/search-service/result?corporateNumber=${RENAMED}`);
  });

  test('unknown and malformed numbers: 404 page and API, 400 API with Japanese messages', async ({ page, request }) => {
    // 7100000000000: a valid check digit, but no such company.
    const unknown = await page.goto('/search-service/result?corporateNumber=7100000000000');
    expect(unknown?.status()).toBe(404);
    // said as the company not being found, with the search to try again — not 「URL に誤りがあるか…」
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('法人情報が見つかりませんでした');
    await expect(page.getByRole('alert').filter({ hasText: 'この法人番号の会社は見つかりませんでした。' })).toBeVisible();
    await expect(page.getByRole('link', { name: '法人情報照会で検索する' })).toHaveAttribute('href', '/search-service');
    await expect(page.getByText('URL に誤りがあるか')).toHaveCount(0);
    const malformed = await page.goto('/search-service/result?corporateNumber=1000000000001');
    await expect(page.getByRole('alert').filter({ hasText: '法人番号が正しくありません' })).toBeVisible();
    expect(malformed?.status()).toBe(200);
    await expect(page.getByRole('link', { name: '「1000000000001」を法人情報照会で検索する' })).toHaveAttribute(
      'href',
      '/search-service?q=1000000000001',
    );
    const api404 = await request.get('/api/corporates-search/get-corp-info?corporateNumber=7100000000000');
    expect(api404.status()).toBe(404);
    expect((await api404.json()).error.message).toContain('見つかりませんでした');
    const api400 = await request.get('/api/corporates-search/get-corp-info?corporateNumber=abc');
    expect(api400.status()).toBe(400);
    expect((await api400.json()).error.message).toBe('法人番号は13桁の数字で入力してください。');
  });

  test('invoice data: a cancelled registration and a company absent from the data are told apart', async ({ page, request }) => {
    const tm = await numberOf(request, 'Ｔ＆Ｍコンサルティング');
    await page.goto(`/search-service/result?corporateNumber=${tm}`);
    const invoice = page.getByRole('region', { name: '適格請求書発行事業者（インボイス）の登録' });
    await expect(invoice).toContainText('登録が取り消されています');
    await expect(invoice).toContainText('2025年6月30日');
    const cafe = await numberOf(request, 'ｶﾌｪﾗﾃ');
    await page.goto(`/search-service/result?corporateNumber=${cafe}`);
    // Absent from the loaded data: 登録なし as of the data's date, as the bulk check and watch list say (decision 0048).
    const absent = page.getByRole('region', { name: '適格請求書発行事業者（インボイス）の登録' });
    await expect(absent).toContainText(/登録なし（\d{4}年\d{1,2}月\d{1,2}日時点の公表データ）/);
    await expect(absent).not.toContainText('不明');
  });

  test('recent searches are remembered in this browser and the order button hands the company to the purchase flow', async ({ page }) => {
    await searchFromEntry(page, 'トヨタ自動車');
    await expect(resultsTable(page)).toBeVisible();
    // The search is recorded once it has found companies.
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('search_service_recent'))).toContain('トヨタ自動車');
    await page.goto('/search-service');
    const recent = page.getByRole('region', { name: '最近の検索' });
    await expect(recent.getByRole('link', { name: 'トヨタ自動車' })).toBeVisible();
    const stored = await page.evaluate(() => window.localStorage.getItem('search_service_recent'));
    expect(JSON.parse(stored ?? '[]')).toEqual([{ q: 'トヨタ自動車' }]);

    await page.goto(`/search-service/result?corporateNumber=${TOYOTA}`);
    await page.getByRole('button', { name: 'この法人の証明書を申請する' }).click();
    // /purchase/select for this company (its 法人番号 in the URL, docs/decisions/0033), or the login on the way there
    await expect(page).toHaveURL(
      new RegExp(`/(purchase/select\\?corporateNumber=${TOYOTA}|login\\?nextPage=%2Fpurchase%2Fselect%3FcorporateNumber%3D${TOYOTA})$`),
    );
    const corporate = JSON.parse((await page.evaluate(() => window.localStorage.getItem('searched_corporate'))) ?? 'null') as Record<
      string,
      unknown
    >;
    expect(corporate).toMatchObject({ corporateNumber: TOYOTA, name: 'トヨタ自動車株式会社', kind: '301', closed: false });
  });

  test("the entry has /search's search: 都道府県・市区町村・所在地・法人種別, its URL parameters, the sample-data box (issue 24 point 4)", async ({
    page,
  }) => {
    await page.goto(`/search-service?addr=${encodeURIComponent('愛知県豊田市')}&kind=301`);
    await expect(page.getByTestId('sample-data-notice')).toBeVisible();
    for (const label of ['都道府県', '所在地', '法人種別', '閉鎖した法人も含める'])
      await expect(page.getByLabel(label, { exact: true })).toBeVisible();
    await expect(page.getByTestId('search-status')).toContainText('所在地「愛知県豊田市」');
    const rows = resultsTable(page).locator('tbody').getByRole('row');
    await expect(rows.first()).toBeVisible();
    const kinds = await rows.evaluateAll((rs) => rs.map((r) => r.querySelectorAll('td')[2]?.textContent ?? ''));
    expect(kinds.length).toBeGreaterThan(0);
    for (const kind of kinds) expect(kind).toBe('株式会社');
    await expect(rows.first()).toContainText('愛知県豊田市');

    // 都道府県 then its 市区町村, written to this page's URL with /search's names.
    await page.getByLabel('都道府県', { exact: true }).selectOption('23');
    const city = page.getByLabel('市区町村', { exact: true });
    await expect(city).toBeVisible();
    await expect(page).toHaveURL(/\/search-service\?.*pref=23/);

    // The former result list's URLs (「最近の検索」 saved before, shared links) land on the same search.
    await page.goto(`/search-service/result?q=${encodeURIComponent('トヨタ')}&prefecture=23&includeClosed=1&cursor=x`);
    await expect(page).toHaveURL(`/search-service?q=${encodeURIComponent('トヨタ')}&pref=23&closed=1`);
    await expect(page.getByLabel('閉鎖した法人も含める')).toBeChecked();
    await expect(resultsTable(page).getByRole('link', { name: 'トヨタ自動車株式会社', exact: true })).toBeVisible();
  });

  test('the pages fit 375, 768 and 1280 px without sideways scrolling (screenshots in tmp/shots/reference)', async ({ page, request }) => {
    fs.mkdirSync(SHOTS, { recursive: true });
    const merged = await numberOf(request, '合併消滅サンプル');
    const pages = {
      entry: '/search-service',
      list: `/search-service?q=${encodeURIComponent('サンプル')}&closed=1`,
      record: `/search-service/result?corporateNumber=${RENAMED}`,
      closed: `/search-service/result?corporateNumber=${merged}`,
      terms: '/search-service/help/terms-of-use',
    };
    for (const width of [375, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [name, url] of Object.entries(pages)) {
        await page.goto(url);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${name} at ${width}px`).toBeLessThanOrEqual(0);
        await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
      }
    }
  });
});
