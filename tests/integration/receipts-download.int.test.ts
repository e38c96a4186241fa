import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';

import { pdfText } from '../support/pdf';
import { eq, sql } from 'drizzle-orm';
import { receipts, orders, users } from '@db/schema';
import { getDb } from '@/server/db/client';
import { createSession } from '@/server/auth/session';
import { cookieName } from '@/server/auth/cookies';
import { createUser } from '../factories/users';
import { createOrder, ROUNDING_CATALOGUE } from '../factories/orders';
import { RECEIPT_ADDRESSEE_MAX_LENGTH } from '@/features/receipts';
import * as route from '@/app/api/download/receipt/[file]/route';

const BASE = 'http://localhost:3000';

async function member() {
  const user = await createUser();
  const { token } = await createSession(user.id);
  return { user, cookie: `${cookieName('session')}=${token}` };
}

/** GET (or HEAD) the receipt route as Next would, keeping the body as bytes. */
async function download(file: string, cookie: string | null, method: 'GET' | 'HEAD' = 'GET') {
  const request = new NextRequest(new URL(`/api/download/receipt/${file}`, BASE), {
    method,
    headers: cookie ? { cookie } : {},
  });
  const response = await route[method](request, { params: Promise.resolve({ file }) });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, body };
}

/** The mixed order of issue 8: two certificates (one ×2), express, fees that round differently. */
async function mixedPaidOrder(userId: string) {
  return createOrder({
    userId,
    catalogue: ROUNDING_CATALOGUE,
    items: [
      { itemId: 'history-full', quantity: 2 },
      { itemId: 'representative', quantity: 1 },
    ],
    deliverySpeed: 'express',
    overrides: { paidAt: new Date('2026-11-21T23:10:00Z') },
  });
}

async function receiptRow(orderId: string) {
  const db = await getDb();
  const [row] = await db.select().from(receipts).where(eq(receipts.orderId, orderId));
  return row;
}

const squash = (text: string) => text.replace(/[ \t]+/g, ' ');

