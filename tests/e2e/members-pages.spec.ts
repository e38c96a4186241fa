import { expect, test, type Page } from '@playwright/test';

import { createTokenLikePayjpJs } from '../../dev/payjp/test-helpers';

import { enterCard } from './support/card';
import { E2E_PAYJP_URL } from './support/e2e-env';
import { newMemberLoggedIn } from './support/members';
import { TOYOTA_NAME, buyToyota } from './support/purchase';
import { SELECT_FOR_COMPANY, orderButton } from './support/search-results';
import { shoot, shotsDir } from './support/shots';

/**
 * Issue 24 §4, members' pages, at 390 and 1280 px: saved delivery addresses (the second order
 * started empty), cards managed in マイページ, ログアウト in the header and another tab's logout
 * said on the login form, and what the 当社手数料 covers beside the prices. Screenshots in
 * tmp/shots/members (looked at by hand).
 */
const SHOTS = shotsDir('members');
const WIDTHS = [390, 1280] as const;

async function toRecipientStep(page: Page): Promise<void> {
  await page.goto('/search');
  await page.getByRole('searchbox', { name: '会社名・フリガナ・法人番号' }).pressSequentially('とよた', { delay: 30 });
  await orderButton(page, TOYOTA_NAME).click();
  await expect(page).toHaveURL(SELECT_FOR_COMPANY);
  await page.getByLabel('現在事項全部証明書').check();
  await expect(page.getByTestId('total')).not.toHaveText('—');
  await page.getByRole('button', { name: 'お届け先の入力へ進む' }).click();
  await expect(page).toHaveURL(/\/purchase\/recipient-info$/);
}

