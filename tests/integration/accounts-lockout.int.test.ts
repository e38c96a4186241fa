import { afterAll, describe, expect, it } from 'vitest';

import { Browser, codeIn, mailsTo, startAccountsStack, uniqueEmail, waitForMail, type Mail } from './accounts-support';

/**
 * Issue 11 §2: no client can lock another out (docs/decisions/0011-client-ip-and-rate-limits.md).
 * Each Browser has its own client IP, given as the right-most X-Forwarded-For entry of a trusted
 * proxy (the accounts stack sets TRUSTED_PROXY_HEADER); client-ip.int.test.ts covers the server's
 * own peer address.
 */
const stack = await startAccountsStack();
const { hashPassword } = await import('@/features/accounts/server/passwords');
const { DEMO_EMAIL, DEMO_PASSWORD, seedDemoUser } = await import('@/features/accounts/server/demo-user');
const { createUser } = await import('../factories/users');
const csrfRoute = await import('@/app/api/session/csrf/route');
const loginRoute = await import('@/app/api/users/login/route');
const resetRequestRoute = await import('@/app/api/users/reset-password-request/route');
const registerRoute = await import('@/app/api/users/register/route');

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

  it('keeps the owner able to log in while many addresses attack the account', async () => {
    const victim = await member();
    for (let i = 0; i < 60; i++) expect((await login(await at('192.0.2'), victim, `spray-${i}-password`)).status).toBe(401);
    expect((await login(await at('198.51.100'), victim, PASSWORD)).status).toBe(200);
    // under attack, each further address gets one free try before its back-off starts
    const late = await at('192.0.2');
    expect((await login(late, victim, 'late-one-password')).status).toBe(401);
    expect((await login(late, victim, 'late-two-password')).status).toBe(401);
    expect((await login(late, victim, 'late-three-password')).status).toBe(429);
  });
});

describe('the way back in cannot be used up by someone else', () => {
  it('mails the owner a reset link from their own address while an attacker hammers it from many others', async () => {
    const victim = await member();
    // one attacker address: 3 an hour, then refused
    const attacker = await at('203.0.113');
    for (let i = 0; i < 3; i++)
      expect((await attacker.post(resetRequestRoute, '/api/users/reset-password-request', { email: victim })).status).toBe(200);
    const refused = await attacker.post(resetRequestRoute, '/api/users/reset-password-request', { email: victim });
    expect(refused.status).toBe(429);
    expect(retryAfter(refused)).toBeGreaterThan(0);
    // many attacker addresses: past the account's brake, each gets only its first request
    let sent = 3;
    for (let i = 0; i < 12; i++) {
      const other = await at('192.0.2');
      expect((await other.post(resetRequestRoute, '/api/users/reset-password-request', { email: victim })).status).toBe(200);
      const second = await other.post(resetRequestRoute, '/api/users/reset-password-request', { email: victim });
      if (i >= 6) expect(second.status).toBe(429);
      sent += second.status === 200 ? 2 : 1;
    }
    const before = (await mailCount(victim, sent)).at(-1);
    const owner = await at('198.51.100');
    expect((await owner.post(resetRequestRoute, '/api/users/reset-password-request', { email: victim })).status).toBe(200);
    const mail = await waitForMail(stack, victim, before?.id);
    expect(mail.text).toContain('/password-reset/new-password#token=');
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

  it('sends the owner their registration code although others asked codes for the same address from many addresses', async () => {
    const email = uniqueEmail('squatted');
    let sent = 0;
    for (let i = 0; i < 25; i++) {
      const other = await at('192.0.2');
      for (let j = 0; j < 2; j++) {
        const res = await other.post(registerRoute, '/api/users/register', { email, password: PASSWORD, agreement: true });
        if (res.status === 200) sent++;
      }
    }
    expect(sent).toBeLessThan(50); // the brake cut the others down
    const before = (await mailCount(email, sent)).at(-1);
    const owner = await at('198.51.100');
    const res = await owner.post(registerRoute, '/api/users/register', { email, password: PASSWORD, agreement: true });
    expect(res.status).toBe(200);
    const mail = await waitForMail(stack, email, before?.id);
    expect(codeIn(mail)).toMatch(/^\d{6}$/);
  });
});
