import { afterAll, describe, expect, it } from 'vitest';

import { Browser, mailsTo, startAccountsStack, uniqueEmail, waitForMail, type Mail } from './accounts-support';
import { hashPassword } from '@/features/accounts/server/passwords';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemoUser } from '@/features/accounts/server/demo-user';
import { createUser } from '../factories/users';
import * as csrfRoute from '@/app/api/session/csrf/route';
import * as loginRoute from '@/app/api/users/login/route';
import * as resetRequestRoute from '@/app/api/users/reset-password-request/route';
import * as registerRoute from '@/app/api/users/register/route';
import * as resetVerifyRoute from '@/app/api/users/reset-password-verify/route';
import { CODE_MAILS_PER_RECIPIENT, LOGIN_ACCOUNT_CEILING, RESET_MAILS_PER_RECIPIENT } from '@/features/accounts/server/limits';

/**
 * Issue 11 §2: no client can lock another out (docs/decisions/0011-client-ip-and-rate-limits.md).
 * Each Browser has its own client IP, given as the right-most X-Forwarded-For entry of a trusted
 * proxy (the accounts stack sets TRUSTED_PROXY_HEADER); client-ip.int.test.ts covers the server's
 * own peer address.
 */
const stack = await startAccountsStack();

afterAll(() => stack.close());

const PASSWORD = 'sakura-fuji-umi-2026';
let ipSeq = 1;
/** A client at an address of its own (documentation ranges, unique per test run). */
const at = (net: string) => new Browser(`${net}.${ipSeq++ % 250}`).init(csrfRoute);

async function member() {
  const email = uniqueEmail('victim');
  await createUser({ email, passwordHash: await hashPassword(PASSWORD), emailVerifiedAt: new Date() });
  return email;
}

