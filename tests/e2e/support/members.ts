import { randomUUID } from 'node:crypto';

import { expect, type Page } from '@playwright/test';

import { E2E_BASE_URL, E2E_MAIL_URL } from './e2e-env';

/** A mail the stack's SMTP catcher received. */
export interface Mail {
  id: string;
  subject: string;
  text: string;
}

/** The next mail to `to` (received after `after`: an ISO time or a mail's id), waiting up to 20 s for it. */
export async function nextMail(to: string, after?: string): Promise<Mail> {
  const params = new URLSearchParams({ to, timeoutMs: '20000', ...(after ? { after } : {}) });
  const res = await fetch(`${E2E_MAIL_URL}/api/messages/wait?${params.toString()}`);
  expect(res.status, `a mail to ${to}`).toBe(200);
  return ((await res.json()) as { message: Mail }).message;
}

export const MEMBER_PASSWORD = 'sakura-fuji-umi-2026';

/** A fresh address at the catcher: e2e-<tag>-…@example.jp. */
export function newEmail(tag: string): string {
  return `e2e-${tag}-${randomUUID().slice(0, 8)}@example.jp`;
}

/** The 6-digit code of a registration or login mail. */
export function codeIn(mail: Mail): string {
  return /確認コード\s*\n\s*(\d{6})/.exec(mail.text)?.[1] ?? '';
}

/**
 * A new member, registered through the API (with the code from the mail) and left logged out.
 * `tag` goes into the address (e2e-<tag>-…).
 */
export async function newMember(page: Page, tag: string): Promise<string> {
  const email = newEmail(tag);
  const headers = async () => {
    const csrf = (await (await page.request.get('/api/session/csrf')).json()) as { csrf_token: string };
    return { 'X-CSRF-Token': csrf.csrf_token, 'X-Requested-With': 'XMLHttpRequest', Origin: E2E_BASE_URL };
  };
  const before = new Date().toISOString();
  const reg = await page.request.post('/api/users/register', {
    headers: await headers(),
    data: { email, password: MEMBER_PASSWORD, agreement: true },
  });
  expect(reg.status()).toBe(200);
  const { requestId } = (await reg.json()) as { requestId: string };
  const done = await page.request.post('/api/users/temp-auth', {
    headers: await headers(),
    data: { requestId, code: codeIn(await nextMail(email, before)) },
  });
  expect(done.status()).toBe(200);
  await page.request.post('/api/users/logout', { headers: await headers(), data: {} });
  return email;
}

/** Logs in through the login page and waits for `landing` (a path; /search by default). */
export async function logInThroughPage(page: Page, email: string, landing = '/search'): Promise<void> {
  await page.goto(`/login?nextPage=${encodeURIComponent(landing)}`);
  await page.getByLabel('メールアドレス').fill(email);
  await page.locator('#password').fill(MEMBER_PASSWORD);
  await page.getByRole('button', { name: 'ログインする', exact: true }).click();
  // the login page's own URL carries nextPage: wait for the page itself
  await expect(page).toHaveURL((url) => url.pathname === landing);
}

/** A new member, registered through the API and then logged in through the login page, on /search. */
export async function newMemberLoggedIn(page: Page, tag: string): Promise<string> {
  const email = await newMember(page, tag);
  await logInThroughPage(page, email);
  return email;
}

/**
 * A new member registered through the pages themselves — /register, the code from the mail on
 * /temporary-auth — and so logged in, on /register/completion.
 */
export async function registerThroughPages(page: Page, tag: string): Promise<string> {
  await page.goto('/register');
  const email = await registerOnThisPage(page, tag);
  await expect(page).toHaveURL(/\/register\/completion$/, { timeout: 30_000 });
  return email;
}

/**
 * Fills in the /register page that is open, takes the code from the mail on /temporary-auth and
 * completes: where the member lands is the caller's to check.
 */
export async function registerOnThisPage(page: Page, tag: string): Promise<string> {
  const email = newEmail(tag);
  await page.getByLabel('メールアドレス').fill(email);
  await page.locator('#password').fill(MEMBER_PASSWORD);
  await page.getByLabel('パスワード（確認）').fill(MEMBER_PASSWORD);
  await page.getByLabel(/に同意します/).check();
  const before = new Date().toISOString();
  await page.getByRole('button', { name: '確認コードを送信する' }).click();
  // password hashing and the mail on a shared machine: more than the default 10 s at times
  await expect(page).toHaveURL(/\/temporary-auth$/, { timeout: 30_000 });
  await page.getByLabel('確認コード').fill(codeIn(await nextMail(email, before)));
  await page.getByRole('button', { name: '登録を完了する' }).click();
  return email;
}
