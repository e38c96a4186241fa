import { expect, test, type Locator, type Page } from '@playwright/test';

import { newMemberLoggedIn } from './support/members';
import { orderButton } from './support/search-results';
import { shoot, shotsDir } from './support/shots';

/**
 * The one form kit (src/components/form, docs/decisions/0032) on the forms that use it, in
 * Chromium against the whole stack: a submit with mistakes shows each error under its field
 * (aria-invalid, aria-describedby naming the error), lists them in a summary at the top that is
 * announced (role=alert) and takes the focus, and whose links move the focus to the field. The
 * my-page forms check with the server's own schemas, loaded on submit.
 *
 * Screenshots at 390 and 1280 px, empty and with the errors, go to tmp/shots/form-kit/<FORM_KIT_SHOTS>
 * (default "after"), to compare by eye with a run on the code before the kit.
 */

const SHOTS = shotsDir('form-kit', process.env.FORM_KIT_SHOTS ?? 'after');

/** The field shows `message` under it, is marked invalid and names the message as its description. */
async function expectFieldError(page: Page, id: string, message: string | RegExp): Promise<void> {
  const field = page.locator(`#${id}`);
  await expect(page.locator(`#${id}-error`)).toHaveText(message);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAttribute('aria-describedby', new RegExp(`(^| )${id}-error( |$)`));
}

/** The summary is an alert and has the focus (so a screen reader reads it and the keyboard starts there). */
async function expectSummaryFocused(summary: Locator): Promise<void> {
  await expect(summary).toHaveAttribute('role', 'alert');
  await expect(summary).toBeFocused();
}

test('login: errors under the fields, the summary focused, its links focus the field', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('#email')).toHaveAttribute('aria-invalid', 'false');
  await shoot(page, SHOTS, 'login');
  await page.getByRole('button', { name: 'ログインする', exact: true }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'メールアドレスを入力してください。' });
  await expectSummaryFocused(summary);
  await expectFieldError(page, 'email', 'メールアドレスを入力してください。');
  await expectFieldError(page, 'password', 'パスワードを入力してください。');
  await shoot(page, SHOTS, 'login-errors');
  await summary.getByRole('link', { name: /パスワード/ }).click();
  await expect(page.locator('#password')).toBeFocused();

  // Corrected, the field's error goes on the next submit; the server's own answer lands in the summary.
  await page.locator('#email').fill('nobody-form-kit@example.jp');
  await page.locator('#password').fill('wrong-password-123');
  await page.getByRole('button', { name: 'ログインする', exact: true }).click();
  await expect(page.locator('#email-error')).toHaveCount(0);
  await expect(page.locator('#email')).toHaveAttribute('aria-invalid', 'false');
  await expect(page.getByRole('alert').filter({ hasText: /メールアドレスまたはパスワード/ })).toBeFocused();
});

test('register: the checkbox and the confirmation use the same kit', async ({ page }) => {
  await page.goto('/register');
  await shoot(page, SHOTS, 'register');
  await page.locator('#email').fill('form-kit@example.jp');
  await page.locator('#password').fill('sakura-fuji-umi-2026');
  await page.locator('#passwordConfirmation').fill('sakura-fuji-umi-2027');
  const send = page.getByRole('button', { name: '確認コードを送信する' });
  await send.click();
  const summary = page.getByRole('alert').filter({ hasText: '利用規約とプライバシーポリシーに同意してください。' });
  await expectSummaryFocused(summary);
  await expectFieldError(page, 'agreement', '利用規約とプライバシーポリシーに同意してください。');
  await expect(page.locator('#email-error')).toHaveCount(0);
  await shoot(page, SHOTS, 'register-errors');
  await summary.getByRole('link', { name: /同意/ }).click();
  await expect(page.locator('#agreement')).toBeFocused();

  // Agreed, the confirmation is checked against the password (the schema's refinement).
  await page.keyboard.press('Space');
  await send.click();
  await expectSummaryFocused(page.getByRole('alert').filter({ hasText: 'パスワードが一致しません' }));
  await expectFieldError(page, 'passwordConfirmation', /パスワードが一致しません/);
  await expect(page.locator('#agreement-error')).toHaveCount(0);
  await expect(page.locator('#agreement')).toHaveAttribute('aria-invalid', 'false');
});