/** Registers a card for the logged-in member as checkout's 「このカードを登録」 does (a payjp.js token, then the card API). */
async function registerCard(page: Page, number: string): Promise<void> {
  const { result: publicKey } = (await (await page.request.get('/api/payjp/public-key')).json()) as { result: string };
  const token = await createTokenLikePayjpJs({ apiBase: `${E2E_PAYJP_URL}/v1`, publicKey }, number);
  const status = await page.evaluate(async (id) => {
    const res = await fetch('/api/credit-cards/card', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        'x-csrf-token': localStorage.getItem('csrf_token') ?? '',
      },
      body: JSON.stringify({ token: id }),
    });
    return res.status;
  }, String(token.body.id));
  expect(status).toBe(200);
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 800 } });

    test('the second order offers the first order’s address; マイページ changes and deletes it', async ({ page }) => {
      test.setTimeout(180_000);
      await newMemberLoggedIn(page, 'addr');
      await buyToyota(page);

      await toRecipientStep(page);
      const saved = page.getByTestId('saved-addresses');
      await expect(saved).toBeVisible();
      await expect(page.locator('#destinationStreet')).toHaveValue('');
      await saved.getByRole('button', { name: /山田 太郎/ }).click();
      await expect(page.locator('#recipient')).toHaveValue('山田 太郎');
      await expect(page.locator('#destinationZipCode')).toHaveValue('100-0005');
      await expect(page.locator('#destinationPrefecture')).toHaveValue('東京都');
      await expect(page.locator('#destinationCity')).toHaveValue('千代田区');
      await expect(page.locator('#destinationStreet')).toHaveValue('丸の内1-1-1');
      await expect(page.locator('#receiptRecipient')).toHaveValue('株式会社テスト');
      await shoot(page, SHOTS, `recipient-saved-${width}`);

      await page.goto('/my-page/addresses');
      const list = page.getByTestId('my-addresses');
      await expect(list).toContainText('山田 太郎');
      await expect(list).toContainText('〒100-0005 東京都千代田区丸の内1-1-1');
      await page.getByRole('button', { name: '「山田 太郎」のお届け先を変更' }).click();
      await page.getByLabel('町名・番地').fill('丸の内2-2-2');
      await shoot(page, SHOTS, `my-addresses-edit-${width}`);
      await page.getByRole('button', { name: '変更を保存する' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'お届け先を変更しました。' })).toBeVisible();
      await expect(list).toContainText('丸の内2-2-2');
      await shoot(page, SHOTS, `my-addresses-${width}`);
      page.once('dialog', (d) => void d.accept());
      await page.getByRole('button', { name: '「山田 太郎」のお届け先を削除' }).click();
      await expect(page.getByTestId('no-addresses')).toBeVisible();
    });

    test('cards are listed in マイページ, made the default and deleted', async ({ page }) => {
      test.setTimeout(180_000);
      await newMemberLoggedIn(page, 'cards');
      await registerCard(page, '4242424242424242');
      await registerCard(page, '5555555555554444');
      await page.goto('/my-page/cards');
      const cards = page.getByTestId('my-cards');
      await expect(cards.getByRole('listitem')).toHaveCount(2);
      // the card added last is the default
      await expect(cards.getByRole('listitem').filter({ hasText: '4444' })).toContainText('いつも使うカード');
      await page.getByRole('button', { name: 'Visa 末尾 4242 をいつも使うカードにする' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'いつも使うカードにしました。' })).toBeVisible();
      await expect(cards.getByRole('listitem').filter({ hasText: '4242' })).toContainText('いつも使うカード');
      await shoot(page, SHOTS, `my-cards-${width}`);
      page.once('dialog', (d) => void d.accept());
      await page.getByRole('button', { name: 'MasterCard 末尾 4444 を削除' }).click();
      await expect(cards.getByRole('listitem')).toHaveCount(1);
      // checkout preselects the default card
      await toRecipientStep(page);
      await expect(page.getByRole('radio', { name: /Visa\s+\*\*\*\* 4242/ })).toBeChecked();
    });

    test('a card is added in マイページ with PAY.JP’s card field, keeping or taking the default', async ({ page }) => {
      test.setTimeout(180_000);
      const email = await newMemberLoggedIn(page, 'addcard');
      await page.goto('/my-page/cards');
      await expect(page.getByTestId('no-cards')).toBeVisible();
      await page.getByRole('button', { name: 'カードを追加する' }).click();
      await enterCard(page);
      // the 3-D Secure address is the account's, as in checkout
      await expect(page.getByLabel('メールアドレス（本人認証用）')).toHaveValue(email);
      await page.getByLabel('カード名義（半角英字）').fill('ｔａｒｏ　ｙａｍａｄａ');
      await shoot(page, SHOTS, `my-cards-add-${width}`);
      await page.getByRole('button', { name: 'このカードを登録する' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Visa（末尾 4242）を登録しました。' })).toBeVisible();
      const cards = page.getByTestId('my-cards');
      await expect(cards.getByRole('listitem')).toHaveCount(1);
      await expect(cards.getByRole('listitem').filter({ hasText: '4242' })).toContainText('TARO YAMADA');
      await expect(cards.getByRole('listitem').filter({ hasText: '4242' })).toContainText('いつも使うカード');

      // a second card, the default kept (the box left unticked)
      await page.getByRole('button', { name: 'カードを追加する' }).click();
      await enterCard(page, { number: '5555555555554444', brand: 'MasterCard' });
      await page.getByLabel('カード名義（半角英字）').fill('TARO YAMADA');
      await expect(page.getByLabel('このカードをいつも使うカードにする')).not.toBeChecked();
      await page.getByRole('button', { name: 'このカードを登録する' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'MasterCard（末尾 4444）を登録しました。' })).toBeVisible();
      await expect(cards.getByRole('listitem')).toHaveCount(2);
      await expect(cards.getByRole('listitem').filter({ hasText: '4242' })).toContainText('いつも使うカード');
      // (the default card has the badge and no 「いつも使うカードにする」 button; its text contains the badge's words)
      await expect(page.getByRole('button', { name: 'Visa 末尾 4242 をいつも使うカードにする' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'MasterCard 末尾 4444 をいつも使うカードにする' })).toBeVisible();
      await shoot(page, SHOTS, `my-cards-added-${width}`);

      // the same card again: PAY.JP's answer, in Japanese, on the form
      await page.getByRole('button', { name: 'カードを追加する' }).click();
      await enterCard(page);
      await page.getByLabel('カード名義（半角英字）').fill('TARO YAMADA');
      await page.getByRole('button', { name: 'このカードを登録する' }).click();
      await expect(page.getByTestId('card-error')).toHaveText('このカードはすでに登録されています。');
      await expect(cards.getByRole('listitem')).toHaveCount(2);
    });

    test('ログアウト in the header; another tab’s logout is said on the login form', async ({ page, context }) => {
      test.setTimeout(180_000);
      await newMemberLoggedIn(page, 'logout');
      // (the select step for トヨタ自動車, as its order buttons open it)
      await page.goto('/purchase/select?corporateNumber=1180301018771');
      await expect(page.getByTestId('fee-coverage')).toContainText('登記ねっとの利用者登録や電子納付は不要です');
      await shoot(page, SHOTS, `select-fee-${width}`);

      const other = await context.newPage();
      await other.setViewportSize({ width, height: 800 });
      await other.goto('/search');
      const logout = other.getByRole('banner').getByRole('button', { name: 'ログアウト' });
      await expect(logout).toBeVisible();
      const box = await logout.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      await shoot(other, SHOTS, `header-${width}`);
      await logout.click();
      await expect(other).toHaveURL(/\/login\?loggedOut=true$/);
      await expect(other.getByRole('banner').getByRole('link', { name: 'ログイン' })).toBeVisible();

      // the first tab's page was logged in: it says another tab ended the login, not 「ログインが必要です」
      await expect(page).toHaveURL(/\/login\?nextPage=%2Fpurchase%2Fselect%3FcorporateNumber%3D1180301018771&loggedOutElsewhere=true$/);
      await expect(page.getByTestId('login-reason')).toHaveText('別のタブでログアウトしました。続けるには、もう一度ログインしてください。');
      await shoot(page, SHOTS, `login-elsewhere-${width}`);
    });
  });
}
