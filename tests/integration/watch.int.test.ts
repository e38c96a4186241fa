import fs from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { createNtaStandIn } from '../../dev/nta/stand-in';
import { formatInvoiceCsvLine, testInvoiceRecord, type InvoiceSourceRecord } from '../../tools/registry/invoice-synthetic';
import { formatNtaLine } from '../../tools/registry/nta-synthetic';
import { call, sameOriginJson } from '../support/requests';
import { type AccountsStack, Browser, mailsTo, startAccountsStack, waitForMail } from './accounts-support';
import { tempDir, ntaRow, buildRegistry } from '@/features/registry/testing';
import { createUser } from '../factories/users';
import { createSession } from '@/server/auth/session';
import { cookieName } from '@/server/auth/cookies';
import { csrfTokenFor } from '@/server/auth/csrf';
import { getDb } from '@/server/db/client';
import { sql } from 'drizzle-orm';
import { importInvoiceFiles } from '@/features/registry/index.server';
import { updateRegistry } from '@/features/registry/server/update/update';
import { updateInvoices } from '@/features/registry/server/update/invoice-update';
import { importNtaFiles } from '@/features/registry/server/nta/import';
import { WatchEventsSchema, WatchListSchema, WatchImportResultSchema } from '@/features/watch';
import * as watchRoute from '@/app/api/watch/route';
import * as watchOneRoute from '@/app/api/watch/[corporateNumber]/route';
import * as importRoute from '@/app/api/watch/import/route';
import * as eventsRoute from '@/app/api/watch/events/route';
import * as unsubscribeRoute from '@/app/api/watch/unsubscribe/route';
import * as oneClickRoute from '@/app/api/watch/unsubscribe/one-click/route';
import * as subscriptionRoute from '@/app/api/watch/subscription/route';
import * as csrfRoute from '@/app/api/session/csrf/route';
import { setEnvForTest } from '@/config/env';

/**
 * Watching companies (issue 15) end to end against the local Web-API stand-in (dev/nta): a member
 * watches three companies; the registry diff renames one and closes another, the invoice diff
 * expires the third's registration; the watch job turns that into three events and one digest
 * mail; the same diff again sends nothing; the mail's unsubscribe link works without logging in.
 */

const stack: AccountsStack = await startAccountsStack();
const dir = tempDir();
const apiDir = path.join(dir, 'api');
fs.mkdirSync(apiDir);
const registryPath = path.join(dir, 'registry', 'registry.sqlite');
const invoicePath = path.join(dir, 'registry', 'invoice.sqlite');
setEnvForTest({ REGISTRY_PATH: registryPath, INVOICE_PATH: invoicePath });

const { runWatchJob, recordEvents, deleteWatchData, oneClickUnsubscribeUrl, unsubscribeToken, unsubscribeVersion } =
  await import('@/features/watch/index.server');

const A = '8040001999013';
const B = '2430101000011';
const C = ntaRow().corporateNumber;

let server: http.Server;
let baseUrl: string;

const invoiceLine = (extra: Partial<InvoiceSourceRecord>) =>
  formatInvoiceCsvLine(testInvoiceRecord(C, { sequenceNumber: '1', updateDate: '2026-03-01', name: '株式会社三番目', ...extra }));

const diffFile = path.join(apiDir, 'diff_20260302.csv');

