import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';

import { Browser, codeIn, startAccountsStack, uniqueEmail, waitForMail } from './accounts-support';
import { eq, sql } from 'drizzle-orm';
import { sessions, users } from '@db/schema';
import { getDb } from '@/server/db/client';
import { hash } from '@node-rs/argon2';
import { hashPassword } from '@/features/accounts/server/passwords';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemoUser } from '@/features/accounts/server/demo-user';
import { createUser } from '../factories/users';
import * as csrfRoute from '@/app/api/session/csrf/route';
import * as loginRoute from '@/app/api/users/login/route';
import * as logoutRoute from '@/app/api/users/logout/route';
import * as meRoute from '@/app/api/users/me/route';
import * as changePasswordRoute from '@/app/api/users/change-password/route';
import * as changeEmailRoute from '@/app/api/users/change-email/route';
import * as changeEmailVerifyRoute from '@/app/api/users/change-email/verify/route';
import * as unregisterRoute from '@/app/api/users/unregister/route';
import * as registerRoute from '@/app/api/users/register/route';

const stack = await startAccountsStack();

afterAll(() => stack.close());
afterEach(() => vi.useRealTimers());

const PASSWORD = 'sakura-fuji-umi-2026';

async function member(password = PASSWORD) {
  const email = uniqueEmail('member');
  const user = await createUser({ email, passwordHash: await hashPassword(password), emailVerifiedAt: new Date() });
  return { user, email };
}

async function loggedIn(email: string, password = PASSWORD, ip?: string) {
  const b = await new Browser(ip).init(csrfRoute);
  const res = await b.post(loginRoute, '/api/users/login', { email, password });
  expect(res.status).toBe(200);
  return b;
}

