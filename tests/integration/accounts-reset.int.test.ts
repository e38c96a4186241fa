import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';

import { APP, Browser, mailsTo, startAccountsStack, uniqueEmail, waitForMail, type Mail } from './accounts-support';
import { hashPassword } from '@/features/accounts/server/passwords';
import { createUser } from '../factories/users';
import * as csrfRoute from '@/app/api/session/csrf/route';
import * as loginRoute from '@/app/api/users/login/route';
import * as meRoute from '@/app/api/users/me/route';
import * as requestRoute from '@/app/api/users/reset-password-request/route';
import * as verifyRoute from '@/app/api/users/reset-password-verify/route';
import * as resetRoute from '@/app/api/users/reset-password/route';

const stack = await startAccountsStack();

afterAll(() => stack.close());
afterEach(() => vi.useRealTimers());

const PASSWORD = 'sakura-fuji-umi-2026';
const NEW_PASSWORD = 'kawa-yama-sora-2027';

async function member() {
  const email = uniqueEmail('reset');
  await createUser({ email, passwordHash: await hashPassword(PASSWORD), emailVerifiedAt: new Date() });
  return email;
}

function tokenIn(mail: Mail): { url: string; token: string } {
  const match = /(https?:\/\/\S+\/password-reset\/new-password#token=([\w-]{43}))/.exec(mail.text);
  if (!match?.[1] || !match[2]) throw new Error('no reset link in the mail');
  return { url: match[1], token: match[2] };
}

async function browser() {
  return new Browser().init(csrfRoute);
}

describe('password reset', () => {
  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    const email = await member();
    const nobody = uniqueEmail('nobody');
    const b = await browser();
    const known = await b.post(requestRoute, '/api/users/reset-password-request', { email });
    const unknown = await b.post(requestRoute, '/api/users/reset-password-request', { email: nobody });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.json).toEqual(unknown.json);
    const mail = await waitForMail(stack, email);
    expect(mail.subject).toBe('【hojin】パスワード再設定のご案内');
    expect(tokenIn(mail).url.startsWith(`${APP}/password-reset/new-password#token=`)).toBe(true);
    expect(await mailsTo(stack, nobody)).toHaveLength(0);
  });

  it('builds the link from configuration, never from the Host header', async () => {
    const email = await member();
    const b = await browser();
    const res = await b.post(
      requestRoute,
      '/api/users/reset-password-request',
      { email },
      { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    );
    expect(res.status).toBe(200);
    const mail = await waitForMail(stack, email);
    expect(tokenIn(mail).url.startsWith(`${APP}/`)).toBe(true);
    expect(mail.text).not.toContain('evil.example');
    expect(mail.html).not.toContain('evil.example');
  });

  it('sets the new password once, ends every session, mails a notice and does not log in', async () => {
    const email = await member();
    const session = await browser();
    expect((await session.post(loginRoute, '/api/users/login', { email, password: PASSWORD })).status).toBe(200);

    const b = await browser();
    await b.post(requestRoute, '/api/users/reset-password-request', { email });
    const linkMail = await waitForMail(stack, email);
    const { token } = tokenIn(linkMail);
    const check = await b.post(verifyRoute, '/api/users/reset-password-verify', { token });
    expect(check.status).toBe(200);
    expect(check.json).toMatchObject({ valid: true });
    expect(String(check.json.email)).not.toBe(email);

    const weak = await b.post(resetRoute, '/api/users/reset-password', { token, password: 'short' });
    expect(weak.status).toBe(422);
    const done = await b.post(resetRoute, '/api/users/reset-password', { token, password: NEW_PASSWORD });
    expect(done.status).toBe(200);
    expect(done.headers.getSetCookie().some((c) => c.startsWith('hojin_session='))).toBe(false);
    // The browser still logged in is told why (docs/decisions/0049), not 「有効期限が切れました」.
    const ended = await session.get(meRoute, '/api/users/me');
    expect(ended.status).toBe(401);
    expect(ended.json.error).toMatchObject({
      code: 'password_changed',
      message: 'パスワードが変更されたため、ログアウトしました。新しいパスワードでログインしてください。',
    });
    // a request without a session, or with one that simply expired, is the usual 401
    const stranger = await browser();
    stranger.jar.set('hojin_session', 'x'.repeat(43));
    expect((await stranger.get(meRoute, '/api/users/me')).json.error?.code).toBe('unauthorized');

    const reused = await b.post(resetRoute, '/api/users/reset-password', { token, password: 'another-new-pass-2028' });
    expect(reused.status).toBe(400);
    expect(reused.json.error?.code).toBe('reset_link_invalid');
    expect((await b.post(verifyRoute, '/api/users/reset-password-verify', { token })).status).toBe(400);

    const notice = await waitForMail(stack, email, linkMail.id);
    expect(notice.subject).toBe('【hojin】パスワードを再設定しました');
    expect((await b.post(loginRoute, '/api/users/login', { email, password: PASSWORD })).status).toBe(401);
    expect((await b.post(loginRoute, '/api/users/login', { email, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('rejects an expired link (fake clock, 1 hour)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date());
    const email = await member();
    const b = await browser();
    await b.post(requestRoute, '/api/users/reset-password-request', { email });
    const { token } = tokenIn(await waitForMail(stack, email));
    vi.setSystemTime(new Date(Date.now() + 60 * 60_000 + 1000));
    const res = await b.post(resetRoute, '/api/users/reset-password', { token, password: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.json.error?.code).toBe('reset_link_invalid');
    expect(res.json.error?.message).toContain('有効期限');
  });

  it('invalidates the older link when a new one is requested', async () => {
    const email = await member();
    const b = await browser();
    await b.post(requestRoute, '/api/users/reset-password-request', { email });
    const first = await waitForMail(stack, email);
    await b.post(requestRoute, '/api/users/reset-password-request', { email });
    const second = await waitForMail(stack, email, first.id);
    expect((await b.post(verifyRoute, '/api/users/reset-password-verify', { token: tokenIn(first).token })).status).toBe(400);
    expect((await b.post(verifyRoute, '/api/users/reset-password-verify', { token: tokenIn(second).token })).status).toBe(200);
  });

  it('limits reset requests to 3 an hour per address and client', async () => {
    const email = uniqueEmail('flood');
    const b = await browser();
    for (let i = 0; i < 3; i++) expect((await b.post(requestRoute, '/api/users/reset-password-request', { email })).status).toBe(200);
    const fourth = await b.post(requestRoute, '/api/users/reset-password-request', { email });
    expect(fourth.status).toBe(429);
    expect(fourth.json.error?.message).toContain('1時間に3回');
    expect(fourth.headers.get('retry-after')).toBeTruthy();
    // another client still can
    expect((await (await browser()).post(requestRoute, '/api/users/reset-password-request', { email })).status).toBe(200);
  });
});