beforeAll(async () => {
  buildRegistry(
    registryPath,
    [
      ntaRow({ corporateNumber: A, name: '株式会社一番目', updateDate: '2026-03-01', changeDate: '2026-03-01' }),
      ntaRow({ corporateNumber: B, name: '株式会社二番目', updateDate: '2026-03-01', changeDate: '2026-03-01' }),
      ntaRow({ corporateNumber: C, name: '株式会社三番目', updateDate: '2026-03-01', changeDate: '2026-03-01' }),
    ],
    { dataDate: '2026-03-01' },
  );
  const bulk = path.join(dir, 'invoice-bulk.csv');
  fs.writeFileSync(bulk, invoiceLine({}));
  await importInvoiceFiles({ paths: [bulk], targetPath: invoicePath });
  // The day's changes at the stand-in: A renamed, B closed (清算の結了), C's registration lapses.
  fs.writeFileSync(
    diffFile,
    [
      ntaRow({ corporateNumber: A, name: '株式会社新一番目', process: '11', updateDate: '2026-03-02', changeDate: '2026-03-02' }),
      ntaRow({
        corporateNumber: B,
        name: '株式会社二番目',
        process: '21',
        updateDate: '2026-03-02',
        changeDate: '2026-03-02',
        closeDate: '2026-03-02',
        closeCause: '01',
      }),
    ]
      .map((r, i) => formatNtaLine(r, i + 1))
      .join(''),
  );
  fs.writeFileSync(
    path.join(apiDir, 'invoice_diff_20260302.csv'),
    invoiceLine({ process: '03', updateDate: '2026-03-02', expireDate: '2026-03-02' }),
  );
  server = createNtaStandIn({ dir: apiDir, divideSize: 1 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await stack.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function member() {
  const user = await createUser();
  const { token } = await createSession(user.id);
  const cookie = `${cookieName('session')}=${token}`;
  const csrf = csrfTokenFor(token);
  return {
    user,
    get: (route: Parameters<typeof call>[0], p: string) => call(route, p, { headers: { cookie } }),
    send: (route: Parameters<typeof call>[0], p: string, method: string, body?: unknown, params?: Record<string, string>) =>
      call(route, p, {
        method,
        headers: sameOriginJson(csrf, cookie),
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        ...(params ? { params } : {}),
      }),
  };
}

/** The header fields of a caught mail as sent (mailparser folds the List-* fields into an object). */
async function rawHeaders(id: string): Promise<Record<string, string>> {
  const raw = await (await fetch(`${stack.catcher.httpUrl}/messages/${id}/raw`)).text();
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  return Object.fromEntries(
    head.split('\r\n').map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
}

const noon = (day: string) => new Date(`${day}T03:00:00Z`); // 12:00 in Japan

describe('watching companies with the daily updates', () => {
  let m: Awaited<ReturnType<typeof member>>;
  let digestMail: Awaited<ReturnType<typeof waitForMail>>;
  let listUnsubscribe: string;

  it('adds companies from the record page (法人番号 or T-number) and from a pasted list, and refuses what is not a company', async () => {
    m = await member();
    expect((await m.send(watchRoute, '/api/watch', 'POST', { corporateNumber: `T${A.slice(0, 4)}-${A.slice(4)}` })).json).toEqual({
      corporateNumber: A,
      name: '株式会社一番目',
      added: true,
    });
    const imported = await m.send(importRoute, '/api/watch/import', 'POST', {
      text: `法人番号,取引先名\n${B},二番目\n"T${C}",三番目\n${A},一番目\n1234567890123,誤り\n${ntaRow().corporateNumber},未登録`,
    });
    expect(imported.status).toBe(200);
    const result = WatchImportResultSchema.parse(imported.json);
    expect(result).toMatchObject({ added: 2, already: 1, overLimit: 0, total: 3 });
    expect(result.notFound).toHaveLength(1);
    expect(result.invalid).toEqual([{ line: 5, input: '1234567890123', message: expect.stringContaining('検査用数字') }]);

    const unknown = await m.send(watchRoute, '/api/watch', 'POST', { corporateNumber: ntaRow().corporateNumber });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error?.message).toMatch(/見つかりませんでした/);
    const bad = await m.send(watchRoute, '/api/watch', 'POST', { corporateNumber: '株式会社一番目' });
    expect(bad.status).toBe(422);
  });

  it('refuses changes without the CSRF token and keeps each list private', async () => {
    const { token } = await createSession(m.user.id);
    const noCsrf = await call(watchRoute, '/api/watch', {
      method: 'POST',
      headers: { ...sameOriginJson('', `${cookieName('session')}=${token}`), 'x-csrf-token': 'forged' },
      body: JSON.stringify({ corporateNumber: A }),
    });
    expect(noCsrf.status).toBe(403);
    const loggedOut = await call(watchRoute, '/api/watch');
    expect(loggedOut.status).toBe(401);
    const other = await member();
    expect(WatchListSchema.parse((await other.get(watchRoute, '/api/watch')).json).total).toBe(0);
    const notMine = await other.send(watchOneRoute, `/api/watch/${A}`, 'DELETE', undefined, { corporateNumber: A });
    expect(notMine.status).toBe(404);
    expect(WatchListSchema.parse((await m.get(watchRoute, '/api/watch')).json).total).toBe(3);
  });

  it('turns a rename, a closure and a lapsed invoice registration into three events and one digest mail', async () => {
    expect(
      await updateRegistry({
        targetPath: registryPath,
        source: { kind: 'api', baseUrl: `${baseUrl}/4`, applicationId: 'id' },
        today: '2026-03-03',
      }),
    ).toMatchObject({ status: 'updated', dataDate: '2026-03-02' });
    expect(
      await updateInvoices({
        targetPath: invoicePath,
        source: { kind: 'api', baseUrl: `${baseUrl}/1`, applicationId: 'id' },
        today: '2026-03-03',
      }),
    ).toMatchObject({ status: 'updated', through: '2026-03-02' });

    const outcome = await runWatchJob({ now: noon('2026-03-03') });
    expect(outcome).toMatchObject({
      ran: true,
      matched: { registry: { changes: 2, inserted: 2 }, invoice: { changes: 1, inserted: 1 } },
      digests: { created: 1, sent: 1, failed: 0 },
    });

    const mails = await mailsTo(stack, m.user.email as string);
    expect(mails).toHaveLength(1);
    digestMail = mails[0] as (typeof mails)[number];
    expect(digestMail.subject).toBe('【hojin】ウォッチ中の法人に3件の変更がありました');
    expect(digestMail.text).toContain('商号が「株式会社一番目」から「株式会社新一番目」に変わりました。');
    expect(digestMail.text).toContain('登記記録が閉鎖されました（2026-03-02、事由：清算の結了等）。');
    expect(digestMail.text).toContain('適格請求書発行事業者の登録が失効しました（失効年月日 2026-03-02）。');
    for (const n of [A, B, C]) expect(digestMail.text).toContain(`http://localhost:3000/search-service/result?corporateNumber=${n}`);
    expect(digestMail.text).toMatch(/http:\/\/localhost:3000\/watch\/unsubscribe\?user=[0-9a-f-]+&token=[\w-]+/);
    // RFC 8058: the mail client's own 「配信停止」 posts to the signed one-click address.
    const headers = await rawHeaders(digestMail.id);
    expect(headers['list-unsubscribe']).toMatch(
      /^<http:\/\/localhost:3000\/api\/watch\/unsubscribe\/one-click\?user=[0-9a-f-]+&token=[\w-]+>$/,
    );
    expect(headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    listUnsubscribe = headers['list-unsubscribe'] ?? '';
    expect(headers['auto-submitted']).toBe('auto-generated');
    // Only public registry data: nothing of the member's account.
    expect(digestMail.text).not.toContain(m.user.id.slice(0, 8) + '@');

    const events = WatchEventsSchema.parse((await m.get(eventsRoute, '/api/watch/events')).json).events;
    expect(events.map((e) => [e.corporateNumber, e.label]).sort()).toEqual(
      [
        [A, '商号変更'],
        [B, '閉鎖'],
        [C, 'インボイス登録の失効'],
      ].sort(),
    );
    // The served files are re-opened by the stores within a second of the swap.
    const byNumber = await vi.waitFor(
      async () => {
        const list = WatchListSchema.parse((await m.get(watchRoute, '/api/watch')).json);
        const entries = new Map(list.entries.map((e) => [e.corporateNumber, e]));
        expect(entries.get(A)?.company?.name).toBe('株式会社新一番目');
        expect(entries.get(C)?.invoice.state).toBe('expired');
        return entries;
      },
      { timeout: 5_000, interval: 200 },
    );
    expect(byNumber.get(A)?.company?.lastChange).toEqual({ label: '商号又は名称の変更', date: '2026-03-02' });
    expect(byNumber.get(B)?.company?.closed).toBe(true);
    expect(byNumber.get(C)?.invoice.state).toBe('expired');
    // No invoice row: the record page's and the bulk check's wording, dated by the data (decision 0048).
    expect(byNumber.get(A)?.invoice).toEqual({ state: 'not_registered', label: '登録なし（2026年3月2日時点の公表データ）' });
  });

  it('gives a job lease back so that it can be taken again at once (same now(): one transaction, or PGlite within a millisecond)', async () => {
    const { takeJobLease, giveBackJobLease } = await import('@/server/jobs/lease');
    const db = await getDb();
    const name = 'test-lease-give-back';
    await db.transaction(async (tx) => {
      expect(await takeJobLease(tx, name, 'first', 60_000)).toBe(true);
      expect(await takeJobLease(tx, name, 'second', 60_000)).toBe(false);
      await giveBackJobLease(tx, name, 'first');
      expect(await takeJobLease(tx, name, 'second', 60_000)).toBe(true);
      await giveBackJobLease(tx, name, 'second');
    });
    for (let i = 0; i < 5; i++) expect(await runWatchJob({ now: noon('2026-03-03') })).toMatchObject({ ran: true });
  });

  it('sends nothing when the same diff is applied again or the change logs are read again', async () => {
    const again = await importNtaFiles({ paths: [diffFile], targetPath: registryPath });
    expect(again.stats.replaced).toBe(0);
    // Forget how far the logs were read: everything is matched again, and nothing is new.
    const db = await getDb();
    await db.execute(sql`DELETE FROM watch_cursors`);
    const outcome = await runWatchJob({ now: noon('2026-03-03') });
    expect(outcome).toMatchObject({
      ran: true,
      matched: { registry: { inserted: 0 }, invoice: { inserted: 0 } },
      digests: { created: 0, sent: 0 },
    });
    // And the next day, nothing is due either.
    expect(await runWatchJob({ now: noon('2026-03-04') })).toMatchObject({ digests: { created: 0, sent: 0 } });
    expect(await mailsTo(stack, m.user.email as string)).toHaveLength(1);
  });

  it('mails at most once a day: a later change waits for the next day, and a failed mail is retried', async () => {
    await recordEvents([
      {
        corporateNumber: A,
        kind: 'address',
        dataDate: '2026-03-04',
        name: '株式会社新一番目',
        detail: { before: '東京都千代田区', after: '大阪府大阪市' },
      },
    ]);
    // The day's digest went out already (2026-03-03): the change waits for the next day's.
    expect(await runWatchJob({ now: noon('2026-03-03') })).toMatchObject({ digests: { created: 0, sent: 0 } });
    await stack.stopMail();
    expect(await runWatchJob({ now: noon('2026-03-04') })).toMatchObject({ digests: { created: 1, sent: 0, failed: 1 } });
    await stack.restartMail();
    expect(await runWatchJob({ now: noon('2026-03-04') })).toMatchObject({ digests: { created: 0, sent: 1 } });
    const mail = await waitForMail(stack, m.user.email as string);
    expect(mail.subject).toBe('【hojin】ウォッチ中の法人に1件の変更がありました');
    expect(mail.text).toContain('所在地が「東京都千代田区」から「大阪府大阪市」に変わりました。');
    const db = await getDb();
    const log = (await db.execute(
      sql`SELECT digest_date, status, attempts, event_count FROM watch_digests WHERE user_id = ${m.user.id} ORDER BY id`,
    )) as unknown as {
      rows: unknown[];
    };
    expect(log.rows).toEqual([
      { digest_date: '2026-03-03', status: 'sent', attempts: 1, event_count: 3 },
      { digest_date: '2026-03-04', status: 'sent', attempts: 2, event_count: 1 },
    ]);
  });

  it('stops the digest from the mail’s link without logging in, and refuses a forged link', async () => {
    const link = new URL(/http:\/\/localhost:3000\/watch\/unsubscribe\?\S+/.exec(digestMail.text)?.[0] ?? '');
    const browser = await new Browser().init(csrfRoute);
    const forged = await browser.post(unsubscribeRoute, '/api/watch/unsubscribe', {
      user: link.searchParams.get('user'),
      token: 'A'.repeat(43),
    });
    expect(forged.status).toBe(403);
    expect(forged.json.error?.message).toMatch(/配信停止のリンクが正しくありません/);
    const ok = await browser.post(unsubscribeRoute, '/api/watch/unsubscribe', {
      user: link.searchParams.get('user'),
      token: link.searchParams.get('token'),
    });
    expect(ok.status).toBe(200);
    expect(WatchListSchema.parse((await m.get(watchRoute, '/api/watch')).json).digest).toBe(false);
    const mailsBefore = (await mailsTo(stack, m.user.email as string)).length;
    await recordEvents([{ corporateNumber: B, kind: 'revived', dataDate: '2026-03-06', name: '株式会社二番目', detail: {} }]);
    expect(await runWatchJob({ now: noon('2026-03-06') })).toMatchObject({ digests: { created: 0, sent: 0 } });
    expect(await mailsTo(stack, m.user.email as string)).toHaveLength(mailsBefore);
    // The page still lists it.
    const events = WatchEventsSchema.parse((await m.get(eventsRoute, '/api/watch/events')).json).events;
    expect(events[0]).toMatchObject({ corporateNumber: B, label: '復活（閉鎖の取消し）' });
  });

  it('stops the digest by RFC 8058 one-click POST without login or CSRF token; a GET only leads to the page', async () => {
    const on = await m.send(subscriptionRoute, '/api/watch/subscription', 'PUT', { digest: true });
    expect(on.status).toBe(200);
    expect(WatchListSchema.parse((await m.get(watchRoute, '/api/watch')).json).digest).toBe(true);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const oneClick = 'List-Unsubscribe=One-Click';
    // (the catcher was restarted since: the header as read from the first digest) — a link from a
    // mail before the member turned the digest back on stops nothing (issue 24 §5: before, it did)
    const old = new URL(/^<(.+)>$/.exec(listUnsubscribe)?.[1] ?? '');
    const stale = await call(oneClickRoute, `${old.pathname}${old.search}`, { method: 'POST', headers: form, body: oneClick });
    expect(stale.status).toBe(403);
    expect(stale.json.error?.message).toMatch(/配信停止のリンクが正しくありません/);
    expect(WatchListSchema.parse((await m.get(watchRoute, '/api/watch')).json).digest).toBe(true);
    // nor does a link of the current version past its expiry (90 days after the mail)
    const version = await unsubscribeVersion(m.user.id);
    expect(version).toBe(1);
    const expiredToken = unsubscribeToken(m.user.id, version, Date.now() - 91 * 86_400_000);
    const expired = await call(oneClickRoute, `${old.pathname}?user=${m.user.id}&token=${expiredToken}`, {
      method: 'POST',
      headers: form,
      body: oneClick,
    });
    expect(expired.status).toBe(403);
    // the address of a mail sent now
    const address = new URL(oneClickUnsubscribeUrl(m.user.id, version));
    const target = `${address.pathname}${address.search}`;

    // A GET (a link scanner, a client opening the address) changes nothing: it leads to the page.
    const get = await call(oneClickRoute, target);
    expect(get.status).toBe(303);
    expect(get.headers.get('location')).toBe(
      `http://localhost:3000/watch/unsubscribe?user=${address.searchParams.get('user')}&token=${address.searchParams.get('token')}`,
    );
    // A forged or malformed token, or a body that is not the one-click form: 4xx JSON, nothing changes.
    const forgedTarget = `${address.pathname}?user=${address.searchParams.get('user')}&token=${'A'.repeat(43)}`;
    const forged = await call(oneClickRoute, forgedTarget, { method: 'POST', headers: form, body: oneClick });
    expect(forged.status).toBe(403);
    expect(forged.json.error).toMatchObject({ code: 'forbidden', message: expect.stringMatching(/配信停止のリンクが正しくありません/) });
    const malformed = await call(oneClickRoute, `${address.pathname}?user=x&token=y`, { method: 'POST', headers: form, body: oneClick });
    expect(malformed.status).toBe(400);
    expect(malformed.json.error?.message).toMatch(/配信停止のリンクが正しくありません/);
    const wrongBody = await call(oneClickRoute, target, { method: 'POST', headers: form, body: 'List-Unsubscribe=Yes' });
    expect(wrongBody.status).toBe(400);
    expect(wrongBody.json.error?.message).toMatch(/List-Unsubscribe=One-Click/);
    const json = await call(oneClickRoute, target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ 'List-Unsubscribe': 'One-Click' }),
    });
    expect(json.status).toBe(415);
    expect(json.json.error?.message).toMatch(/application\/x-www-form-urlencoded/);
    expect(WatchListSchema.parse((await m.get(watchRoute, '/api/watch')).json).digest).toBe(true);

    // The mail client's POST: no cookie, no Origin, no CSRF token.
    const ok = await call(oneClickRoute, target, { method: 'POST', headers: form, body: oneClick });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ unsubscribed: true });
    expect(WatchListSchema.parse((await m.get(watchRoute, '/api/watch')).json).digest).toBe(false);
    // The multipart form of RFC 8058 is taken too (idempotent: already off).
    const multipart = new FormData();
    multipart.set('List-Unsubscribe', 'One-Click');
    const encoded = new Request('http://x/', { method: 'POST', body: multipart });
    const again = await call(oneClickRoute, target, {
      method: 'POST',
      headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
      body: new Uint8Array(await encoded.arrayBuffer()),
    });
    expect(again.status).toBe(200);
  });

  it('removes a company from the list, and deletes the whole list and the delivery records of its mails with the account', async () => {
    const removed = await m.send(watchOneRoute, `/api/watch/${C}`, 'DELETE', undefined, { corporateNumber: C });
    expect(removed.status).toBe(200);
    expect(WatchListSchema.parse((await m.get(watchRoute, '/api/watch')).json).total).toBe(2);
    const db = await getDb();
    const digestsOf = async () =>
      (
        (await db.execute(sql`SELECT count(*)::int AS n FROM watch_digests WHERE user_id = ${m.user.id}`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]?.n;
    // the change mails sent above left their delivery records
    expect(await digestsOf()).toBe(2);
    await deleteWatchData(m.user.id);
    expect(WatchListSchema.parse((await m.get(watchRoute, '/api/watch')).json)).toMatchObject({ total: 0, digest: true });
    expect(await digestsOf()).toBe(0);
  });
});
