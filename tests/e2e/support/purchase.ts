import { expect, type Page } from '@playwright/test';

import { enterCard } from './card';
import { SELECT_FOR_COMPANY, orderButton } from './search-results';

/**
 * The completion page shows the order as paid and has reset the tab's purchase state (spec §4).
 * The page is server-rendered, so 「お支払い完了」 shows before hydration; the reset runs once
 * hydrated. A journey that goes on to a second order waits for both, or it would find the first
 * order's items and address still in storage.
 */
export async function expectPaidAndReset(page: Page): Promise<void> {
  await expect(page.getByTestId('order-status')).toHaveText('お支払い完了');
  await page.waitForFunction(() => {
    const raw = sessionStorage.getItem('hojin_client_state');
    if (raw === null) return false;
    const state = JSON.parse(raw) as { purchaseItemData?: { userInput?: unknown[] }; destination?: { destinationZipCode?: string } };
    return state.purchaseItemData?.userInput?.length === 0 && state.destination?.destinationZipCode === '';
  });
}

/** The company the purchase journeys order for (the sample registry's トヨタ自動車). */
export const TOYOTA_NAME = 'トヨタ自動車株式会社';

/**
 * A logged-in member buys トヨタ自動車's 履歴事項全部証明書 through every page — search → select
 * (normal or express delivery) → recipient (address from the postal code, the test card) →
 * confirmation → 3-D Secure (passed) → completion — and gets the order's internal id (the
 * completion URL's paymentId; the page shows the 注文番号). `tap`: 「ご注文内容の確認へ進む」 is tapped
 * (a touch context), as a phone does, instead of clicked.
 */
export async function buyToyota(page: Page, { express = false, tap = false }: { express?: boolean; tap?: boolean } = {}): Promise<string> {
  await page.goto('/search');
  await page.getByRole('searchbox', { name: '会社名・フリガナ・法人番号' }).pressSequentially('とよた', { delay: 30 });
  await orderButton(page, TOYOTA_NAME).click();
  await expect(page).toHaveURL(SELECT_FOR_COMPANY);
  await page.getByLabel('履歴事項全部証明書').check();
  if (express) await page.getByRole('radio', { name: /速達配送/ }).check();
  await expect(page.getByTestId('total')).not.toHaveText('—');
  await page.getByRole('button', { name: 'お届け先の入力へ進む' }).click();
  await expect(page).toHaveURL(/\/purchase\/recipient-info$/);
  await page.locator('#recipient').fill('山田 太郎');
  await page.getByLabel('郵便番号').fill('100-0005');
  await expect(page.getByLabel('市区町村')).toHaveValue('千代田区');
  await page.getByLabel('町名・番地').fill('丸の内1-1-1');
  await page.getByLabel('領収書の宛名').fill('株式会社テスト');
  await enterCard(page);
  await page.getByLabel('カード名義（半角英字）').fill('TARO YAMADA');
  const next = page.getByRole('button', { name: 'ご注文内容の確認へ進む' });
  await (tap ? next.tap() : next.click());
  await expect(page).toHaveURL(/\/purchase\/confirmation$/);
  await page.getByLabel(/同意して注文する/).check();
  await page.getByRole('button', { name: /注文を確定する/ }).click();
  await expect(page.getByRole('heading', { name: '本人認証（3Dセキュア）' })).toBeVisible();
  await page.getByRole('button', { name: '認証成功' }).click();
  // the return and tds_finish on a shared machine: more than the default 10 s at times
  await expect(page).toHaveURL(/\/purchase\/completion\?paymentId=[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expectPaidAndReset(page);
  return new URL(page.url()).searchParams.get('paymentId') ?? '';
}
