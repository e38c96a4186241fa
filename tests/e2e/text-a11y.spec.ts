import fs from 'node:fs';
import path from 'node:path';

import { expect, type Page, test } from '@playwright/test';

import { withCheckDigit } from '@/features/registry/corporate-number';
import { registerThroughPages } from './support/members';

/**
 * Issue 24 point 4 (members): the bulk check's former names and line numbers, the CSV files' Excel
 * form, the watch page's mail setting and 承継先, and three accessibility points — the watch
 * button's name holds its visible text, no empty status region per result, focus on the new page's
 * heading after a client navigation. At 390 px and 1280 px; screenshots to tmp/shots/text.
 * The sample registry (tools/registry/nta-synthetic.ts): ソニー株式会社 → ソニーグループ株式会社
 * (5010401067252); 株式会社合併消滅サンプル merged into トヨタ自動車株式会社.
 */

const SHOTS = path.resolve(__dirname, '..', '..', 'tmp', 'shots', 'text');
const SONY = '5010401067252';
const TOYOTA = '1180301018771';
/** 株式会社合併消滅サンプル: merged into トヨタ自動車株式会社 (nta-synthetic.ts `fictional(7, '23')`). */
const MERGED = withCheckDigit('234901000007');
const WIDTHS = [390, 1280] as const;

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, name), fullPage: true });
}

for (const width of WIDTHS) {
  test(`bulk check at ${width} px: a former name is found, 「行」 is the line as pasted, the Excel CSV keeps codes as text and ＝ as typed`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/search/bulk');
    await page
      .getByLabel('法人番号・登録番号（T＋13桁）・法人名（1行に1件）')
      .fill(['ソニー株式会社', '', '＝1+1', '7000012050002'].join('\n'));
    await expect(page.getByText('3行 ／ 最大1,000行')).toBeVisible();
    await page.getByRole('button', { name: 'まとめて確認する' }).click();
    await expect(page.getByTestId('bulk-status')).toContainText('3件を確認しました：該当あり 2件・該当なし 1件');
    const rows = page.getByRole('table', { name: /3件の確認結果/ }).locator('tbody tr');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0).locator('td').first()).toHaveText('1');
    await expect(rows.nth(0)).toContainText('該当あり');
    await expect(rows.nth(0)).toContainText('旧商号「ソニー株式会社」で見つかりました（現在の商号：ソニーグループ株式会社）。');
    await expect(rows.nth(0).getByRole('link', { name: 'ソニーグループ株式会社' })).toBeVisible();
    await expect(rows.nth(1).locator('td').first()).toHaveText('3');
    await expect(rows.nth(2).locator('td').first()).toHaveText('4');
    await shot(page, `bulk-${width}.png`);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Excel用CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^一括確認_\d{4}-\d{2}-\d{2}_Excel用\.csv$/);
    const lines = fs
      .readFileSync(await download.path())
      .subarray(3)
      .toString('utf8')
      .split('\r\n');
    expect(lines[1]).toMatch(new RegExp(`^"1","ソニー株式会社","該当あり","=""${SONY}""","ソニーグループ株式会社",`));
    expect(lines[2]).toMatch(/^"3","'＝1\+1","該当なし",/);
    expect(lines[3]).toMatch(/^"4","=""7000012050002""","該当あり","=""7000012050002""","国税庁",/);
  });
}

test('search results offer an Excel CSV beside the plain one', async ({ page }) => {
  await page.goto(`/search?q=${encodeURIComponent('トヨタ')}`);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Excel用CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/_Excel用\.csv$/);
  const lines = fs
    .readFileSync(await download.path())
    .subarray(3)
    .toString('utf8')
    .split('\r\n');
  expect(lines[0]).toMatch(/^"法人番号","商号又は名称",/);
  expect(lines.some((l) => l.startsWith(`"=""${TOYOTA}""","トヨタ自動車株式会社",`) && l.includes('"=""4718571"""'))).toBe(true);
});