describe('login and logout', () => {
  it('logs in with a new session cookie and returns what the client keeps', async () => {
    const { email } = await member();
    const b = await new Browser().init(csrfRoute);
    const res = await b.post(loginRoute, '/api/users/login', { email: email.toUpperCase(), password: PASSWORD });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(['auth_expire_time', 'csrf_token', 'isDemoUser', 'isGoogleUser', 'user_email']);
    expect(res.json).toMatchObject({ user_email: email, isDemoUser: false, isGoogleUser: false });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('hojin_session='));
    expect(cookie?.split('; ').slice(1).sort()).toEqual(['HttpOnly', 'Max-Age=86400', 'Path=/', 'SameSite=Lax']);
    // auth_expire_time mirrors the server's idle expiry (120 minutes)
    const expires = Date.parse(String(res.json.auth_expire_time));
    expect(expires - Date.now()).toBeGreaterThan(119 * 60_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(120 * 60_000);
  });

  it('changes the session id at login and revokes the one from before', async () => {
    const { email } = await member();
    const b = await loggedIn(email);
    const before = b.jar.get('hojin_session');
    const again = await b.post(loginRoute, '/api/users/login', { email, password: PASSWORD });
    expect(again.status).toBe(200);
    const after = b.jar.get('hojin_session');
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    const replay = new Browser();
    replay.jar.set('hojin_session', before ?? '');
    expect((await replay.get(meRoute, '/api/users/me')).status).toBe(401);
    expect((await b.get(meRoute, '/api/users/me')).status).toBe(200);
  });

  it('answers an unknown e-mail and a wrong password identically', async () => {
    const { email } = await member();
    const b = await new Browser().init(csrfRoute);
    const wrong = await b.post(loginRoute, '/api/users/login', { email, password: 'not-the-password' });
    const unknown = await b.post(loginRoute, '/api/users/login', { email: uniqueEmail('nobody'), password: 'not-the-password' });
    const googleOnly = await createUser({ email: uniqueEmail('google'), passwordHash: null, emailVerifiedAt: new Date() });
    const noPassword = await b.post(loginRoute, '/api/users/login', { email: googleOnly.email ?? '', password: 'not-the-password' });
    for (const res of [wrong, unknown, noPassword]) {
      expect(res.status).toBe(401);
      expect(res.json).toEqual({
        error: {
          code: 'invalid_credentials',
          message: 'メールアドレスまたはパスワードが正しくありません。入力内容をご確認ください。',
          requestId: expect.any(String),
        },
      });
      expect(res.headers.getSetCookie().some((c) => c.startsWith('hojin_session='))).toBe(false);
    }
  });

  it('ends the session server-side at logout: the replayed cookie answers 401', async () => {
    const { email } = await member();
    const b = await loggedIn(email);
    const stolen = b.jar.get('hojin_session') ?? '';
    const out = await b.post(logoutRoute, '/api/users/logout');
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().find((c) => c.startsWith('hojin_session='))).toMatch(/Max-Age=0/);
    expect(typeof out.json.csrf_token).toBe('string');
    const replay = new Browser();
    replay.jar.set('hojin_session', stolen);
    const res = await replay.get(meRoute, '/api/users/me');
    expect(res.status).toBe(401);
    expect(res.json.error?.code).toBe('unauthorized');
    // the logged-out browser can log in again with the token it received
    expect((await b.post(loginRoute, '/api/users/login', { email, password: PASSWORD })).status).toBe(200);
  });

  it('ends idle sessions after 120 minutes and every session after 24 hours (fake clock)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    vi.setSystemTime(new Date(start));
    const { email } = await member();
    const idle = await loggedIn(email);
    vi.setSystemTime(new Date(start + 121 * 60_000));
    expect((await idle.get(meRoute, '/api/users/me')).status).toBe(401);

    vi.setSystemTime(new Date(start));
    const busy = await loggedIn(email);
    for (let m = 60; m < 24 * 60; m += 60) {
      vi.setSystemTime(new Date(start + m * 60_000));
      expect((await busy.get(meRoute, '/api/users/me')).status).toBe(200);
    }
    vi.setSystemTime(new Date(start + 24 * 60 * 60_000 + 1000));
    expect((await busy.get(meRoute, '/api/users/me')).status).toBe(401);
  });

  it('slows an account+IP down after its free failures while another IP can still log in', async () => {
    const { email } = await member();
    const attacker = await new Browser().init(csrfRoute);
    for (let i = 0; i < 6; i++)
      expect((await attacker.post(loginRoute, '/api/users/login', { email, password: `wrong-${i}-password` })).status).toBe(401);
    const locked = await attacker.post(loginRoute, '/api/users/login', { email, password: PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.json.error?.message).toContain('一時的にログインを制限');
    expect(Number(locked.headers.get('retry-after'))).toBeLessThanOrEqual(2);
    expect((await loggedIn(email)).jar.get('hojin_session')).toBeTruthy();
  });

  it('rehashes a password hashed with older parameters at login', async () => {
    const email = uniqueEmail('old');
    const old = await hash(PASSWORD, { memoryCost: 4096, timeCost: 3, parallelism: 1 });
    const user = await createUser({ email, passwordHash: old, emailVerifiedAt: new Date() });
    await loggedIn(email);
    const db = await getDb();
    const [row] = await db.select({ h: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(row?.h).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await loggedIn(email);
  });

  it('refuses a POST without the CSRF header with 403 JSON', async () => {
    const { email } = await member();
    const b = await loggedIn(email);
    b.csrf = '';
    const res = await b.post(logoutRoute, '/api/users/logout');
    expect(res.status).toBe(403);
    expect(res.json.error?.code).toBe('csrf_invalid');
    expect((await b.get(meRoute, '/api/users/me')).status).toBe(200);
  });
});

describe('my page', () => {
  it('changes the password after re-entering the current one, ending every other session', async () => {
    const { email } = await member();
    const other = await loggedIn(email);
    const b = await loggedIn(email);
    const wrong = await b.post(changePasswordRoute, '/api/users/change-password', {
      currentPassword: 'nope-nope-nope',
      newPassword: 'kawa-yama-sora-2027',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json.error?.fields?.currentPassword).toBeTruthy();
    const common = await b.post(changePasswordRoute, '/api/users/change-password', { currentPassword: PASSWORD, newPassword: 'iloveyou1' });
    expect(common.json.error?.fields?.newPassword).toContain('よく使われて');

    const before = b.jar.get('hojin_session');
    const ok = await b.post(changePasswordRoute, '/api/users/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'kawa-yama-sora-2027',
    });
    expect(ok.status).toBe(200);
    expect(b.jar.get('hojin_session')).not.toBe(before);
    expect((await b.get(meRoute, '/api/users/me')).status).toBe(200);
    const ended = await other.get(meRoute, '/api/users/me');
    expect(ended.status).toBe(401);
    // the other device is told why (docs/decisions/0049)
    expect(ended.json.error?.code).toBe('password_changed');
    const mail = await waitForMail(stack, email);
    expect(mail.subject).toBe('【hojin】パスワードを変更しました');
    await loggedIn(email, 'kawa-yama-sora-2027');
  });

  it('changes the e-mail with a code sent to the new address and tells the old one', async () => {
    const { email } = await member();
    const b = await loggedIn(email);
    const newEmail = uniqueEmail('new');
    const noPassword = await b.post(changeEmailRoute, '/api/users/change-email', { newEmail });
    expect(noPassword.status).toBe(422);
    const start = await b.post(changeEmailRoute, '/api/users/change-email', { newEmail, currentPassword: PASSWORD });
    expect(start.status).toBe(200);
    const code = codeIn(await waitForMail(stack, newEmail));
    const done = await b.post(changeEmailVerifyRoute, '/api/users/change-email/verify', { requestId: start.json.requestId, code });
    expect(done.status).toBe(200);
    expect(done.json).toEqual({ user_email: newEmail });
    const notice = await waitForMail(stack, email);
    expect(notice.subject).toBe('【hojin】メールアドレスを変更しました');
    expect(notice.text).not.toContain(newEmail); // masked
    expect((await b.get(meRoute, '/api/users/me')).json.user_email).toBe(newEmail);
    await loggedIn(newEmail);
  });

  it('does not reveal whether the new e-mail belongs to someone else', async () => {
    const { email } = await member();
    const taken = await member();
    const b = await loggedIn(email);
    const res = await b.post(changeEmailRoute, '/api/users/change-email', { newEmail: taken.email, currentPassword: PASSWORD });
    expect(res.status).toBe(200);
    const mail = await waitForMail(stack, taken.email);
    expect(mail.subject).toBe('【hojin】メールアドレス変更のお申し込みについて');
    const guess = await b.post(changeEmailVerifyRoute, '/api/users/change-email/verify', { requestId: res.json.requestId, code: '123456' });
    expect(guess.json.error?.code).toBe('code_invalid');
  });
});

describe('unregister', () => {
  it('needs the password, revokes every session, closes the account and keeps its orders', async () => {
    const { user, email } = await member();
    const db = await getDb();
    // An order row pointing at the member, deleted with the member if the row were deleted.
    await db.execute(
      sql`CREATE TABLE IF NOT EXISTS test_orders (id serial PRIMARY KEY, user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE)`,
    );
    await db.execute(sql`INSERT INTO test_orders (user_id) VALUES (${user.id})`);
    // A watch list (issue 15 §4): deleted with the account.
    await db.execute(sql`INSERT INTO watch_entries (user_id, corporate_number) VALUES (${user.id}, '8040001999013')`);

    const other = await loggedIn(email);
    const b = await loggedIn(email);
    const noConfirm = await b.post(unregisterRoute, '/api/users/unregister', { currentPassword: PASSWORD });
    expect(noConfirm.status).toBe(422);
    const wrong = await b.post(unregisterRoute, '/api/users/unregister', { confirm: true, currentPassword: 'wrong-password-x' });
    expect(wrong.status).toBe(422);
    expect((await b.get(meRoute, '/api/users/me')).status).toBe(200);

    const res = await b.post(unregisterRoute, '/api/users/unregister', { confirm: true, currentPassword: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().find((c) => c.startsWith('hojin_session='))).toMatch(/Max-Age=0/);
    expect((await other.get(meRoute, '/api/users/me')).status).toBe(401);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);

    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email: null, passwordHash: null });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const orders = await db.execute(sql`SELECT count(*)::int AS n FROM test_orders WHERE user_id = ${user.id}`);
    expect((orders as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
    const watched = await db.execute(sql`SELECT count(*)::int AS n FROM watch_entries WHERE user_id = ${user.id}`);
    expect((watched as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);

    const mail = await waitForMail(stack, email);
    expect(mail.subject).toBe('【hojin】退会手続きが完了しました');
    expect(mail.text).toContain('7年間保存');
    const relogin = await (await new Browser().init(csrfRoute)).post(loginRoute, '/api/users/login', { email, password: PASSWORD });
    expect(relogin.status).toBe(401);
    // the address is free for a new registration
    const again = await (
      await new Browser().init(csrfRoute)
    ).post(registerRoute, '/api/users/register', { email, password: PASSWORD, agreement: true });
    expect(again.status).toBe(200);
  });
});

describe('the demo account', () => {
  it('refuses to close an account with an order paid but not yet shipped, or a refund not yet settled, naming the orders', async () => {
    const { createOrder } = await import('../factories/orders');
    const { orders, refunds } = await import('@db/schema');
    const { user, email } = await member();
    const db = await getDb();
    const shipped = await createOrder({ userId: user.id, overrides: { fulfilmentStatus: 'shipped' } });
    const requested = await createOrder({ userId: user.id, overrides: { fulfilmentStatus: 'requested' } });
    const b = await loggedIn(email);

    const refused = await b.post(unregisterRoute, '/api/users/unregister', { confirm: true, currentPassword: PASSWORD });
    expect(refused.status).toBe(409);
    expect(refused.json.error?.code).toBe('orders_in_progress');
    expect(refused.json.error?.message).toBe(
      `お手続き中のご注文（注文番号：${requested.orderNumber}）があるため、退会できません。発送や返金のお知らせをメールでお送りしますので、お手続きの完了後にあらためて退会してください。ご注文の状況はお支払い履歴でご確認いただけます。`,
    );
    expect((await b.get(meRoute, '/api/users/me')).status).toBe(200);
    const [still] = await db.select().from(users).where(eq(users.id, user.id));
    expect(still).toMatchObject({ email, deletedAt: null });

    // Shipped, but a refund of the posted order is still with PAY.JP: still refused.
    await db.update(orders).set({ fulfilmentStatus: 'shipped' }).where(eq(orders.id, requested.id));
    const [refund] = await db
      .insert(refunds)
      .values({
        orderId: shipped.id,
        chargeId: shipped.payjpChargeId ?? 'ch_x',
        amountYen: 1100,
        taxableYen: 1100,
        taxYen: 100,
        nonTaxableYen: 0,
        reason: '一部の証明書を発行できなかったため',
        origin: 'backoffice',
        idempotencyKey: `test-${user.id}`,
        status: 'unknown',
        statement: {},
      })
      .returning();
    const refundPending = await b.post(unregisterRoute, '/api/users/unregister', { confirm: true, currentPassword: PASSWORD });
    expect(refundPending.status).toBe(409);
    expect(refundPending.json.error?.message).toContain(`注文番号：${shipped.orderNumber}）`);

    // Settled: the member may leave; the orders stay.
    await db
      .update(refunds)
      .set({ status: 'succeeded', settledAt: new Date() })
      .where(eq(refunds.id, refund?.id ?? ''));
    const ok = await b.post(unregisterRoute, '/api/users/unregister', { confirm: true, currentPassword: PASSWORD });
    expect(ok.status).toBe(200);
    expect(await db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(2);
  });

  it('logs in as a demo user and may not change e-mail or password or unregister', async () => {
    expect(['created', 'unchanged', 'updated']).toContain(await seedDemoUser());
    expect(await seedDemoUser()).toBe('unchanged');
    const b = await new Browser().init(csrfRoute);
    const res = await b.post(loginRoute, '/api/users/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ user_email: DEMO_EMAIL, isDemoUser: true, isGoogleUser: false });
    for (const [route, path, body] of [
      [changePasswordRoute, '/api/users/change-password', { currentPassword: DEMO_PASSWORD, newPassword: 'kawa-yama-sora-2027' }],
      [changeEmailRoute, '/api/users/change-email', { newEmail: uniqueEmail(), currentPassword: DEMO_PASSWORD }],
      [unregisterRoute, '/api/users/unregister', { confirm: true, currentPassword: DEMO_PASSWORD }],
    ] as const) {
      const denied = await b.post(route, path, body);
      expect(denied.status).toBe(403);
      expect(denied.json.error?.code).toBe('demo_forbidden');
      expect(denied.json.error?.message).toContain('デモアカウント');
    }
    expect((await b.get(meRoute, '/api/users/me')).json).toMatchObject({ isDemoUser: true });
  });
});
