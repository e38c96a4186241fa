import { type Page, expect, test } from '@playwright/test';

/**
 * The search page's geometry (issue 13 point 2): on a phone the first result is right under the
 * input while the visitor types (the on-screen keyboard covers ~40 % of the screen), and on a
 * desktop the results are a dense table, 20 rows within ~1,200 px. The e2e stack publishes a
 * maintenance notice, so the banner is on the page too.
 */

const searchBox = (page: Page) => page.getByRole('searchbox', { name: '会社名・フリガナ・法人番号' });

async function box(page: Page, locator: ReturnType<Page['locator']>) {
  const b = await locator.boundingBox();
  if (b === null) throw new Error('not laid out');
  return b;
}

test.describe('phone, 390 × 844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('while typing, the header and the banner are compact and the first result is right under the input', async ({ page }) => {
    await page.goto('/search');
    await expect(page.getByTestId('maintenance-banner')).toBeVisible();
    const input = searchBox(page);
    const before = await box(page, input);

    await input.click();
    await input.pressSequentially('日本');
    const results = page.getByRole('list', { name: '検索結果' });
    const first = results.getByRole('listitem').first();
    await expect(first).toBeVisible();
    await expect(input).toBeFocused();
    // The cards stay on a phone; the desktop table is not shown.
    await expect(page.getByRole('table', { name: /検索結果/ })).toBeHidden();

    const inputBox = await box(page, input);
    const firstBox = await box(page, first);
    console.log(
      `390×844: input bottom ${Math.round(before.y + before.height)} → ${Math.round(inputBox.y + inputBox.height)} px, ` +
        `first result top → ${Math.round(firstBox.y)} px`,
    );
    expect(inputBox.y).toBeGreaterThanOrEqual(0);
    expect(firstBox.y).toBeGreaterThan(inputBox.y + inputBox.height);
    expect(firstBox.y).toBeLessThanOrEqual(350);
    // Above the keyboard (the top 60 % of the screen): the first company's name can be read.
    const name = await box(page, first.getByRole('heading', { level: 3 }));
    expect(name.y + name.height).toBeLessThanOrEqual(844 * 0.6);

    // Compact, not gone: the banner still names the notice and the header still links home.
    await expect(page.getByTestId('maintenance-banner')).toBeVisible();
    expect((await box(page, page.getByTestId('maintenance-banner'))).height).toBeLessThanOrEqual(48);
    await expect(page.getByRole('link', { name: /トップページ/ })).toBeVisible();
    expect((await box(page, page.locator('header').first())).height).toBeLessThanOrEqual(56);

    // Cleared and left, the page is back to its full form.
    await input.fill('');
    await input.blur();
    await expect.poll(async () => (await box(page, page.getByRole('heading', { level: 1, name: '会社検索' }))).height).toBeGreaterThan(1);
    expect((await box(page, page.getByTestId('maintenance-banner'))).height).toBeGreaterThan(48);
  });

  test('no horizontal overflow with results, and the page is back in full after the query is cleared', async ({ page }) => {
    await page.goto('/search?q=日本&closed=1');
    await expect(page.getByRole('list', { name: '検索結果' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // Opened with a query (from the home page or a shared link), the page is compact from the start
    // (issue 24 point 1; search-first-screen.spec.ts): the heading is there for assistive technology, out of sight.
    const heading = page.getByRole('heading', { level: 1, name: '会社検索' });
    await expect(heading).toBeAttached();
    expect((await box(page, heading)).height).toBeLessThanOrEqual(1);
    await page.screenshot({ path: 'test-results/search-layout-390.png' });
    await searchBox(page).fill('');
    await page.getByRole('button', { name: '検索', exact: true }).focus();
    await expect.poll(async () => (await box(page, heading)).height).toBeGreaterThan(1);
    await page.screenshot({ path: 'test-results/search-layout-390-cleared.png' });
  });
});

test.describe('desktop, 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('results are a dense table: 20 rows within 1,200 px, each linking to its record page', async ({ page }) => {
    await page.goto('/search?q=日本');
    const table = page.getByRole('table', { name: /検索結果/ });
    await expect(table).toBeVisible();
    await expect(page.getByRole('list', { name: '検索結果' })).toBeHidden();
    await expect(table.getByRole('columnheader')).toHaveText(['商号／フリガナ', '法人番号', '所在地', '法人種別', '状態', 'お申し込み']);
    const rows = table.locator('tbody').getByRole('row');
    await expect(rows).toHaveCount(20);
    const t = await box(page, table);
    console.log(`1280: 20 rows in ${Math.round(t.height)} px`);
    expect(t.height).toBeLessThanOrEqual(1200);

    // The 「もっと見る」 button and the CSV download stay.
    await expect(page.getByRole('button', { name: 'もっと見る' })).toBeVisible();
    await expect(page.getByTestId('search-csv')).toBeVisible();
    await page.screenshot({ path: 'test-results/search-layout-1280.png' });

    // Keyboard: the company name is a link to its record page.
    const link = rows.first().getByRole('rowheader').getByRole('link');
    const number = await rows.first().getAttribute('data-corporate-number');
    await expect(link).toHaveAttribute('href', `/search-service/result?corporateNumber=${number}`);
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/search-service/result\\?corporateNumber=${number}$`));
  });

  test('a row shows closing, the order rule and the former name; clicking the row opens the record', async ({ page }) => {
    await page.goto('/search?q=清算結了サンプル&closed=1');
    const closed = page.getByRole('row').filter({ has: page.getByRole('link', { name: '株式会社清算結了サンプル', exact: true }) });
    await expect(closed.getByRole('cell').nth(3)).toContainText('閉鎖2020年3月31日');
    await expect(closed).toContainText('清算の結了等');

    await page.goto('/search?q=国税庁');
    const nta = page.getByRole('row').filter({ has: page.getByRole('link', { name: '国税庁', exact: true }) });
    await expect(nta).toContainText('取り寄せできません');
    await expect(nta.getByRole('button')).toHaveCount(0);

    await page.goto('/search?q=商号変更前');
    const renamed = page.getByRole('row').filter({ has: page.getByRole('link', { name: '株式会社商号変更後', exact: true }) });
    await expect(renamed).toContainText('旧商号「株式会社商号変更前」で一致');
    await expect(renamed.getByRole('button', { name: '株式会社商号変更後の証明書を申請する' })).toBeVisible();
    await renamed.getByRole('cell').nth(1).click();
    await expect(page).toHaveURL(/\/search-service\/result\?corporateNumber=8040001999013$/);
  });
});