describe('GET /api/download/receipt/{id}.pdf', () => {
  it('issues a qualified-invoice PDF on the first download with every amount of a mixed order', async () => {
    const { user, cookie } = await member();
    const order = await mixedPaidOrder(user.id);
    // The stored breakdown rounds once: floor(3,880 × 10 / 110) = 352, not 181 + 90 + 80 = 351.
    expect(order.taxYen).toBe(352);
    expect(order.amountYen).toBe(5360);

    const res = await download(`${order.id}.pdf`, cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-receipt-reissue')).toBe('0');
    const serial = res.headers.get('x-receipt-serial') ?? '';
    expect(serial).toMatch(/^R-\d{4}-\d{6}$/);
    expect(res.headers.get('content-disposition')).toBe(
      `inline; filename="receipt-${serial}.pdf"; filename*=UTF-8''${encodeURIComponent(`領収書_${serial}`)}.pdf`,
    );
    expect(res.body.subarray(0, 5).toString()).toBe('%PDF-');

    const text = squash(await pdfText(res.body));
    for (const expected of [
      '領 収 書',
      `No. ${serial}`,
      '株式会社サンプル商事 御中',
      '¥5,360- （税込）',
      '但し 登記事項証明書の取得費用として',
      '上記正に領収いたしました。',
      '取引年月日 2026年11月22日',
      'お支払方法 クレジットカード決済',
      `ご注文番号 ${order.orderNumber}`,
      '登録番号 T0000000000000',
      '（見本用の架空の番号です）',
      '履歴事項全部証明書（当社手数料） ¥1,000 2 ¥2,000 10%',
      '代表者事項証明書（当社手数料） ¥1,000 1 ¥1,000 10%',
      '速達料金 ¥880 1 ¥880 10%',
      '履歴事項全部証明書（法務局手数料） ¥500 2 ¥1,000 非課税',
      '代表者事項証明書（法務局手数料） ¥480 1 ¥480 非課税',
      '10%対象 計（税込） ¥3,880',
      'うち消費税（10%） ¥352',
      '10%対象 税抜金額 ¥3,528',
      '非課税 計 ¥1,480',
      '合計（税込） ¥5,360',
      'クレジットカード決済のため収入印紙は不要です。',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('再発行');

    const row = await receiptRow(order.id);
    expect(row).toMatchObject({ serialNumber: serial, userId: user.id, reissueCount: 0 });
  });

  it('gives the same original on the second download: same serial number, amounts and bytes, not 再発行 (decision 0024)', async () => {
    const { user, cookie } = await member();
    const order = await mixedPaidOrder(user.id);
    const first = await download(`${order.id}.pdf`, cookie);
    const second = await download(`${order.id}.pdf`, cookie);
    expect(second.status).toBe(200);
    expect(second.headers.get('x-receipt-reissue')).toBe('0');
    expect(second.headers.get('x-receipt-serial')).toBe(first.headers.get('x-receipt-serial'));
    expect(second.headers.get('content-disposition')).toBe(first.headers.get('content-disposition'));
    const text = squash(await pdfText(second.body));
    expect(text).not.toContain('再発行');
    expect(text).toContain(`No. ${first.headers.get('x-receipt-serial')}`);
    expect(text).toContain('¥5,360- （税込）');
    expect(text).toContain('うち消費税（10%） ¥352');
    expect(second.body.equals(first.body)).toBe(true);
    expect((await receiptRow(order.id))?.reissueCount).toBe(0);
  });

  it('gives each receipt its own increasing serial number', async () => {
    const { user, cookie } = await member();
    const a = await createOrder({ userId: user.id });
    const b = await createOrder({ userId: user.id });
    const serialA = (await download(`${a.id}.pdf`, cookie)).headers.get('x-receipt-serial') ?? '';
    const serialB = (await download(`${b.id}.pdf`, cookie)).headers.get('x-receipt-serial') ?? '';
    expect(serialA).not.toBe(serialB);
    expect(Number(serialB.slice(-6))).toBeGreaterThan(Number(serialA.slice(-6)));
  });

  it("answers 404 for another member's order and issues nothing (IDOR)", async () => {
    const owner = await member();
    const other = await member();
    const order = await mixedPaidOrder(owner.user.id);
    const res = await download(`${order.id}.pdf`, other.cookie);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body.toString()).error.code).toBe('not_found');
    expect(await receiptRow(order.id)).toBeUndefined();
    // The owner's first download is still the original.
    expect((await download(`${order.id}.pdf`, owner.cookie)).headers.get('x-receipt-reissue')).toBe('0');
  });

  it('answers 404 for unpaid orders, unknown ids and malformed names', async () => {
    const { user, cookie } = await member();
    for (const status of ['pending', 'charging', 'awaiting_3ds', 'unknown', 'failed', 'expired'] as const) {
      const order = await createOrder({ userId: user.id, status });
      const res = await download(`${order.id}.pdf`, cookie);
      expect(res.status, status).toBe(404);
      expect(await receiptRow(order.id)).toBeUndefined();
    }
    const paid = await createOrder({ userId: user.id });
    expect((await download('00000000-0000-4000-8000-000000000000.pdf', cookie)).status).toBe(404);
    expect((await download(paid.id, cookie)).status).toBe(404); // no .pdf
    expect((await download(`${paid.id}.txt`, cookie)).status).toBe(404);
    expect((await download('..%2F..%2Fetc%2Fpasswd.pdf', cookie)).status).toBe(404);
    expect(await receiptRow(paid.id)).toBeUndefined();
  });

  it('answers 401 without a session', async () => {
    const { user } = await member();
    const order = await createOrder({ userId: user.id });
    const res = await download(`${order.id}.pdf`, null);
    expect(res.status).toBe(401);
    expect(await receiptRow(order.id)).toBeUndefined();
  });

  it('answers HEAD without issuing the receipt', async () => {
    const { user, cookie } = await member();
    const order = await createOrder({ userId: user.id });
    const head = await download(`${order.id}.pdf`, cookie, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/pdf');
    expect(await receiptRow(order.id)).toBeUndefined();
    expect((await download(`${order.id}.pdf`, cookie)).headers.get('x-receipt-reissue')).toBe('0');
  });

  it('answers 429 with Retry-After after 60 downloads in an hour, counting ids that were not found', async () => {
    const { cookie } = await member();
    for (let i = 0; i < 60; i += 1) {
      expect((await download(`${randomUUID()}.pdf`, cookie)).status).toBe(404);
    }
    const limited = await download(`${randomUUID()}.pdf`, cookie);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(JSON.parse(limited.body.toString()).error.message).toMatch(/^領収書のダウンロードが短時間に集中しています。/);
  });

  it('issues the receipt once when two first downloads race', async () => {
    const { user, cookie } = await member();
    const order = await createOrder({ userId: user.id });
    const [a, b] = await Promise.all([download(`${order.id}.pdf`, cookie), download(`${order.id}.pdf`, cookie)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    // Both get the one original (the loser prints the winner's receipt).
    expect([a.headers.get('x-receipt-reissue'), b.headers.get('x-receipt-reissue')]).toEqual(['0', '0']);
    expect(a.headers.get('x-receipt-serial')).toBe(b.headers.get('x-receipt-serial'));
    expect(a.body.equals(b.body)).toBe(true);
    expect((await receiptRow(order.id))?.reissueCount).toBe(0);
  });

  it('keeps the issued receipt unchanged after the order changes and the member unregisters', async () => {
    const { user, cookie } = await member();
    const order = await mixedPaidOrder(user.id);
    await download(`${order.id}.pdf`, cookie);
    const issued = await receiptRow(order.id);
    const db = await getDb();
    // The addressee on the order changes (e.g. support corrects it): the issued receipt does not.
    await db.update(orders).set({ receiptRecipient: '別の宛名' }).where(eq(orders.id, order.id));
    const again = squash(await pdfText((await download(`${order.id}.pdf`, cookie)).body));
    expect(again).toContain('株式会社サンプル商事 御中');
    expect(again).not.toContain('別の宛名');

    // Unregistering tombstones the member (accounts feature): the receipt stays, byte for byte.
    const now = new Date();
    await db.update(users).set({ email: null, passwordHash: null, deletedAt: now }).where(eq(users.id, user.id));
    const kept = await receiptRow(order.id);
    expect(kept?.snapshot).toEqual(issued?.snapshot);
    expect(kept?.serialNumber).toBe(issued?.serialNumber);

    // The database refuses to change printed data or to delete what a receipt points at.
    await expect(
      db
        .update(receipts)
        .set({ snapshot: { tampered: true } })
        .where(eq(receipts.orderId, order.id)),
    ).rejects.toThrow();
    await expect(db.update(receipts).set({ serialNumber: 'R-2026-999999' }).where(eq(receipts.orderId, order.id))).rejects.toThrow();
    await expect(db.delete(users).where(eq(users.id, user.id))).rejects.toThrow();
    await expect(db.delete(orders).where(eq(orders.id, order.id))).rejects.toThrow();
    const [{ n } = { n: 0 }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(receipts)
      .where(eq(receipts.orderId, order.id));
    expect(n).toBe(1);
  });
});

/** The number part of R-2026-000123. */
const serialValue = (serial: string | null) => Number(/(\d+)$/.exec(serial ?? '')?.[1] ?? NaN);

async function lastSerialValue() {
  const db = await getDb();
  const result = await db.execute(sql`select last_value::text as value from receipt_serial_counters where series = 'R'`);
  return Number((result as unknown as { rows: { value: string }[] }).rows[0]?.value);
}

describe('receipt numbers and addressees (issue 11 §4)', () => {
  it('issues the receipt of an order whose addressee has the maximum length the order form accepts', async () => {
    const { user, cookie } = await member();
    const name = '株式会社サンプルホールディングス・インターナショナル 東京本社 経理部 '.repeat(4).slice(0, RECEIPT_ADDRESSEE_MAX_LENGTH);
    expect(name).toHaveLength(RECEIPT_ADDRESSEE_MAX_LENGTH);
    // Stored as the order API stores it (already accepted: orders with 61–100 characters exist).
    const order = await createOrder({ userId: user.id, overrides: { receiptRecipient: name } });
    const head = await download(`${order.id}.pdf`, cookie, 'HEAD');
    const res = await download(`${order.id}.pdf`, cookie);
    expect([head.status, res.status]).toEqual([200, 200]);
    expect(res.headers.get('x-receipt-reissue')).toBe('0');
    const text = (await pdfText(res.body)).replace(/\s+/g, '');
    // 御中/様 stand beside the wrapped name, so the text reader may place them between its lines.
    expect(text.replace(/御中|様/, '')).toContain(name.replace(/\s+/g, ''));
    expect((await download(`${order.id}.pdf`, cookie)).status).toBe(200);
  });

  it('gives the number back when issuing fails after taking it: the next receipt takes the next number', async () => {
    const { user, cookie } = await member();
    const first = await createOrder({ userId: user.id });
    const failing = await createOrder({ userId: user.id });
    const next = await createOrder({ userId: user.id });
    const before = serialValue((await download(`${first.id}.pdf`, cookie)).headers.get('x-receipt-serial'));

    // The receipt's insert fails inside the issuing transaction (as a full disk or a lost
    // connection would), after the counter row was updated.
    const db = await getDb();
    await db.execute(
      sql.raw(`create function fail_receipt_insert() returns trigger language plpgsql as $$
        begin if new.order_id = '${failing.id}' then raise exception 'storage failed'; end if; return new; end $$`),
    );
    await db.execute(
      sql.raw('create trigger fail_receipt_insert before insert on receipts for each row execute function fail_receipt_insert()'),
    );
    try {
      const failed = await download(`${failing.id}.pdf`, cookie);
      expect(failed.status).toBe(500);
      expect(JSON.parse(failed.body.toString()).error.code).toBe('internal_error');
      expect(await receiptRow(failing.id)).toBeUndefined();
      expect(await lastSerialValue()).toBe(before);
    } finally {
      await db.execute(sql.raw('drop trigger fail_receipt_insert on receipts'));
      await db.execute(sql.raw('drop function fail_receipt_insert()'));
    }

    const after = await download(`${next.id}.pdf`, cookie);
    expect(after.status).toBe(200);
    expect(serialValue(after.headers.get('x-receipt-serial'))).toBe(before + 1);
    // The order that failed gets its receipt once the fault is gone, with the number after that.
    const retried = await download(`${failing.id}.pdf`, cookie);
    expect(retried.headers.get('x-receipt-reissue')).toBe('0');
    expect(serialValue(retried.headers.get('x-receipt-serial'))).toBe(before + 2);
  });

  it('uses one number for racing first downloads of one order, and numbers racing orders consecutively', async () => {
    const { user, cookie } = await member();
    const warmup = await createOrder({ userId: user.id });
    const before = serialValue((await download(`${warmup.id}.pdf`, cookie)).headers.get('x-receipt-serial'));
    const orderA = await createOrder({ userId: user.id });
    const orderB = await createOrder({ userId: user.id });
    const results = await Promise.all([
      download(`${orderA.id}.pdf`, cookie),
      download(`${orderA.id}.pdf`, cookie),
      download(`${orderA.id}.pdf`, cookie),
      download(`${orderB.id}.pdf`, cookie),
      download(`${orderB.id}.pdf`, cookie),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const serialsA = new Set(results.slice(0, 3).map((r) => r.headers.get('x-receipt-serial')));
    const serialsB = new Set(results.slice(3).map((r) => r.headers.get('x-receipt-serial')));
    expect(serialsA.size).toBe(1);
    expect(serialsB.size).toBe(1);
    expect(results.filter((r) => r.headers.get('x-receipt-reissue') === '0')).toHaveLength(5);
    const values = [...serialsA, ...serialsB].map(serialValue).sort((a, b) => a - b);
    expect(values).toEqual([before + 1, before + 2]);
    // The losers of each race used no number: the next receipt continues the series.
    const next = await createOrder({ userId: user.id });
    expect(serialValue((await download(`${next.id}.pdf`, cookie)).headers.get('x-receipt-serial'))).toBe(before + 3);
  });

  it('seeds the counter from the highest number already issued, so an existing series continues', async () => {
    const { user, cookie } = await member();
    const legacy = await createOrder({ userId: user.id });
    const db = await getDb();
    // A receipt issued under the old sequence, above everything this file issued so far.
    await db.insert(receipts).values({ orderId: legacy.id, userId: user.id, serialNumber: 'R-2025-000733', snapshot: { legacy: true } });
    await db.execute(sql.raw(`delete from receipt_serial_counters`));
    const seed = await readFile(path.join(process.cwd(), 'db/migrations/0005_seed_receipt_serial_counters.sql'), 'utf8');
    await db.execute(sql.raw(seed));
    expect(await lastSerialValue()).toBe(733);
    const next = await createOrder({ userId: user.id });
    expect(serialValue((await download(`${next.id}.pdf`, cookie)).headers.get('x-receipt-serial'))).toBe(734);
  });
});
