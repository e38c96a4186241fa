import fs from 'node:fs';

import { expect, test } from '@playwright/test';
import iconv from 'iconv-lite';

/**
 * /search/bulk (issue 14 item 4) against the e2e stack's sample registry, whose fixed companies
 * (tools/registry/nta-synthetic.ts) include 国税庁 (7000012050002), 株式会社商号変更後
 * (8040001999013) and トヨタ自動車株式会社.
 */

const NOT_FOUND = '9999999999990'; // a valid check digit, in no registry (the generator's offices are far below)

test('a pasted list is checked line by line and the result downloads as a CSV Excel opens', async ({ page }, testInfo) => {
  await page.goto('/search');
  await page.getByRole('link', { name: '法人番号・インボイス登録の一括確認' }).click();
  await expect(page).toHaveURL(/\/search\/bulk$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('法人番号・インボイス登録の一括確認');

  const box = page.getByLabel('法人番号・登録番号（T＋13桁）・法人名（1行に1件）');
  // domain.md §6: the example is 「例：」 support text under the label, not a placeholder.
  await expect(box).not.toHaveAttribute('placeholder');
  await expect(box).toHaveAccessibleDescription(/^例：7000012050002、T7000012050002、株式会社〇〇/);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `tmp/shots/bulk/bulk-${width}.png` });
  }
  await box.fill(['７０００－０１２０－５０００２', '', 'T8040001999013', 'トヨタ自動車株式会社', NOT_FOUND, '12345'].join('\n'));
  await expect(page.getByText('5行 ／ 最大1,000行')).toBeVisible();
  await page.getByRole('button', { name: 'まとめて確認する' }).click();

  await expect(page.getByTestId('bulk-status')).toContainText('5件を確認しました：該当あり 3件・該当なし 1件・複数該当 0件・入力誤り 1件');
  const table = page.getByRole('table', { name: /5件の確認結果/ });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(5);
  await expect(rows.nth(0)).toContainText('該当あり');
  await expect(rows.nth(0)).toContainText('国税庁');
  await expect(rows.nth(1)).toContainText('株式会社商号変更後');
  await expect(rows.nth(2)).toContainText('トヨタ自動車株式会社');
  await expect(rows.nth(3)).toContainText('該当なし');
  await expect(rows.nth(4)).toContainText('入力誤り');

  for (const [width, height, name] of [
    [390, 844, 'bulk-390.png'],
    [1280, 900, 'bulk-1280.png'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: testInfo.outputPath(name), fullPage: true });
  }

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSVでダウンロード' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^一括確認_\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = fs.readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n');
  expect(lines[0]).toMatch(/^"行","入力","結果","法人番号","商号又は名称"/);
  expect(lines[1]).toMatch(/^"1","７０００－０１２０－５０００２","該当あり","7000012050002","国税庁",/);
  // 「行」 numbers the lines as pasted: the blank second line keeps its number (issue 24)
  expect(lines[2]).toMatch(/^"3","T8040001999013","該当あり",/);
  expect(lines[4]).toMatch(new RegExp(`^"5","${NOT_FOUND}","該当なし",`));
  expect(lines[5]).toMatch(/^"6","12345","入力誤り",/);
  expect(lines).toHaveLength(7); // five rows, the header and the empty string after the last CRLF
});

