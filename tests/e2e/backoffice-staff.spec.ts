import fs from 'node:fs';
import path from 'node:path';

import { expect, test, type Page } from '@playwright/test';

import { E2E_OFFICE_MANAGER_FILE, E2E_ROLE_STAFF } from './support/global-setup';
import { staffLogin } from './support/staff';

/**
 * A manager's staff page and accounting summary, at 1280 px and on a phone (390 px): another
 * account's role is changed from the page (confirmed, audit-logged, back again), the manager's own
 * row offers no change; the accounting summary's amounts stack on a phone instead of scrolling
 * sideways. Screenshots go to tmp/shots/backoffice-staff (looked at by hand).
 */

const SHOTS = path.resolve(__dirname, '..', '..', 'tmp', 'shots', 'backoffice-staff');

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
}

async function changeRole(page: Page, to: 'スタッフ' | 'マネージャー', from: 'スタッフ' | 'マネージャー') {
  const row = page.getByRole('row').filter({ hasText: E2E_ROLE_STAFF.email });
  const select = row.getByLabel(`${E2E_ROLE_STAFF.name} さんの権限`);
  const button = row.getByRole('button', { name: '権限を変更' });
  await expect(button).toBeDisabled();
  await select.selectOption({ label: to });
  const confirmed = page.waitForEvent('dialog').then(async (dialog) => {
    expect(dialog.message()).toBe(`${E2E_ROLE_STAFF.name} さんの権限を「${from}」から「${to}」に変更します。よろしいですか？`);
    await dialog.accept();
  });
  await button.click();
  await confirmed;
  // the page is read again: the saved role is the one shown, and there is nothing left to apply
  await expect(button).toBeDisabled();
  await page.reload();
  await expect(row.getByLabel(`${E2E_ROLE_STAFF.name} さんの権限`).locator('option:checked')).toHaveText(to);
}

test("a manager changes another account's role from the staff page, never their own, and it is audit-logged", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await staffLogin(page, E2E_OFFICE_MANAGER_FILE);
  await page.goto('/admin/staff');
  await expect(page.getByRole('heading', { level: 1, name: 'スタッフ' })).toBeVisible();
  const own = page.getByRole('row').filter({ hasText: 'e2e-office@example.jp' });
  await expect(own).toContainText('マネージャー');
  await expect(own.getByRole('combobox')).toHaveCount(0);
  await expect(own).toContainText('（自分）');

  await changeRole(page, 'マネージャー', 'スタッフ');
  await shoot(page, 'staff');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'staff');
  await page.setViewportSize({ width: 1280, height: 900 });
  await changeRole(page, 'スタッフ', 'マネージャー');

  await page.goto('/admin/audit');
  await expect(page.getByTestId('audit-table')).toContainText('スタッフの変更');
  await context.close();
});

test('the accounting summary on a phone: each amount on a line with its label, nothing scrolls sideways', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await staffLogin(page, E2E_OFFICE_MANAGER_FILE);
  await page.goto('/admin/accounting');
  const summary = page.getByTestId('accounting-summary');
  await expect(summary).toContainText('売上');
  const overflow = await summary.evaluate((table) => {
    const wrap = table.parentElement as HTMLElement;
    return { wrap: wrap.scrollWidth - wrap.clientWidth, page: document.documentElement.scrollWidth - window.innerWidth };
  });
  expect(overflow).toEqual({ wrap: 0, page: 0 });
  // each amount is on its own line beside its column's name
  const cells = summary.locator('tbody td');
  await expect(cells).toHaveCount(5);
  const tops = await cells.evaluateAll((tds) => tds.map((td) => Math.round(td.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(5);
  const labels = await cells.evaluateAll((tds) => tds.map((td) => getComputedStyle(td, '::before').content));
  expect(labels).toEqual(['"件数"', '"非課税（法務局手数料）"', '"課税対象額（10%・税込）"', '"うち消費税"', '"合計"']);
  // the header row is still there for screen readers
  await expect(summary.getByRole('columnheader', { name: '合計' })).toHaveCount(1);
  await shoot(page, 'accounting');
  await page.setViewportSize({ width: 1280, height: 900 });
  // at 1280 px the summary stays one row of a table
  const wide = await cells.evaluateAll((tds) => new Set(tds.map((td) => Math.round(td.getBoundingClientRect().top))).size);
  expect(wide).toBe(1);
  await shoot(page, 'accounting');
  await context.close();
});
