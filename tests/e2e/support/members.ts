import { randomUUID } from 'node:crypto';

import { expect, type Page } from '@playwright/test';

import { E2E_BASE_URL, E2E_MAIL_URL } from './e2e-env';

/** A mail the stack's SMTP catcher received. */
export interface Mail {
  id: string;
  subject: string;
  text: string;
}

/** The next mail to `to` (received after `after`, an ISO time), waiting up to 20 s for it. */
export async function nextMail(to: string, after?: string): Promise<Mail> {
  const params = new URLSearchParams({ to, timeoutMs: '20000', ...(after ? { after } : {}) });
  const res = await fetch(`${E2E_MAIL_URL}/api/messages/wait?${params.toString()}`);
  expect(res.status, `a mail to ${to}`).toBe(200);
  return ((await res.json()) as { message: Mail }).message;
}

export const MEMBER_PASSWORD = 'sakura-fuji-umi-2026';

/**
 * A new member, registered through the API (with the code from the mail) and then logged in
 * through the login page, which lands on /search. `tag` goes into the address (e2e-<tag>-…).
 */
export async function newMemberLoggedIn(page: Page, tag: string): Promise<string> {
  const email = `e2e-${tag}-${randomUUID().slice(0, 8)}@example.jp`;
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
  const code = /確認コード\s*\n\s*(\d{6})/.exec((await nextMail(email, before)).text)?.[1] ?? '';
  const done = await page.request.post('/api/users/temp-auth', { headers: await headers(), data: { requestId, code } });
  expect(done.status()).toBe(200);
  await page.request.post('/api/users/logout', { headers: await headers(), data: {} });

  await page.goto('/login?nextPage=%2Fsearch');
  await page.getByLabel('メールアドレス').fill(email);
  await page.locator('#password').fill(MEMBER_PASSWORD);
  await page.getByRole('button', { name: 'ログインする', exact: true }).click();
  // the login page's own URL carries nextPage=/search: wait for the search page itself
  await expect(page).toHaveURL((url) => url.pathname === '/search');
  return email;
}
