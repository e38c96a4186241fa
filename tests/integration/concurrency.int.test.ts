import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { call, sameOriginJson } from '../support/requests';
import { Browser, codeIn, mailsTo, startAccountsStack, uniqueEmail, waitForMail } from './accounts-support';
import { tempDir, ntaRow, buildRegistry } from '@/features/registry/testing';
import { eq, sql } from 'drizzle-orm';
import { users, watchEntries } from '@db/schema';
import { getDb } from '@/server/db/client';
import { hashPassword } from '@/features/accounts/server/passwords';
import { createUser } from '../factories/users';
import { createSession } from '@/server/auth/session';
import { cookieName } from '@/server/auth/cookies';
import { csrfTokenFor } from '@/server/auth/csrf';
import { WATCH_LIMIT, WATCH_MESSAGES } from '@/features/watch/constants';
import * as csrfRoute from '@/app/api/session/csrf/route';
import * as registerRoute from '@/app/api/users/register/route';
import * as tempAuthRoute from '@/app/api/users/temp-auth/route';
import * as loginRoute from '@/app/api/users/login/route';
import * as requestRoute from '@/app/api/users/reset-password-request/route';
import * as resetRoute from '@/app/api/users/reset-password/route';
import * as watchRoute from '@/app/api/watch/route';
import { setEnvForTest } from '@/config/env';

/**
 * The same action twice at the same moment, as a double click or two tabs send it (issue 11 §9):
 * registration with one address, a password-reset link used twice, the last free place on the
 * watch list taken from two tabs. Each gives one result, and the other request a clear Japanese
 * message (never a 500, never two accounts, never over the limit). The purchase's 「注文を確定する」
 * twice (purchase-payments), two refunds at once (refunds, backoffice-refunds) and two first
 * downloads of a receipt (receipts-download) have their own tests.
 */

const stack = await startAccountsStack();
const dir = tempDir();
const registryPath = path.join(dir, 'registry.sqlite');
setEnvForTest({ REGISTRY_PATH: registryPath });

const A = '8040001999013';
const B = '2430101000011';

beforeAll(() => {
  buildRegistry(registryPath, [
    ntaRow({ corporateNumber: A, name: '株式会社一番目' }),
    ntaRow({ corporateNumber: B, name: '株式会社二番目' }),
  ]);
});

afterAll(async () => {
  await stack.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const PASSWORD = 'sakura-fuji-umi-2026';
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

async function browser() {
  return new Browser().init(csrfRoute);
}

describe('the same action twice at once', () => {
  it('registration with one address from two tabs: one account; the other code gets a Japanese message', async () => {
    const email = uniqueEmail('twice');
    const [a, b] = [await browser(), await browser()];
    const [ra, rb] = await Promise.all([
      a.post(registerRoute, '/api/users/register', { email, password: PASSWORD, agreement: true }),
      b.post(registerRoute, '/api/users/register', { email, password: PASSWORD, agreement: true }),
    ]);
    expect([ra.status, rb.status]).toEqual([200, 200]);
    await waitForMail(stack, email);
    let mails = await mailsTo(stack, email);
    for (let i = 0; i < 100 && mails.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 100));
      mails = await mailsTo(stack, email);
    }
    expect(mails).toHaveLength(2);
    // Which mail belongs to which request is not known: each tab tries both codes, as a person would.
    const codes = mails.map(codeIn);
    const complete = async (tab: Browser, requestId: string) => {
      for (const code of codes) {
        const res = await tab.post(tempAuthRoute, '/api/users/temp-auth', { requestId, code });
        if (res.status !== 400 || res.json.error?.code !== 'code_invalid') return res;
      }
      throw new Error('neither code was taken');
    };
    const [da, db] = await Promise.all([complete(a, String(ra.json.requestId)), complete(b, String(rb.json.requestId))]);
    expect([da.status, db.status].filter((s) => s === 200)).toHaveLength(1);
    const refused = da.status === 200 ? db : da;
    // The later request replaced the earlier one (request_expired: 「最初からやり直してください」), or, when
    // both were open, the account made by the other one is found (conflict): never a second account.
    expect(['request_expired', 'conflict']).toContain(refused.json.error?.code);
    expect(refused.json.error?.message).toMatch(JAPANESE);
    const database = await getDb();
    expect(await database.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('a password-reset link submitted twice at once: one new password; the other is told the link is used', async () => {
    const email = uniqueEmail('reset-twice');
    await createUser({ email, passwordHash: await hashPassword(PASSWORD), emailVerifiedAt: new Date() });
    const tab = await browser();
    await tab.post(requestRoute, '/api/users/reset-password-request', { email });
    const token = /#token=([\w-]{43})/.exec((await waitForMail(stack, email)).text)?.[1];
    expect(token).toBeTruthy();
    const other = await browser();
    const [x, y] = await Promise.all([
      tab.post(resetRoute, '/api/users/reset-password', { token, password: 'kawa-yama-sora-2027' }),
      other.post(resetRoute, '/api/users/reset-password', { token, password: 'umi-mori-hoshi-2028' }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 400]);
    const loser = x.status === 400 ? y : x;
    const refused = x.status === 400 ? x : y;
    expect(refused.json.error?.code).toBe('reset_link_invalid');
    expect(refused.json.error?.message).toMatch(JAPANESE);
    // The password that won is the one that works.
    const winner = loser === x ? 'kawa-yama-sora-2027' : 'umi-mori-hoshi-2028';
    const loserPassword = loser === x ? 'umi-mori-hoshi-2028' : 'kawa-yama-sora-2027';
    const login = await browser();
    expect((await login.post(loginRoute, '/api/users/login', { email, password: loserPassword })).status).toBe(401);
    expect((await login.post(loginRoute, '/api/users/login', { email, password: winner })).status).toBe(200);
  });

  it('the last place on the watch list taken from two tabs: one company added, the other told the limit', async () => {
    const user = await createUser();
    const database = await getDb();
    // WATCH_LIMIT − 1 entries (numbers the registry need not know: only the count matters here).
    await database.execute(
      sql`INSERT INTO watch_entries (user_id, corporate_number)
          SELECT ${user.id}, '9' || lpad(g::text, 12, '0') FROM generate_series(1, ${WATCH_LIMIT - 1}) g`,
    );
    const { token } = await createSession(user.id);
    const cookie = `${cookieName('session')}=${token}`;
    const add = (corporateNumber: string) =>
      call(watchRoute, '/api/watch', {
        method: 'POST',
        headers: sameOriginJson(csrfTokenFor(token), cookie),
        body: JSON.stringify({ corporateNumber }),
      });
    const [ra, rb] = await Promise.all([add(A), add(B)]);
    expect([ra.status, rb.status].sort()).toEqual([200, 409]);
    const refused = ra.status === 409 ? ra : rb;
    expect(refused.json.error?.message).toBe(WATCH_MESSAGES.limit);
    expect(await database.select().from(watchEntries).where(eq(watchEntries.userId, user.id))).toHaveLength(WATCH_LIMIT);
  });
});
