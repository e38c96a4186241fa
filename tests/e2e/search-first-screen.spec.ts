import { type Locator, type Page, expect, test } from '@playwright/test';

/**
 * Issue 24 point 1 (and the record page's and home page's wording of point 4), at 390 × 844 and
 * 1280 × 800 with the e2e stack's maintenance notice on the page: a search opened with a query —
 * the home page's box, any /search?q= link — has its first result on the first screen; an address
 * typed in the name box offers the 所在地 search; the home page says what data is loaded.
 */

const TOYOTA = '1180301018771';

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (b === null) throw new Error('not laid out');
  return b;
}

/** The first result as the width shows it: a card on a phone, a table row on a desk. */
function firstResult(page: Page, width: number): Locator {
  return width < 992
    ? page.getByRole('list', { name: '検索結果' }).getByRole('listitem').first()
    : page
        .getByRole('table', { name: /検索結果/ })
        .locator('tbody')
        .getByRole('row')
        .first();
}

for (const [width, height] of [
  [390, 844],
  [1280, 800],
] as const) {
  test.describe(`${width} × ${height}`, () => {
    test.use({ viewport: { width, height } });

    test('the home page search lands with the first result on the first screen, the notice shown', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('searchbox', { name: '会社名・フリガナ・法人番号' }).fill('日本');
      await page.getByRole('button', { name: '検索する' }).click();
      await expect(page).toHaveURL(/\/search\?q=/);
      const first = firstResult(page, width);
      await expect(first).toBeVisible();
      await expect(page.getByTestId('maintenance-banner')).toBeVisible();
      const b = await box(first);
      const name = await box(first.getByRole(width < 992 ? 'heading' : 'rowheader').first());
      console.log(`${width}×${height}: first result top ${Math.round(b.y)} px, its name's bottom ${Math.round(name.y + name.height)} px`);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      // The company's name can be read without scrolling (on a desk, the whole row).
      expect(name.y + name.height).toBeLessThanOrEqual(height);
      if (width >= 992) expect(b.y + b.height).toBeLessThanOrEqual(height);
      await page.screenshot({ path: `test-results/search-first-screen-${width}.png` });
    });

    test("a shared /search?q= link lands the same way in the server's HTML, before the page's code has run", async ({ page }) => {
      // The app's chunks never arrive: what is laid out is the server's HTML (its inline streaming scripts still run).
      await page.route('**/_next/static/**/*.js', (route) => route.abort());
      await page.goto('/search?q=日本');
      const first = firstResult(page, width);
      await expect(first).toBeVisible();
      const name = await box(first.getByRole(width < 992 ? 'heading' : 'rowheader').first());
      expect(name.y + name.height).toBeLessThanOrEqual(height);
    });

    test('an address typed in the name box offers the 所在地 search, which finds the companies there', async ({ page }) => {
      await page.goto(`/search?q=${encodeURIComponent('愛知県豊田市')}`);
      await expect(page.getByRole('heading', { name: '「愛知県豊田市」に一致する法人は見つかりませんでした' })).toBeVisible();
      const offer = page.getByRole('link', { name: '「愛知県豊田市」を所在地で検索する' });
      await expect(offer).toBeInViewport();
      await page.screenshot({ path: `test-results/search-address-offer-${width}.png` });
      await offer.click();
      await expect(page).toHaveURL(`/search?addr=${encodeURIComponent('愛知県豊田市')}`);
      await expect(page.getByTestId('search-status')).toContainText('所在地「愛知県豊田市」');
      const first = firstResult(page, width);
      await expect(first).toBeVisible();
      await expect(first).toContainText('愛知県豊田市');
    });

    test('the home page says the loaded registry is sample data and how many companies, not 約580万', async ({ page }) => {
      await page.goto('/');
      const lead = page.getByText(/商号・フリガナ・法人番号からすぐに検索できます/);
      await expect(lead).toContainText(/サンプルデータ（自動生成した架空の法人[\d,]+件）/);
      await expect(page.locator('main')).not.toContainText('580万');
    });

    test("the record page's 登録状況 is dated by the invoice data, not by today", async ({ page }) => {
      await page.goto(`/search-service/result?corporateNumber=${TOYOTA}`);
      const invoice = page.getByRole('region', { name: '適格請求書発行事業者（インボイス）の登録' });
      await expect(invoice).toContainText(/登録状況（\d{4}年\d{1,2}月\d{1,2}日時点の公表データ）/);
      await expect(invoice).not.toContainText('現在）');
    });
  });
}