test('search results at 390 px: the watch link is named by its visible text, and no result has an empty status region', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/search?q=${encodeURIComponent('トヨタ')}`);
  // WCAG 2.5.3: the name starts with what is shown, then says which company
  await expect(page.getByRole('link', { name: /^この法人をウォッチ（トヨタ自動車株式会社・ログインが必要です）$/ })).toBeVisible();
  await expect(page.getByTestId('search-status')).toContainText('件');
  // before: one empty role=status in each result (the copy button's); the page's own regions (the
  // count, 「もっと見る」's announcement) are one each per page
  const inResults = await page.evaluate(() => {
    const statuses = [...document.querySelectorAll('[role="status"]')];
    return {
      empty: statuses.filter((e) => e.closest('li, article, tr') !== null && (e.textContent ?? '').trim() === '').length,
      perPage: statuses.filter((e) => e.closest('li, article, tr') === null).length,
    };
  });
  expect(inResults.empty).toBe(0);
  expect(inResults.perPage).toBeLessThanOrEqual(2);
  // copying says so once, then the region goes again
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: `法人番号 ${TOYOTA} をコピー` }).click();
  await expect(page.getByRole('button', { name: `法人番号 ${TOYOTA} をコピーしました` })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '法人番号をコピーしました' })).toHaveCount(1);
});

test('focus moves to the new page’s heading after a client navigation; the skip link still works', async ({ page }) => {
  await page.goto('/search');
  await page.getByRole('link', { name: '法人番号・インボイス登録の一括確認' }).click();
  await expect(page).toHaveURL(/\/search\/bulk$/);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('法人番号・インボイス登録の一括確認');
  await expect(heading).toBeFocused();
  // a keyboard user goes on from the heading: the next Tab is in the page, not back in the header
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.getElementById('main')?.contains(document.activeElement) ?? false)).toBe(true);

  // a full load: focus is the browser's (the first Tab reaches the skip link), and the skip link goes to the content
  await page.goto('/search/bulk');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: '本文へ移動' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.getElementById('main')?.contains(document.activeElement) ?? false)).toBe(true);
});

test('watch page at 390 and 1280 px: the mail setting is above the list and says it saved; a closed company names its 承継先', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await registerThroughPages(page, 'watchmail');
  await page.goto('/my-page/watch');
  await page.getByLabel('法人番号（13桁）または登録番号（T＋13桁）').fill(SONY);
  await page.getByRole('button', { name: '追加する' }).click();
  await expect(page.getByText(/をウォッチリストに追加しました。/)).toBeVisible();
  await page.getByLabel('法人番号（13桁）または登録番号（T＋13桁）').fill(MERGED);
  await page.getByRole('button', { name: '追加する' }).click();
  await expect(page.getByRole('heading', { name: /ウォッチリスト（2社/ })).toBeVisible();

  const list = page.getByRole('list', { name: 'ウォッチ中の法人' });
  const card = list.getByRole('article', { name: '株式会社合併消滅サンプル' });
  await expect(card.getByText('承継先')).toBeVisible();
  await expect(card.getByRole('link', { name: 'トヨタ自動車株式会社' })).toHaveAttribute('href', new RegExp(TOYOTA));

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    const setting = await page.getByRole('heading', { name: 'お知らせメール' }).boundingBox();
    const listHeading = await page.getByRole('heading', { name: /ウォッチリスト（2社/ }).boundingBox();
    expect(setting && listHeading && setting.y < listHeading.y).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  }

  const box = page.getByRole('checkbox', { name: 'ウォッチ中の法人の変更を、1日1回までメールで受け取る' });
  await expect(box).toBeChecked();
  await box.uncheck();
  await expect(page.getByRole('status').filter({ hasText: 'お知らせメールを停止しました。' })).toBeVisible();
  await expect(box).not.toBeChecked();
  await page.reload();
  await expect(box).not.toBeChecked();
  await box.check();
  await expect(page.getByRole('status').filter({ hasText: 'お知らせメールを受け取る設定にしました。' })).toBeVisible();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, `watch-${width}.png`);
  }
});
