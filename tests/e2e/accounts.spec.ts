import { randomUUID } from 'node:crypto';

import { expect, test, type Page } from '@playwright/test';

import { E2E_BASE_URL, E2E_MAIL_URL, E2E_OIDC_URL } from './support/e2e-env';

/**
 * Account journeys in Chromium against the whole stack: registration with the code read from the
 * mail catcher's API, login and logout, Google sign-in against the local OpenID provider,
 * password reset, unregister, the protected-page guard, and CSRF refusal.
 */

const PASSWORD = 'sakura-fuji-umi-2026';

function newEmail(tag: string): string {
  return `e2e-${tag}-${randomUUID().slice(0, 8)}@example.jp`;
}

interface Mail {
  id: string;
  subject: string;
  text: string;
}

async function nextMail(to: string, after?: string): Promise<Mail> {
  const params = new URLSearchParams({ to, timeoutMs: '20000', ...(after ? { after } : {}) });
  const res = await fetch(`${E2E_MAIL_URL}/api/messages/wait?${params.toString()}`);
  expect(res.status, `a mail to ${to}`).toBe(200);
  return ((await res.json()) as { message: Mail }).message;
}

function codeIn(mail: Mail): string {
  const code = /確認コード\s*\n\s*(\d{6})/.exec(mail.text)?.[1];
  expect(code, 'a 6-digit code in the mail').toBeTruthy();
  return code ?? '';
}

async function registerWithPassword(page: Page, email: string): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('メールアドレス').fill(email);
  await page.locator('#password').fill(PASSWORD);
  await page.getByLabel('パスワード（確認）').fill(PASSWORD);
  await page.getByLabel(/に同意します/).check();
  const before = new Date().toISOString();
  await page.getByRole('button', { name: '確認コードを送信する' }).click();
  await expect(page).toHaveURL(/\/temporary-auth$/);
  await expect(page.getByText(email)).toBeVisible();
  const mail = await nextMail(email, before);
  expect(mail.subject).toBe('【hojin】会員登録の確認コード');
  await page.getByLabel('確認コード').fill(codeIn(mail));
  await page.getByRole('button', { name: '登録を完了する' }).click();
  await expect(page).toHaveURL(/\/register\/completion$/);
  await expect(page.getByRole('heading', { name: '会員登録が完了しました' })).toBeVisible();
}

async function login(page: Page, email: string, password = PASSWORD, nextPage = '/my-page/basic-info'): Promise<void> {
  await page.goto(`/login?nextPage=${encodeURIComponent(nextPage)}`);
  await page.getByLabel('メールアドレス').fill(email);
  await page.locator('#password').fill(password);
  await page.getByRole('button', { name: 'ログインする', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${nextPage.replace(/[/]/g, '\\/')}$`));
}

async function queueGoogleLogin(profile: { email: string; email_verified?: boolean }): Promise<void> {
  const res = await fetch(`${E2E_OIDC_URL}/__control/next-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(profile),
  });
  expect(res.status).toBe(200);
}