test('my page: basic info and unregister check with the server’s schemas, loaded on submit', async ({ page }) => {
  await newMemberLoggedIn(page, 'formkit');
  await page.goto('/my-page/basic-info');
  await expect(page.getByRole('heading', { name: 'パスワードの変更' })).toBeVisible();
  await shoot(page, SHOTS, 'basic-info');

  await page.getByRole('button', { name: 'パスワードを変更する' }).click();
  const summary = page.getByRole('alert').filter({ hasText: '現在のパスワード' });
  await expectSummaryFocused(summary);
  await expectFieldError(page, 'cp-current', 'パスワードを入力してください。');
  await expectFieldError(page, 'cp-new', 'パスワードを入力してください。');
  await expectFieldError(page, 'cp-confirm', '確認のため、新しいパスワードをもう一度入力してください。');

  await page.locator('#cp-new').fill('short');
  await page.locator('#cp-confirm').fill('shorter');
  await page.getByRole('button', { name: 'パスワードを変更する' }).click();
  await expectFieldError(page, 'cp-new', 'パスワードは8文字以上で入力してください。');
  await expectFieldError(page, 'cp-confirm', 'パスワードが一致しません。同じパスワードをもう一度入力してください。');

  await page.getByRole('button', { name: '確認コードを送信する' }).click();
  await expectFieldError(page, 'ce-email', 'メールアドレスを入力してください。');
  await expectFieldError(page, 'ce-password', 'パスワードを入力してください。');
  await page.locator('#ce-email').fill('not-an-address');
  await page.getByRole('button', { name: '確認コードを送信する' }).click();
  await expectFieldError(page, 'ce-email', /メールアドレスの形式が正しくありません/);
  await shoot(page, SHOTS, 'basic-info-errors');

  await page.goto('/my-page/unregister');
  await expect(page.getByRole('heading', { name: '退会の手続き' })).toBeVisible();
  await page.getByRole('button', { name: '退会する' }).click();
  const unregister = page.getByRole('alert').filter({ hasText: '注意事項を確認し' });
  await expectSummaryFocused(unregister);
  await expectFieldError(page, 'confirm', '注意事項を確認し、チェックを入れてください。');
  await expectFieldError(page, 'currentPassword', 'パスワードを入力してください。');
  await shoot(page, SHOTS, 'unregister-errors');
  // A wrong password is the server's answer: nothing is deleted, the member stays logged in.
  await page.locator('#confirm').check();
  await page.locator('#currentPassword').fill('not-the-password-1');
  await page.getByRole('button', { name: '退会する' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /パスワード/ })).toBeFocused();
  await expect(page).toHaveURL(/\/my-page\/unregister$/);
});

test('recipient info: the summary lists the errors and its links focus the field', async ({ page }) => {
  await newMemberLoggedIn(page, 'formkit');
  await page.goto('/search');
  await page.getByRole('searchbox', { name: '会社名・フリガナ・法人番号' }).pressSequentially('とよた', { delay: 30 });
  await orderButton(page, 'トヨタ自動車株式会社').click();
  await page.getByLabel('履歴事項全部証明書').check();
  await expect(page.getByTestId('total')).not.toHaveText('—');
  await page.getByRole('button', { name: 'お届け先の入力へ進む' }).click();
  await expect(page).toHaveURL(/\/purchase\/recipient-info$/);
  // PAY.JP's iframe is made on the buyer's first move or near the field (decision 0038).
  await page.getByTestId('card-element').scrollIntoViewIfNeeded();
  await expect(page.locator('iframe[data-payjp-element="card"]')).toHaveCount(1);
  await shoot(page, SHOTS, 'recipient-info');

  const next = page.getByRole('button', { name: 'ご注文内容の確認へ進む' });
  await next.scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await next.click();
  const summary = page.locator('#form-errors');
  await expectSummaryFocused(summary);
  await expect(summary).toContainText('お届け先の宛名を入力してください。');
  await expectFieldError(page, 'recipient', 'お届け先の宛名を入力してください。');
  await expectFieldError(page, 'destinationCity', '市区町村を入力してください。');
  await expect(page.locator('#destinationApartmentEtc')).toHaveAttribute('aria-invalid', 'false');
  await shoot(page, SHOTS, 'recipient-info-errors');
  await summary.getByRole('link', { name: /市区町村を入力してください/ }).click();
  await expect(page.locator('#destinationCity')).toBeFocused();
});
