import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';

import { APP, Browser, codeIn, startAccountsStack, uniqueEmail, waitForMail } from './accounts-support';
import { eq } from 'drizzle-orm';
import { emailCodes, users } from '@db/schema';
import { getDb } from '@/server/db/client';
import * as csrfRoute from '@/app/api/session/csrf/route';
import * as registerRoute from '@/app/api/users/register/route';
import * as tempAuthRoute from '@/app/api/users/temp-auth/route';
import * as resendRoute from '@/app/api/users/temp-auth/resend/route';
import * as loginRoute from '@/app/api/users/login/route';
import * as meRoute from '@/app/api/users/me/route';

// Configuration first (mail catcher and provider ports), then the app's modules.
const stack = await startAccountsStack();

afterAll(() => stack.close());
afterEach(() => vi.useRealTimers());

const PASSWORD = 'sakura-fuji-umi-2026';

async function browser() {
  return new Browser().init(csrfRoute);
}

async function register(b: Browser, email: string, password = PASSWORD) {
  return b.post(registerRoute, '/api/users/register', { email, password, agreement: true });
}

async function userCount(email: string) {
  const db = await getDb();
  return (await db.select().from(users).where(eq(users.email, email))).length;
}

describe('registration with an e-mail code', () => {
  it('creates the account only after the code from the mail verifies, and logs in', async () => {
    const b = await browser();
    const email = uniqueEmail();
    const res = await register(b, `  ${email.toUpperCase()} `);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ email, resendAfterSeconds: 60, expiresInSeconds: 600 });
    expect(await userCount(email)).toBe(0);

    const mail = await waitForMail(stack, email);
    expect(mail.subject).toBe('【hojin】会員登録の確認コード');
    expect(mail.text).toContain('株式会社ホウジン（サンプル）');
    expect(mail.html).toContain(codeIn(mail));
    const code = codeIn(mail);

    const done = await b.post(tempAuthRoute, '/api/users/temp-auth', { requestId: res.json.requestId, code });
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({ user_email: email, isDemoUser: false, isGoogleUser: false });
    expect(Date.parse(String(done.json.auth_expire_time))).toBeGreaterThan(Date.now());
    expect(done.headers.getSetCookie().find((c) => c.startsWith('hojin_session='))).toMatch(/HttpOnly; SameSite=Lax/);
    expect(await userCount(email)).toBe(1);

    const me = await b.get(meRoute, '/api/users/me');
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ user_email: email, hasPassword: true, signInMethods: ['password'] });

    // single use
    const again = await b.post(tempAuthRoute, '/api/users/temp-auth', { requestId: res.json.requestId, code });
    expect(again.status).toBe(400);
    expect(again.json.error?.code).toBe('request_expired');
  });

  it('invalidates a code after 5 wrong tries, even for the right code afterwards', async () => {
    const b = await browser();
    const email = uniqueEmail();
    const res = await register(b, email);
    const code = codeIn(await waitForMail(stack, email));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const r = await b.post(tempAuthRoute, '/api/users/temp-auth', { requestId: res.json.requestId, code: wrong });
      expect(r.status).toBe(400);
      expect(r.json.error?.code).toBe('code_invalid');
      expect(r.json.error?.message).toContain(`あと${5 - i}回`);
    }
    const fifth = await b.post(tempAuthRoute, '/api/users/temp-auth', { requestId: res.json.requestId, code: wrong });
    expect(fifth.json.error?.code).toBe('code_locked');
    const right = await b.post(tempAuthRoute, '/api/users/temp-auth', { requestId: res.json.requestId, code });
    expect(right.status).toBe(400);
    expect(right.json.error?.code).toBe('code_locked');
    expect(await userCount(email)).toBe(0);
  });

  it('rejects an expired code (fake clock, 10 minutes)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date());
    const b = await browser();
    const email = uniqueEmail();
    const res = await register(b, email);
    const code = codeIn(await waitForMail(stack, email));
    vi.setSystemTime(new Date(Date.now() + 10 * 60_000 + 1_000));
    const late = await b.post(tempAuthRoute, '/api/users/temp-auth', { requestId: res.json.requestId, code });
    expect(late.status).toBe(400);
    expect(late.json.error?.code).toBe('code_expired');
    expect(late.json.error?.message).toContain('有効期限');
    expect(await userCount(email)).toBe(0);
  });

  it('never lets the code for one e-mail verify another', async () => {
    const b = await browser();
    const a = uniqueEmail('a');
    const c = uniqueEmail('c');
    const reqA = await register(b, a);
    const reqC = await register(await browser(), c);
    const codeA = codeIn(await waitForMail(stack, a));
    const codeC = codeIn(await waitForMail(stack, c));
    // the rare case of equal codes would make this test meaningless
    expect(codeA).not.toBe(codeC);
    const crossed = await b.post(tempAuthRoute, '/api/users/temp-auth', { requestId: reqC.json.requestId, code: codeA });
    expect(crossed.status).toBe(400);
    expect(crossed.json.error?.code).toBe('code_invalid');
    expect(await userCount(c)).toBe(0);
    expect(await userCount(a)).toBe(0);
    const ok = await b.post(tempAuthRoute, '/api/users/temp-auth', { requestId: reqA.json.requestId, code: codeA });
    expect(ok.status).toBe(200);
    expect(ok.json.user_email).toBe(a);
  });

  it('answers an existing e-mail exactly like a new one and mails that address a notice instead of a code', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date());
    const email = uniqueEmail('taken');
    const first = await browser();
    const r1 = await register(first, email);
    const codeMail = await waitForMail(stack, email);
    await first.post(tempAuthRoute, '/api/users/temp-auth', { requestId: r1.json.requestId, code: codeIn(codeMail) });
    const welcome = await waitForMail(stack, email, codeMail.id);
    expect(welcome.subject).toBe('【hojin】会員登録が完了しました');

    vi.setSystemTime(new Date(Date.now() + 61_000)); // past the resend cool-down of the address
    const fresh = uniqueEmail('fresh');
    const b = await browser();
    const existing = await register(b, email, 'another-long-passphrase');
    const unknown = await register(await browser(), fresh, 'another-long-passphrase');
    expect(existing.status).toBe(unknown.status);
    expect(Object.keys(existing.json).sort()).toEqual(Object.keys(unknown.json).sort());
    expect(existing.json).toMatchObject({ resendAfterSeconds: 60, expiresInSeconds: 600 });

    const notice = await waitForMail(stack, email, welcome.id);
    expect(notice.subject).toBe('【hojin】会員登録のお申し込みについて');
    expect(notice.text).toContain('すでに会員登録されています');
    expect(notice.text).not.toMatch(/確認コード\s*\n\s*\d{6}/);
    // No code can verify the decoy request.
    const guess = await b.post(tempAuthRoute, '/api/users/temp-auth', { requestId: existing.json.requestId, code: '123456' });
    expect(guess.json.error?.code).toBe('code_invalid');
    expect(await userCount(email)).toBe(1);
  });

  it("carries the registration's nextPage into the notice mail's login link (validated as everywhere), on a resend too", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date());
    const email = uniqueEmail('taken-next');
    const first = await browser();
    const r1 = await register(first, email);
    const codeMail = await waitForMail(stack, email);
    await first.post(tempAuthRoute, '/api/users/temp-auth', { requestId: r1.json.requestId, code: codeIn(codeMail) });
    const welcome = await waitForMail(stack, email, codeMail.id);

    const nextPage = '/purchase/select?corporateNumber=2010401000001';
    const loginLink = `${APP}/login?nextPage=${encodeURIComponent(nextPage)}`;
    vi.setSystemTime(new Date(Date.now() + 61_000));
    const b = await browser();
    const again = await b.post(registerRoute, '/api/users/register', {
      email,
      password: 'another-long-passphrase',
      agreement: true,
      nextPage,
    });
    expect(again.status).toBe(200);
    const notice = await waitForMail(stack, email, welcome.id);
    expect(notice.subject).toBe('【hojin】会員登録のお申し込みについて');
    expect(notice.text).toContain(loginLink);
    expect(notice.html).toContain(loginLink.replaceAll('&', '&amp;'));

    vi.setSystemTime(new Date(Date.now() + 61_000));
    const resent = await b.post(resendRoute, '/api/users/temp-auth/resend', { requestId: again.json.requestId, nextPage });
    expect(resent.status).toBe(200);
    const resentNotice = await waitForMail(stack, email, notice.id);
    expect(resentNotice.text).toContain(loginLink);

    // A destination the login page would not honour is dropped, not an error: the plain login link.
    vi.setSystemTime(new Date(Date.now() + 61_000));
    const unsafe = await (
      await browser()
    ).post(registerRoute, '/api/users/register', {
      email,
      password: 'another-long-passphrase',
      agreement: true,
      nextPage: '//evil.example/',
    });
    expect(unsafe.status).toBe(200);
    const plain = await waitForMail(stack, email, resentNotice.id);
    expect(plain.text).toContain(`${APP}/login`);
    expect(plain.text).not.toContain('nextPage');
    expect(plain.text).not.toContain('evil.example');
  });

  it('rejects a 7-character password and accepts a long one without truncation', async () => {
    const b = await browser();
    const short = await register(b, uniqueEmail(), 'abcdefg');
    expect(short.status).toBe(422);
    expect(short.json.error?.fields?.password).toBe('パスワードは8文字以上で入力してください。');

    const email = uniqueEmail('long');
    const long = `${'長いパスフレーズ'.repeat(10)}-${'z'.repeat(60)}`; // 141 characters
    const res = await register(b, email, long);
    expect(res.status).toBe(200);
    await b.post(tempAuthRoute, '/api/users/temp-auth', { requestId: res.json.requestId, code: codeIn(await waitForMail(stack, email)) });

    const other = await browser();
    const truncated = await other.post(loginRoute, '/api/users/login', { email, password: long.slice(0, 64) });
    expect(truncated.status).toBe(401);
    const almost = await other.post(loginRoute, '/api/users/login', { email, password: long.slice(0, -1) });
    expect(almost.status).toBe(401);
    const full = await other.post(loginRoute, '/api/users/login', { email, password: long });
    expect(full.status).toBe(200);
  });

  it('rejects common passwords and the service name', async () => {
    const b = await browser();
    const common = await register(b, uniqueEmail(), 'password1');
    expect(common.status).toBe(422);
    expect(common.json.error?.fields?.password).toContain('よく使われて');
    const service = await register(b, uniqueEmail(), 'my-hojin-account');
    expect(service.json.error?.fields?.password).toContain('サービス名');
    const noAgreement = await b.post(registerRoute, '/api/users/register', { email: uniqueEmail(), password: PASSWORD, agreement: false });
    expect(noAgreement.json.error?.fields?.agreement).toContain('同意');
  });

  it('keeps a 60-second resend cool-down, replaces the code, and allows 5 sends an hour', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date());
    const b = await browser();
    const email = uniqueEmail('resend');
    const res = await register(b, email);
    const first = await waitForMail(stack, email);
    const tooSoon = await b.post(resendRoute, '/api/users/temp-auth/resend', { requestId: res.json.requestId });
    expect(tooSoon.status).toBe(429);
    expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThan(50);
    expect(tooSoon.json.error?.message).toMatch(/60秒に1回/);

    let previous = first;
    for (let send = 2; send <= 5; send++) {
      vi.setSystemTime(new Date(Date.now() + 61_000));
      const again = await b.post(resendRoute, '/api/users/temp-auth/resend', { requestId: res.json.requestId });
      expect(again.status).toBe(200);
      previous = await waitForMail(stack, email, previous.id);
    }
    vi.setSystemTime(new Date(Date.now() + 61_000));
    const sixth = await b.post(resendRoute, '/api/users/temp-auth/resend', { requestId: res.json.requestId });
    expect(sixth.status).toBe(429);
    expect(sixth.json.error?.message).toContain('1時間に5回');

    // only the newest code works
    const old = await b.post(tempAuthRoute, '/api/users/temp-auth', { requestId: res.json.requestId, code: codeIn(first) });
    if (codeIn(first) !== codeIn(previous)) expect(old.json.error?.code).toBe('code_invalid');
    const ok = await b.post(tempAuthRoute, '/api/users/temp-auth', { requestId: res.json.requestId, code: codeIn(previous) });
    expect(ok.status).toBe(200);
  });

  it('refuses a POST without the CSRF header with 403 JSON', async () => {
    const b = await browser();
    b.csrf = '';
    const res = await register(b, uniqueEmail());
    expect(res.status).toBe(403);
    expect(res.json.error?.code).toBe('csrf_invalid');
  });

  it('gives a clear retry message when the mail cannot be sent, and leaves nothing behind', async () => {
    const email = uniqueEmail('smtpdown');
    const b = await browser();
    await stack.stopMail();
    try {
      const res = await register(b, email);
      expect(res.status).toBe(503);
      expect(res.json.error?.code).toBe('mail_failed');
      expect(res.json.error?.message).toContain('もう一度お試しください');
      const db = await getDb();
      expect(await db.select().from(emailCodes).where(eq(emailCodes.email, email))).toHaveLength(0);
      expect(await userCount(email)).toBe(0);
    } finally {
      await stack.restartMail();
    }
    // the retry works straight away (no cool-down charged for the failed send)
    const retry = await register(b, email);
    expect(retry.status).toBe(200);
    expect(codeIn(await waitForMail(stack, email))).toMatch(/^\d{6}$/);
  });
});