test.describe('accounts', () => {
  test('the guard shows the loading overlay, then sends a logged-out visitor to the login page, back to this page afterwards', async ({
    page,
  }) => {
    await page.goto('/my-page/basic-info');
    await expect(page.getByTestId('loading-overlay')).toBeVisible();
    await expect(page.getByTestId('loading-overlay')).toContainText('読み込み中');
    // never logged in: asked to log in, not told a login expired (docs/decisions/0022)
    await expect(page).toHaveURL(/\/login\?nextPage=%2Fmy-page%2Fbasic-info$/);
    await expect(page.getByTestId('login-reason')).toHaveText(
      'このページをご利用いただくにはログインが必要です。会員登録がお済みでない方は新規登録してください。',
    );
    await expect(page.getByText('ログインの有効期限が切れました')).toHaveCount(0);
  });

  test('registers with the code from the mail, sees my page, logs out and in again', async ({ page }) => {
    const email = newEmail('reg');
    await registerWithPassword(page, email);
    await expect(page.getByRole('link', { name: 'マイページ' }).first()).toBeVisible();

    await page.goto('/my-page/basic-info');
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText('メールアドレスとパスワード')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('user_email'))).toBe(email);

    await page.getByRole('button', { name: 'ログアウトする' }).click();
    await expect(page).toHaveURL(/\/login\?loggedOut=true$/);
    await expect(page.getByText('ログアウトしました。')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('auth_expire_time'))).toBeNull();

    // a wrong password: the same generic message, shown at the top
    await page.getByLabel('メールアドレス').fill(email);
    await page.locator('#password').fill('not-the-password');
    await page.getByRole('button', { name: 'ログインする', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'メールアドレスまたはパスワードが正しくありません' })).toBeVisible();

    await login(page, email);
    await expect(page.getByText(email)).toBeVisible();
  });

  test('a logged-in member opening the code page is told they are registered, with the way to my page and the search — not 会員登録へ', async ({
    page,
  }) => {
    await registerWithPassword(page, newEmail('code-again'));
    await page.goto('/temporary-auth');
    await expect(page.getByTestId('already-member')).toContainText('会員登録はお済みで、ログインしています');
    await expect(page.getByRole('link', { name: '会員登録へ' })).toHaveCount(0);
    await page.getByTestId('already-member').getByRole('link', { name: 'マイページへ' }).click();
    await expect(page).toHaveURL(/\/my-page\/basic-info$/);

    // Logged out, the page still says the request was not found and offers registration.
    await page.getByRole('button', { name: 'ログアウトする' }).click();
    await expect(page).toHaveURL(/\/login\?loggedOut=true$/);
    await page.goto('/temporary-auth');
    await expect(page.getByText('お申し込みの情報が見つかりませんでした')).toBeVisible();
    await expect(page.getByRole('link', { name: '会員登録へ' })).toBeVisible();
  });

  test('back on the registration page after registering, a member is told they are logged in — not offered a second account', async ({
    page,
  }) => {
    await registerWithPassword(page, newEmail('back'));
    await page.goBack();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByTestId('already-member')).toContainText('会員登録はお済みで、ログインしています');
    await expect(page.getByRole('button', { name: '確認コードを送信する' })).toHaveCount(0);
    await expect(page.getByTestId('already-member').getByRole('link', { name: 'マイページへ' })).toHaveAttribute(
      'href',
      '/my-page/basic-info',
    );
    // sent to register on the way to a page: that page is offered
    await page.goto(`/register?nextPage=${encodeURIComponent('/my-page/payment-history')}`);
    await page.getByTestId('already-member').getByRole('link', { name: 'ご覧になっていたページへ' }).click();
    await expect(page).toHaveURL(/\/my-page\/payment-history$/);
  });

  test('shows field errors under the fields and a summary at the top', async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('メールアドレス').fill('not-an-address');
    await page.locator('#password').fill('short');
    await page.getByRole('button', { name: '確認コードを送信する' }).click();
    // the error summary (Next's route announcer is an alert region too)
    const summary = page.locator('[role=alert][tabindex="-1"]');
    await expect(summary).toBeFocused();
    await expect(summary).toContainText('パスワードは8文字以上で入力してください。');
    await expect(page.getByLabel('メールアドレス')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#email-error')).toContainText('メールアドレスの形式が正しくありません');
    await expect(page.locator('#agreement-error')).toContainText('同意してください');
  });

  test('signs up and in with Google against the local provider', async ({ page }) => {
    const email = newEmail('google');
    await page.goto('/register');
    await page.getByLabel(/に同意します/).check();
    await queueGoogleLogin({ email, email_verified: true });
    await page.getByRole('link', { name: 'Google で登録する' }).click();
    await expect(page).toHaveURL(/\/register\/completion$/);
    expect(await page.evaluate(() => localStorage.getItem('user_email'))).toBe(email);
    await page.goto('/my-page/basic-info');
    await expect(page.getByText('Google アカウント', { exact: true })).toBeVisible();

    // log out, then in again with Google from the login page, continuing to nextPage
    await page.getByRole('button', { name: 'ログアウトする' }).click();
    await expect(page).toHaveURL(/\/login\?loggedOut=true$/);
    await page.goto('/login?nextPage=/my-page/basic-info');
    await queueGoogleLogin({ email });
    await page.getByRole('link', { name: 'Google でログイン' }).click();
    await expect(page).toHaveURL(/\/my-page\/basic-info$/);
    await expect(page.getByText(email)).toBeVisible();
  });

  test('does not link an unverified Google e-mail to an existing account', async ({ page }) => {
    const email = newEmail('unverified');
    await registerWithPassword(page, email);
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await queueGoogleLogin({ email, email_verified: false });
    await page.getByRole('link', { name: 'Google でログイン' }).click();
    await expect(page).toHaveURL(/\/login\?error=social_link_refused$/);
    await expect(page.getByRole('alert').filter({ hasText: 'この Google アカウントではログインできませんでした' })).toBeVisible();
  });

  test('resets the password through the mailed link', async ({ page }) => {
    const email = newEmail('reset');
    await registerWithPassword(page, email);
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());

    await page.goto('/login');
    await page.getByRole('link', { name: 'パスワードをお忘れの方' }).click();
    await expect(page).toHaveURL(/\/password-reset$/);
    const before = new Date().toISOString();
    await page.getByLabel('メールアドレス').fill(email);
    await page.getByRole('button', { name: '再設定用のメールを送信する' }).click();
    await expect(page).toHaveURL(/\/password-reset\/sending$/);
    await expect(page.getByText(email)).toBeVisible();

    const mail = await nextMail(email, before);
    const link = /(http\S+\/password-reset\/new-password#token=[\w-]{43})/.exec(mail.text)?.[1] ?? '';
    expect(link.startsWith(`${E2E_BASE_URL}/`)).toBe(true);
    const response = await page.goto(link);
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    await expect(page.getByRole('heading', { name: '新しいパスワードの設定' })).toBeVisible();
    await expect(page).toHaveURL(/\/password-reset\/new-password$/); // the token left the address bar
    await page.locator('#password').fill('kawa-yama-sora-2027');
    await page.getByLabel('新しいパスワード（確認）').fill('kawa-yama-sora-2027');
    await page.getByRole('button', { name: 'パスワードを設定する' }).click();
    await expect(page).toHaveURL(/\/password-reset\/completion$/);
    await expect(page.getByRole('heading', { name: 'パスワードを再設定しました' })).toBeVisible();
    // only right after the reset: a reload (or anyone opening the URL) gets the neutral page
    await page.reload();
    await expect(page.getByTestId('completion-neutral')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'パスワードを再設定しました' })).toHaveCount(0);

    // the link is single use
    await page.goto(link);
    await expect(page.getByRole('alert').filter({ hasText: '無効か、有効期限' })).toBeVisible();
    await login(page, email, 'kawa-yama-sora-2027');
  });

  test('changes the e-mail with the code sent to the new address; the old one is told, and the stored address follows', async ({
    page,
  }) => {
    const email = newEmail('old');
    const changed = newEmail('new');
    await registerWithPassword(page, email);
    await page.goto('/my-page/basic-info');
    await page.getByLabel('新しいメールアドレス').fill(changed);
    await page.locator('#ce-password').fill(PASSWORD);
    const before = new Date().toISOString();
    await page.getByRole('button', { name: '確認コードを送信する' }).click();
    await expect(page.getByText(`${changed} 宛てに確認コード（6桁）をお送りしました。`)).toBeVisible();
    await page.getByLabel('確認コード').fill(codeIn(await nextMail(changed, before)));
    await page.getByRole('button', { name: '変更を確定する' }).click();
    await expect(page.getByText(`メールアドレスを ${changed} に変更しました。`)).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: changed })).toBeVisible();
    // the old address is told, the new one masked
    expect((await nextMail(email, before)).text).toContain('メールアドレスを「e******@example.jp」に変更しました。');
    // spec §3's user_email: the recipient step fills the card's 本人認証 e-mail from it, which kept
    // the old address until the next login
    expect(await page.evaluate(() => localStorage.getItem('user_email'))).toBe(changed);
  });

  test('unregisters after re-entering the password', async ({ page }) => {
    const email = newEmail('bye');
    await registerWithPassword(page, email);
    await page.goto('/my-page/unregister');
    await expect(page.getByText('ご注文の記録と領収書（法令に基づき7年間保存します）')).toBeVisible();
    // the watch list goes too (the watch feature's clean-up): the page and the mail say so
    await expect(page.getByRole('listitem').filter({ hasText: 'ウォッチリスト、変更通知メールの設定と配信の記録' })).toBeVisible();
    await page.getByRole('button', { name: '退会する' }).click();
    await expect(page.locator('#confirm-error')).toBeVisible();
    await page.getByLabel(/退会に同意します/).check();
    await page.getByLabel('現在のパスワード').fill(PASSWORD);
    await page.getByRole('button', { name: '退会する' }).click();
    await expect(page).toHaveURL(/\/login\?unregistered=true$/);
    await expect(page.getByText('退会手続きが完了しました。')).toBeVisible();
    const mail = await nextMail(email);
    expect(mail.subject).toBe('【hojin】退会手続きが完了しました');
    expect(mail.text).toContain('ウォッチリスト、変更通知メールの設定と配信の記録');

    await page.getByLabel('メールアドレス').fill(email);
    await page.locator('#password').fill(PASSWORD);
    await page.getByRole('button', { name: 'ログインする', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'メールアドレスまたはパスワードが正しくありません' })).toBeVisible();
  });

  test('tries the demo account, which may not unregister', async ({ page }) => {
    await page.goto('/login?nextPage=/my-page/basic-info');
    await expect(page.getByRole('heading', { name: 'デモアカウントで試す' })).toBeVisible();
    await page.getByRole('button', { name: 'デモアカウントでログインする' }).click();
    await expect(page).toHaveURL(/\/my-page\/basic-info$/);
    await expect(page.getByText('デモアカウントでログインしています')).toBeVisible();
    await page.goto('/my-page/unregister');
    await expect(page.getByRole('button', { name: '退会する' })).toBeDisabled();
  });

  test('refuses a POST without the CSRF header with 403 JSON', async ({ page }) => {
    await page.goto('/login');
    const res = await page.request.post('/api/users/login', {
      headers: { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' },
      data: { email: 'demo@hojin.example', password: 'try-the-demo-2026' },
    });
    expect(res.status()).toBe(403);
    expect(res.headers()['content-type']).toContain('application/json');
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('csrf_invalid');
  });
});
