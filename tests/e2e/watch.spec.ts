import { execFileSync } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';

import { withCheckDigit } from '@/features/registry/corporate-number';
import { formatNtaLine, type NtaRecord } from '../../tools/registry/nta-synthetic';
import { testNtaRecord } from '../../tools/registry/nta-test-record';
import { E2E_DATA_DIR, E2E_ENV } from './support/e2e-env';
import { registerThroughPages } from './support/members';

/**
 * Watching companies (issue 15) in Chromium against the whole stack: a daily diff adds two new
 * companies to the e2e registry (fresh numbers, so no other journey sees them); a new member
 * watches one from its record page and imports the other from a CSV file on /my-page/watch; the
 * next day's diff renames the first and closes the second; the server's watch job (every few
 * seconds in the e2e stack) turns that into events, which the watch page lists.
 * Screenshots of the watch page at 390/1280 px go to tmp/shots/watch.
 */

const SHOTS = path.resolve(__dirname, '..', '..', 'tmp', 'shots', 'watch');
const ROOT = path.resolve(__dirname, '..', '..');
const REGISTRY = path.join(E2E_DATA_DIR, 'registry', 'registry.sqlite');
const UPDATES = path.join(E2E_DATA_DIR, 'registry', 'updates');

function dataDate(): string {
  const db = new Database(REGISTRY, { readonly: true });
  try {
    const row = db.prepare("SELECT value FROM meta WHERE key = 'dataDate'").get() as { value: string } | undefined;
    return JSON.parse(row?.value ?? 'null') as string;
  } finally {
    db.close();
  }
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

function record(corporateNumber: string, name: string, day: string, extra: Partial<NtaRecord> = {}): NtaRecord {
  return testNtaRecord({ corporateNumber, name, updateDate: day, changeDate: day, ...extra });
}

/** Drops a daily diff file and applies it with `npm run registry:update` (the server swaps the file in). */
function applyDiff(day: string, rows: NtaRecord[]): void {
  fs.mkdirSync(UPDATES, { recursive: true });
  fs.writeFileSync(path.join(UPDATES, `diff_${day.replaceAll('-', '')}.csv`), rows.map((r, i) => formatNtaLine(r, i + 1)).join(''));
  execFileSync(
    process.execPath,
    [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), '--conditions=react-server', 'scripts/registry-update.ts'],
    {
      cwd: ROOT,
      env: { ...process.env, ...E2E_ENV, REGISTRY_UPDATE_DIR: UPDATES },
      stdio: 'pipe',
    },
  );
}

test('watch a company from its record page, import a CSV, and see the changes of the next update', async ({ page }) => {
  test.setTimeout(180_000);
  const tag = randomUUID().slice(0, 4);
  const x = withCheckDigit(`9${String(randomInt(0, 10 ** 11)).padStart(11, '0')}`);
  const y = withCheckDigit(`9${String(randomInt(0, 10 ** 11)).padStart(11, '0')}`);
  const day1 = nextDay(dataDate());
  const day2 = nextDay(day1);
  applyDiff(day1, [record(x, `ウォッチ検証${tag}株式会社`, day1), record(y, `ウォッチ取込${tag}株式会社`, day1)]);

  await registerThroughPages(page, 'watch');

  // From the record page.
  await expect(async () => {
    await page.goto(`/search-service/result?corporateNumber=${x}`);
    await expect(page.getByRole('heading', { name: `ウォッチ検証${tag}株式会社` }).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await page.getByRole('button', { name: 'この法人をウォッチ' }).click();
  await expect(page.getByText('ウォッチリストに追加しました。')).toBeVisible();
  await expect(page.getByRole('button', { name: 'ウォッチ中（外す）' })).toBeVisible();

  // A CSV file of suppliers on the watch page (header row, the T-number in the second column).
  await page.goto('/my-page/watch');
  await expect(page.getByRole('heading', { name: /ウォッチリスト（1社/ })).toBeVisible();
  await page.getByLabel('CSV ファイル').setInputFiles({
    name: 'suppliers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`取引先名,登録番号\nウォッチ取込${tag},T${y}\n`, 'utf8'),
  });
  await expect(page.getByText('番号 1件')).toBeVisible();
  await page.getByRole('button', { name: '取り込む' }).click();
  await expect(page.getByText('1社を追加しました（ウォッチ中 2社）。')).toBeVisible();
  const list = page.getByRole('list', { name: 'ウォッチ中の法人' });
  await expect(list.getByRole('link', { name: `ウォッチ取込${tag}株式会社` })).toBeVisible();
  await expect(page.getByText(/この90日間の変更はありません/)).toBeVisible();

  // The next day: the first is renamed, the second closes.
  applyDiff(day2, [
    record(x, `新ウォッチ検証${tag}株式会社`, day2, { process: '11' }),
    record(y, `ウォッチ取込${tag}株式会社`, day2, { process: '21', closeDate: day2, closeCause: '01' }),
  ]);
  const events = page.getByRole('list', { name: '最近の変更' });
  await expect(async () => {
    await page.reload();
    await expect(events).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(events.getByText(`商号が「ウォッチ検証${tag}株式会社」から「新ウォッチ検証${tag}株式会社」に変わりました。`)).toBeVisible();
  await expect(events.getByText(`登記記録が閉鎖されました（${day2}、事由：清算の結了等）。`)).toBeVisible();
  await expect(list.getByRole('link', { name: `新ウォッチ検証${tag}株式会社` })).toBeVisible();
  await expect(list.getByText('閉鎖', { exact: true })).toBeVisible();

  fs.mkdirSync(SHOTS, { recursive: true });
  // A company with no invoice registration says so dated by the data, as the record page does (decision 0048).
  await expect(list.getByText(/^インボイス：登録なし（\d{4}年\d{1,2}月\d{1,2}日時点の公表データ）$/)).toHaveCount(2);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // nothing on the page is wider than the window (the long invoice badge wraps in its card)
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await page.screenshot({ path: path.join(SHOTS, `watch-${width}.png`), fullPage: true });
  }

  // Taking one off the list.
  await page.getByRole('button', { name: `ウォッチ取込${tag}株式会社をウォッチリストから外す` }).click();
  await expect(page.getByRole('heading', { name: /ウォッチリスト（1社/ })).toBeVisible();
});