test('a Shift_JIS CSV from Excel fills the list from the chosen column', async ({ page }) => {
  await page.goto('/search/bulk');
  const csv = iconv.encode('取引先名,法人番号\r\n国税庁,7000012050002\r\n商号変更後,T8040001999013\r\n', 'Shift_JIS');
  await page
    .getByLabel('CSVファイルから読み込む（UTF-8・Shift_JIS）')
    .setInputFiles({ name: '取引先.csv', mimeType: 'text/csv', buffer: csv });
  await expect(page.getByText('取引先.csv（Shift_JIS）を読み込みました。')).toBeVisible();
  await expect(page.getByLabel('1行目は見出し')).toBeChecked();
  const box = page.getByLabel('法人番号・登録番号（T＋13桁）・法人名（1行に1件）');
  await expect(box).toHaveValue('国税庁\n商号変更後');
  await page.getByLabel('確認する列').selectOption({ label: '2列目：法人番号' });
  await expect(box).toHaveValue('7000012050002\nT8040001999013');
  await page.getByRole('button', { name: 'まとめて確認する' }).click();
  await expect(page.getByTestId('bulk-status')).toContainText('2件を確認しました：該当あり 2件');
});

test('search results download as CSV from /search', async ({ page }) => {
  await page.goto(`/search?q=${encodeURIComponent('トヨタ')}`);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'CSVでダウンロード' }).click()]);
  const bytes = fs.readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n');
  expect(lines[0]).toMatch(/^"法人番号","商号又は名称",/);
  expect(lines.some((l) => l.startsWith('"1180301018771","トヨタ自動車株式会社",'))).toBe(true);
});

test('an Excel book chosen instead of a CSV is refused in Japanese, and the list typed so far stays', async ({ page }) => {
  await page.goto('/search/bulk');
  const box = page.getByLabel('法人番号・登録番号（T＋13桁）・法人名（1行に1件）');
  await box.fill('7000012050002');
  // the first bytes of an .xlsx: a zip archive
  const xlsx = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00, 0x00, 0x00, 0x21, 0x00, 0xff, 0xfe]);
  await page
    .getByLabel('CSVファイルから読み込む（UTF-8・Shift_JIS）')
    .setInputFiles({ name: '取引先.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: xlsx });
  await expect(page.getByTestId('bulk-status')).toContainText('Excelのブック（.xlsx・.xls）は読み込めません。');
  await expect(page.getByText(/を読み込みました。/)).toHaveCount(0);
  await expect(box).toHaveValue('7000012050002');
});

test('an empty CSV chosen after another says so by name, without the earlier file’s 「…を読み込みました」', async ({ page }) => {
  await page.goto('/search/bulk');
  const file = page.getByLabel('CSVファイルから読み込む（UTF-8・Shift_JIS）');
  await file.setInputFiles({ name: '取引先.csv', mimeType: 'text/csv', buffer: Buffer.from('国税庁\r\n', 'utf8') });
  await expect(page.getByText('取引先.csv（UTF-8）を読み込みました。')).toBeVisible();
  // Excel's 「CSV UTF-8」 of an empty sheet is its BOM alone
  await file.setInputFiles({ name: '空のシート.csv', mimeType: 'text/csv', buffer: Buffer.from([0xef, 0xbb, 0xbf]) });
  await expect(page.getByTestId('bulk-status')).toContainText('空のシート.csv に内容がありません。');
  await expect(page.getByText(/を読み込みました。/)).toHaveCount(0);
  await expect(page.getByLabel('法人番号・登録番号（T＋13桁）・法人名（1行に1件）')).toHaveValue('国税庁');
});

test('a line Excel would run as a formula comes back in the result CSV as text', async ({ page }) => {
  await page.goto('/search/bulk');
  await page.getByLabel('法人番号・登録番号（T＋13桁）・法人名（1行に1件）').fill('=HYPERLINK("http://example.com","x")\n7000012050002');
  await page.getByRole('button', { name: 'まとめて確認する' }).click();
  await expect(page.getByTestId('bulk-status')).toContainText('2件を確認しました');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSVでダウンロード' }).click()]);
  const lines = fs
    .readFileSync(await download.path())
    .subarray(3)
    .toString('utf8')
    .split('\r\n');
  expect(lines[1]).toMatch(/^"1","'=HYPERLINK\(""http:\/\/example\.com"",""x""\)","該当なし",/);
  expect(lines[2]).toMatch(/^"2","7000012050002","該当あり",/);
});