/** Waits until `to` has received `count` mails and returns them (oldest first, as the catcher lists them). */
async function mailCount(to: string, count: number): Promise<Mail[]> {
  for (let i = 0; i < 100; i++) {
    const mails = await mailsTo(stack, to);
    if (mails.length >= count) return mails;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${to} did not receive ${count} mails`);
}

const login = (b: Browser, email: string, password: string) => b.post(loginRoute, '/api/users/login', { email, password });
const retryAfter = (res: { headers: Headers }) => Number(res.headers.get('retry-after'));

describe('failed logins slow the client that makes them, never the owner', () => {
  it('54 failed logins for random addresses from one client: it is slowed, the member and the demo account still log in', async () => {
    expect(['created', 'unchanged', 'updated']).toContain(await seedDemoUser());
    const victim = await member();
    const attacker = await at('203.0.113');
    const statuses: number[] = [];
    for (let i = 0; i < 54; i++) statuses.push((await login(attacker, uniqueEmail('random'), `wrong-password-${i}`)).status);
    // the address is capped across accounts: 30 failures, then refused for minutes, not a day
    expect(statuses.slice(0, 30)).toEqual(Array<number>(30).fill(401));
    expect(statuses.slice(30)).toEqual(Array<number>(24).fill(429));
    for (const [email, password] of [
      [victim, PASSWORD],
      [DEMO_EMAIL, DEMO_PASSWORD],
    ] as const) {
      const refused = await login(attacker, email, password);
      expect(refused.status).toBe(429);
      expect(retryAfter(refused)).toBeGreaterThan(60);
      expect(retryAfter(refused)).toBeLessThanOrEqual(15 * 60);
      expect(refused.json.error?.message).toContain('一時的にログインを制限');
    }

    // the owners, from their own connections, are not
    expect((await login(await at('198.51.100'), victim, PASSWORD)).status).toBe(200);
    expect((await login(await at('198.51.100'), DEMO_EMAIL, DEMO_PASSWORD)).status).toBe(200);
  });

  it('backs off one attacker on one account: free typos, then 2, 4, 8 … seconds, capped at minutes', async () => {
    const victim = await member();
    const attacker = await at('203.0.113');
    for (let i = 0; i < 5; i++) expect((await login(attacker, victim, `typo-${i}-password`)).status).toBe(401);
    expect((await login(attacker, victim, 'sixth-wrong-password')).status).toBe(401);
    const refused = await login(attacker, victim, PASSWORD);
    expect(refused.status).toBe(429);
    expect(retryAfter(refused)).toBeGreaterThanOrEqual(1);
    expect(retryAfter(refused)).toBeLessThanOrEqual(2);
    // the owner logs in meanwhile from another address
    expect((await login(await at('198.51.100'), victim, PASSWORD)).status).toBe(200);
  });

  it('lets parallel guesses of one client through no faster than the back-off allows', async () => {
    const victim = await member();
    const attacker = await at('203.0.113');
    const started = Date.now();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => login(attacker, victim, `parallel-${i}-guess`)));
    const seconds = Math.max(1, Math.ceil((Date.now() - started) / 1000));
    const checked = results.filter((r) => r.status === 401).length;
    // 6 immediate tries (the 6th failure starts the back-off) and one through the gate per second
    // of the burst at most (one, when the burst takes under a second; a loaded machine can spread
    // twenty requests over more); the rest are refused before any password check
    expect(checked).toBeGreaterThanOrEqual(6);
    expect(checked).toBeLessThanOrEqual(6 + seconds);
    expect(results.filter((r) => r.status === 429).length).toBe(20 - checked);
  });

  it(
    "150 addresses against one account: the account-wide ceiling holds the checks; the owner's own browser logs in; one mail tells them",
    { timeout: 300_000 },
    async () => {
      const victim = await member();
      // the owner's browser: it has logged in before, so it is a known device of the account
      const home = await at('198.51.100');
      expect((await login(home, victim, PASSWORD)).status).toBe(200);
      expect(home.jar.get('hojin_device')).toBeTruthy();

      const statuses: number[] = [];
      for (let i = 0; i < 150; i++) {
        const attacker = await at('192.0.2');
        for (let j = 0; j < 2; j++) statuses.push((await login(attacker, victim, `spray-${i}-${j}-password`)).status);
      }
      const checked = statuses.filter((s) => s === 401).length;
      // before: every address got its free try and its back-off tries (974 checks from 150 addresses in 150 s)
      expect(checked).toBeLessThanOrEqual(LOGIN_ACCOUNT_CEILING);
      expect(statuses.filter((s) => s === 429).length).toBe(statuses.length - checked);

      // a browser the account never logged in from is refused, with the way in spelled out
      const stranger = await at('198.51.100');
      const refused = await login(stranger, victim, PASSWORD);
      expect(refused.status).toBe(429);
      expect(refused.json.error?.message).toContain('いつもお使いの端末からログインするか、パスワードを再設定してください');
      expect(retryAfter(refused)).toBeGreaterThan(0);
      expect(retryAfter(refused)).toBeLessThanOrEqual(3600);
      // the owner's own browser is not
      expect((await login(home, victim, PASSWORD)).status).toBe(200);
      // and the reset mail still reaches the owner from the new browser
      await mailCount(victim, 1); // the warning below
      const last = (await mailsTo(stack, victim)).at(-1);
      expect((await stranger.post(resetRequestRoute, '/api/users/reset-password-request', { email: victim })).status).toBe(200);
      expect((await waitForMail(stack, victim, last?.id)).text).toContain('/password-reset/new-password#token=');

      // told once, not per attempt
      const warnings = (await mailsTo(stack, victim)).filter((m) => m.subject.includes('不審なログインの試行'));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]?.text).toContain('いつもお使いの端末からは、これまでどおりログインできます');
    },
  );

  it("a forged or another account's device cookie is no known device", { timeout: 120_000 }, async () => {
    const victim = await member();
    const other = await member();
    const mine = await at('198.51.100');
    expect((await login(mine, other, PASSWORD)).status).toBe(200); // a device of the other account
    for (let i = 0; i < LOGIN_ACCOUNT_CEILING + 2; i++) await login(await at('192.0.2'), victim, `spray-${i}-password`);
    expect((await login(mine, victim, PASSWORD)).status).toBe(429);
    mine.jar.set('hojin_device', `${'0'.repeat(8)}-0000-0000-0000-000000000000.${Math.floor(Date.now() / 1000)}.forged`);
    expect((await login(mine, victim, PASSWORD)).status).toBe(429);
  });
});

describe('the way back in cannot be used up by someone else', () => {
  it('caps reset mail to one address however many addresses ask; the newest link mailed still works', async () => {
    const victim = await member();
    const statuses: number[] = [];
    // 60 addresses, two requests each: before, 2 mails per address (120 in seconds)
    for (let i = 0; i < 60; i++) {
      const other = await at('192.0.2');
      for (let j = 0; j < 2; j++)
        statuses.push((await other.post(resetRequestRoute, '/api/users/reset-password-request', { email: victim })).status);
    }
    const sent = statuses.filter((s) => s === 200).length;
    expect(sent).toBeLessThanOrEqual(RESET_MAILS_PER_RECIPIENT);
    const mails = await mailCount(victim, sent);
    await new Promise((r) => setTimeout(r, 500));
    expect((await mailsTo(stack, victim)).length).toBe(sent);
    // the owner asking now is told to use the newest mail, which works
    const owner = await at('198.51.100');
    const refused = await owner.post(resetRequestRoute, '/api/users/reset-password-request', { email: victim });
    expect(refused.status).toBe(429);
    expect(refused.json.error?.message).toContain('いちばん新しいメールのリンクをお使いください');
    // each link voids the ones before it: the newest one mailed is valid (mails may arrive out of order)
    const valid: string[] = [];
    for (const m of mails) {
      const token = /#token=([\w-]+)/.exec(m.text)?.[1] ?? '';
      if ((await owner.post(resetVerifyRoute, '/api/users/reset-password-verify', { token })).status === 200) valid.push(token);
    }
    expect(valid).toHaveLength(1);
  });

  it('keeps registration and reset mail in separate allowances: many registrations from one address leave its reset mail', async () => {
    const owner = await member();
    const office = await at('198.51.100');
    for (let i = 0; i < 30; i++)
      expect(
        (await office.post(registerRoute, '/api/users/register', { email: uniqueEmail('new'), password: PASSWORD, agreement: true }))
          .status,
      ).toBe(200);
    const full = await office.post(registerRoute, '/api/users/register', {
      email: uniqueEmail('new'),
      password: PASSWORD,
      agreement: true,
    });
    expect(full.status).toBe(429);
    expect((await office.post(resetRequestRoute, '/api/users/reset-password-request', { email: owner })).status).toBe(200);
    expect((await waitForMail(stack, owner)).text).toContain('#token=');
  });

  it('caps registration code mail to one address however many addresses ask', async () => {
    const email = uniqueEmail('squatted');
    let sent = 0;
    for (let i = 0; i < 40; i++) {
      const other = await at('192.0.2');
      for (let j = 0; j < 2; j++) {
        const res = await other.post(registerRoute, '/api/users/register', { email, password: PASSWORD, agreement: true });
        if (res.status === 200) sent++;
      }
    }
    expect(sent).toBeLessThanOrEqual(CODE_MAILS_PER_RECIPIENT);
    await mailCount(email, sent);
    const refused = await (
      await at('198.51.100')
    ).post(registerRoute, '/api/users/register', { email, password: PASSWORD, agreement: true });
    expect(refused.status).toBe(429);
    expect(refused.json.error?.message).toContain('確認コードの送信が上限に達しました');
    expect(retryAfter(refused)).toBeLessThanOrEqual(3600);
  });
});
