import { expect, test } from '@playwright/test';

import { newMemberLoggedIn, registerOnThisPage } from './support/members';
import { TOYOTA_NAME } from './support/purchase';
import { SELECT_FOR_COMPANY, orderButton, searchResult } from './support/search-results';

/**
 * A first-time visitor's journey as found by trying it on a phone and a desktop (explore3): each
 * test here failed before its fix.
 */
test.describe('a new member on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('sent to log in by the order button, the header 会員登録 still leads back to the chosen company after registering', async ({
    page,
  }) => {
    await page.goto('/search');
    await page.getByRole('searchbox', { name: '会社名・フリガナ・法人番号' }).pressSequentially('とよた', { delay: 30 });
    await orderButton(page, TOYOTA_NAME).click();
    await expect(page).toHaveURL(/\/login\?nextPage=%2Fpurchase%2Fselect%3FcorporateNumber%3D\d{13}$/);

    // the header's 会員登録 (and ログイン) on the login page carry the page's own destination
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: '会員登録', exact: true })).toHaveAttribute(
      'href',
      /^\/register\?nextPage=%2Fpurchase%2Fselect%3FcorporateNumber%3D\d{13}$/,
    );
    await header.getByRole('link', { name: '会員登録', exact: true }).click();
    await expect(page).toHaveURL(/\/register\?nextPage=%2Fpurchase%2Fselect%3FcorporateNumber%3D\d{13}$/);
    await expect(header.getByRole('link', { name: 'ログイン', exact: true })).toHaveAttribute(
      'href',
      /^\/login\?nextPage=%2Fpurchase%2Fselect%3FcorporateNumber%3D\d{13}$/,
    );

    await registerOnThisPage(page, 'header-register');
    await expect(page).toHaveURL(SELECT_FOR_COMPANY, { timeout: 30_000 });
    await expect(page.getByText(TOYOTA_NAME)).toBeVisible();
  });

  test('every tab of my page is on the screen at 390 and 360 px, 退会 included', async ({ page }) => {
    await newMemberLoggedIn(page, 'tabs');
    for (const width of [390, 360]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto('/my-page/basic-info');
      const tabs = page.getByRole('navigation', { name: 'マイページのメニュー' }).getByRole('link');
      await expect(tabs).toHaveText(['基本情報', 'お支払い履歴', 'ウォッチリスト', 'API キー', 'お届け先', 'クレジットカード', '退会']);
      for (const tab of await tabs.all()) {
        const box = await tab.boundingBox();
        expect(box, `${await tab.innerText()} at ${width} px`).not.toBeNull();
        expect(box!.x, `${await tab.innerText()} at ${width} px`).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width, `${await tab.innerText()} at ${width} px`).toBeLessThanOrEqual(width);
      }
    }
  });

  test('the watch list gives a company’s last change with a Japanese date, as its mail does', async ({ page }) => {
    await newMemberLoggedIn(page, 'watch-date');
    await page.goto('/my-page/watch');
    await page.getByLabel('法人番号（13桁）または登録番号（T＋13桁）').fill('1180301018771');
    await page.getByRole('button', { name: '追加する' }).click();
    const card = page.getByRole('article', { name: TOYOTA_NAME });
    // the sample registry's トヨタ自動車: assigned its number on 2015-10-05 and unchanged since
    await expect(card.getByRole('definition')).toHaveText(['愛知県豊田市トヨタ町１番地', '2015年10月5日　新規']);
  });

  test('going on with no certificate chosen shows why on the screen, and the keyboard lands on the first certificate', async ({ page }) => {
    await newMemberLoggedIn(page, 'select-none');
    await page.goto('/purchase/select?corporateNumber=1180301018771');
    await expect(page.getByTestId('total')).toHaveText('—');
    await page.getByRole('button', { name: 'お届け先の入力へ進む' }).click();
    const alert = page.getByRole('alert').filter({ hasText: '証明書を1種類以上選択してください。' });
    await expect(alert).toBeInViewport();
    await expect(page.getByLabel('履歴事項全部証明書')).toBeFocused();
    await expect(page).toHaveURL(/\/purchase\/select\?corporateNumber=1180301018771$/);
  });
});

test.describe('a visitor', () => {
  test('the 会社法人等番号 the record page shows finds its company when pasted into the search', async ({ page }) => {
    await page.goto('/search-service/result?corporateNumber=5010401067252');
    const legal = page.getByRole('definition').filter({ hasText: /^\d{4}-\d{2}-\d{6}/ });
    await expect(legal).toContainText('0104-01-067252');

    await page.goto('/search');
    await page.getByRole('searchbox', { name: '会社名・フリガナ・法人番号' }).fill('0104-01-067252');
    await expect(page.getByTestId('search-status')).toHaveText('会社法人等番号「0104-01-067252」：1件');
    await expect(searchResult(page, 'ソニーグループ株式会社')).toBeVisible();
  });
});
