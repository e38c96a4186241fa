import { type Page, expect, test } from '@playwright/test';

import { searchResult } from './support/search-results';

/**
 * The search by place (issue 14 §2): 都道府県, then a 市区町村 from the registry's own list, then
 * the address field (part of the 所在地, NTA's 所在地 search). The sample registry of the e2e stack
 * always holds 株式会社ヤエス精機 at 東京都千代田区丸の内二丁目７番２号 — written with 漢数字 as 登記
 * writes it (tools/registry/nta-synthetic.ts fixedEntities) — and no other company in 丸の内二丁目.
 */

const result = searchResult;

function addressSearches(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/corporates/search') seen.push(url.searchParams.get('address') ?? '');
  });
  return seen;
}

async function searchByPlace(page: Page): Promise<void> {
  await page.goto('/search');
  const seen = addressSearches(page);
  await page.getByLabel('都道府県').selectOption({ label: '東京都' });
  const city = page.getByLabel('市区町村');
  // The list comes from the registry (GET /api/corporates/cities) once a prefecture is chosen.
  await expect(city.getByRole('option', { name: '千代田区', exact: true })).toBeAttached();
  await city.selectOption({ label: '千代田区' });
  await expect(page).toHaveURL(/pref=13&city=101/);

  // Digits where the registry has 漢数字: 「丸の内2丁目」 finds 「丸の内二丁目７番２号」.
  const address = page.getByRole('textbox', { name: '所在地' });
  await address.pressSequentially('丸の内2丁目');
  const company = result(page, '株式会社ヤエス精機');
  await expect(company).toBeVisible();
  await expect(company).toContainText('東京都千代田区丸の内二丁目７番２号');
  await expect(page.getByTestId('search-status')).toContainText('所在地「丸の内2丁目」：1件');
  await expect(page).toHaveURL(/pref=13&city=101&addr=%E4%B8%B8%E3%81%AE%E5%86%852%E4%B8%81%E7%9B%AE/);
  // Searched as typed after a pause, not once per keystroke, and never with one character.
  expect(seen.length).toBeLessThan(6);
  expect(seen).not.toContain('丸');

  // A reload keeps the search.
  await page.reload();
  // On a phone a search in the URL lands compact (issue 24 §1, decision 0056): the filters wait behind 「絞り込み」.
  const toggle = page.getByRole('button', { name: /^絞り込み/ });
  if (await toggle.isVisible()) {
    await expect(async () => {
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
      await expect(page.getByRole('textbox', { name: '所在地' })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
  }
  await expect(page.getByRole('textbox', { name: '所在地' })).toHaveValue('丸の内2丁目');
  await expect(page.getByLabel('市区町村')).toHaveValue('101');
  await expect(result(page, '株式会社ヤエス精機')).toBeVisible();
}

test('都道府県 → 市区町村 → 所在地 finds the company registered there', async ({ page }) => {
  await searchByPlace(page);

  // Combined with a name: the address narrows the name search.
  await page.getByRole('searchbox', { name: '会社名・フリガナ・法人番号' }).fill('ヤエス');
  await expect(page.getByTestId('search-status')).toContainText('検索結果「ヤエス」（所在地「丸の内2丁目」）：1件');
  await expect(result(page, '株式会社ヤエス精機')).toBeVisible();

  await page.screenshot({ path: 'test-results/search-place-1280.png', fullPage: false });

  // Another 丁目 of the same street: nobody is registered there.
  await page.getByRole('textbox', { name: '所在地' }).fill('丸の内3丁目');
  await expect(page.getByRole('heading', { name: '「ヤエス、所在地：丸の内3丁目」に一致する法人は見つかりませんでした' })).toBeVisible();
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the same search by place works and the address field fits the screen', async ({ page }) => {
    await searchByPlace(page);
    const box = await page.getByRole('textbox', { name: '所在地' }).boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    expect(box?.width ?? 0).toBeGreaterThan(300);
    // No sideways scrolling on the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'test-results/search-place-390.png', fullPage: true });
  });
});
