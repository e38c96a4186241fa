import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { NextRequest } from 'next/server';
import { afterAll, describe, expect, it } from 'vitest';

import { MIGRATIONS } from '../support/db-template';
import { pdfText } from '../support/pdf';

import { APP, answerChallenge, mailsTo, newMember, newToken, orderBody, startPurchaseStack, type Member } from './purchase-support';
import { orderRow } from '../support/order-row';
import { eq } from 'drizzle-orm';
import { orders, orderEvents } from '@db/schema';
import { getDb } from '@/server/db/client';
import { ORDER_NUMBER_PATTERN, orderNumberMonth } from '@/features/orders';
import { insertOrder } from '@/features/orders/index.server';
import { lookupOrderNumber } from '@/features/backoffice/server/orders';
import * as createRoute from '@/app/api/payments/create-payment-history/route';
import * as purchaseRoute from '@/app/api/payments/purchase/route';
import * as returnRoute from '@/app/api/payments/tds-return/route';
import * as latestRoute from '@/app/api/payments/latest/route';
import * as historyRoute from '@/app/api/payments/histories-per-page/route';
import * as receiptRoute from '@/app/api/download/receipt/[file]/route';
import * as queueRoute from '@/app/api/admin/orders/route';
import { createTestStaff } from '../factories/staff';
import { createUser } from '../factories/users';
import { createOrder } from '../factories/orders';
import { AdminBrowser } from './backoffice-support';

/**
 * The order number members quote (issue 13 §2, docs/decisions/0025): every order gets one when it
 * is created, unique, drawn again on a clash; orders made before it existed get one from migration
 * 0016; it is what the confirmation mail, the payment history, the completion API and the receipt
 * say; staff find the order by it however it is typed.
 */

// The PAY.JP emulator and the SMTP catcher first: the app parses its configuration on first use.
const stack = await startPurchaseStack();

afterAll(async () => {
  await stack.close();
});

/** create → charge → 3-D Secure verified → paid; returns what the create call answered. */
async function buy(member: Member): Promise<{ paymentId: string; orderNumber: string }> {
  const created = await member.send(createRoute, '/api/payments/create-payment-history', orderBody());
  expect(created.status, created.text).toBe(200);
  const paymentId = String(created.json.paymentId);
  const paid = await member.send(purchaseRoute, '/api/payments/purchase', { paymentId, card: { token: await newToken(stack) } });
  const back = await answerChallenge(String(paid.json.redirectUrl), 'verified');
  await member.get(returnRoute, back.pathname + back.search);
  expect((await orderRow(paymentId)).status).toBe('paid');
  return { paymentId, orderNumber: String(created.json.orderNumber) };
}

/** What order creation stores (the purchase feature decides it); the orders feature adds the number. */
function newOrder(idempotencyKey: string) {
  const price = {
    lines: [
      {
        kind: 'serviceFee',
        itemId: 'history-full',
        name: '履歴事項全部証明書（当社手数料）',
        unitPriceYen: 550,
        quantity: 1,
        amountYen: 550,
        taxCategory: 'standard10',
      },
    ],
    taxRates: [{ ratePercent: 10, taxInclusiveTotalYen: 550, taxYen: 50, taxExclusiveTotalYen: 500 }],
    nonTaxableTotalYen: 0,
    taxTotalYen: 50,
    totalYen: 550,
    isFirstPurchase: false,
  };
  return {
    idempotencyKey,
    corporateNumber: '8040001999013',
    companyName: '株式会社テスト',
    companyKind: '301',
    companyAddress: '',
    deliverySpeed: 'normal',
    scheduledStartDate: '2026-11-27',
    scheduledEndDate: '2026-11-30',
    items: [{ itemId: 'history-full', quantity: 1 }],
    price,
    amountYen: 550,
    taxYen: 50,
    nonTaxableYen: 0,
    isFirstPurchase: false,
    recipient: '山田 太郎',
    destinationZipCode: '1000005',
    destinationPrefecture: '東京都',
    destinationCity: '千代田区',
    destinationStreet: '丸の内1-1-1',
    destinationApartmentEtc: '',
    receiptRecipient: '株式会社テスト',
  };
}

describe('a new order', () => {
  it('is numbered HJ-YYMM-XXXXX when created, and every page, mail and the receipt give that number', async () => {
    const member = await newMember();
    const { paymentId, orderNumber } = await buy(member);
    const row = await orderRow(paymentId);
    expect(orderNumber).toMatch(ORDER_NUMBER_PATTERN);
    expect(row.orderNumber).toBe(orderNumber);
    expect(orderNumber.slice(3, 7)).toBe(orderNumberMonth(row.createdAt));

    // the completion page's API
    const latest = await member.get(latestRoute, `/api/payments/latest?paymentId=${paymentId}`);
    expect(latest.json.order).toMatchObject({ paymentId, orderNumber });

    // the payment history's row
    const history = await member.get(historyRoute, '/api/payments/histories-per-page');
    expect(history.json.histories).toEqual([expect.objectContaining({ paymentId, orderNumber })]);

    // the confirmation mail
    const [mail] = await mailsTo(stack, member.email);
    expect(mail?.text).toContain(`注文番号：${orderNumber}`);
    expect(mail?.text).not.toContain(`注文番号：${paymentId}`);

    // the receipt PDF, read back as text
    const file = `${paymentId}.pdf`;
    const response = await receiptRoute.GET(
      new NextRequest(new URL(`/api/download/receipt/${file}`, APP), { headers: { cookie: member.cookie } }),
      { params: Promise.resolve({ file }) },
    );
    expect(response.status).toBe(200);
    const text = (await pdfText(Buffer.from(await response.arrayBuffer()))).replace(/[ \t]+/g, ' ');
    expect(text).toContain(`ご注文番号 ${orderNumber}`);
  }, 60_000);

  it('keeps its number when the create is repeated with the same idempotency key', async () => {
    const member = await newMember();
    const body = orderBody();
    const first = await member.send(createRoute, '/api/payments/create-payment-history', body);
    const again = await member.send(createRoute, '/api/payments/create-payment-history', body);
    expect(again.json).toMatchObject({ paymentId: first.json.paymentId, orderNumber: first.json.orderNumber });
  });

  it('never shares a number: the unique index refuses a second order with it', async () => {
    const user = await createUser();
    const a = await createOrder({ userId: user.id });
    const b = await createOrder({ userId: user.id });
    expect(a.orderNumber).not.toBe(b.orderNumber);
    await expect(createOrder({ userId: user.id, overrides: { orderNumber: a.orderNumber } })).rejects.toThrow();
  });

  it('draws another number when the one drawn is taken, and writes one order with one timeline row', async () => {
    const user = await createUser();
    const taken = (await createOrder({ userId: user.id })).orderNumber;
    const drawn = [taken, taken, 'HJ-2611-ZZZZZ'];
    const order = await insertOrder(user.id, newOrder('clash-1'), new Date('2026-11-26T01:00:00Z'), () => drawn.shift() ?? 'HJ-2611-YYYYY');
    expect(order.orderNumber).toBe('HJ-2611-ZZZZZ');
    expect(drawn).toEqual([]);
    const db = await getDb();
    const mine = await db.select().from(orders).where(eq(orders.idempotencyKey, 'clash-1'));
    expect(mine).toHaveLength(1);
    expect(await db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id))).toHaveLength(1);
  });

  it('gives up rather than loop when every number drawn is taken, and stores nothing', async () => {
    const user = await createUser();
    const taken = (await createOrder({ userId: user.id })).orderNumber;
    // A Japanese 503 (the route's JSON error), not a 500 (0058).
    await expect(insertOrder(user.id, newOrder('clash-2'), new Date(), () => taken)).rejects.toMatchObject({
      status: 503,
      message: expect.stringContaining('ただいまご注文を受け付けられません'),
    });
    const db = await getDb();
    expect(await db.select().from(orders).where(eq(orders.idempotencyKey, 'clash-2'))).toHaveLength(0);
  });

  it('draws the six-character form once the five-character numbers of the month are crowded (0058)', async () => {
    const user = await createUser();
    const taken = (await createOrder({ userId: user.id })).orderNumber;
    const lengths: number[] = [];
    const at = new Date('2026-11-26T01:00:00Z');
    const order = await insertOrder(user.id, newOrder('clash-long'), at, (when, length) => {
      lengths.push(length);
      return length === 5 ? taken : 'HJ-2611-ZZZZZZ';
    });
    expect(lengths).toEqual([5, 5, 5, 6]);
    expect(order.orderNumber).toBe('HJ-2611-ZZZZZZ');
    expect(ORDER_NUMBER_PATTERN.test(order.orderNumber)).toBe(true);
    expect(await lookupOrderNumber('hj2611zzzzzz')).toMatchObject({ kind: 'found' });
  });
});

describe('staff find an order by the number a member quotes', () => {
  it('as typed: lower case, without hyphens, full-width — in the queue API and the lookup', async () => {
    const user = await createUser();
    const order = await createOrder({ userId: user.id, overrides: { paidAt: new Date('2025-04-02T03:00:00Z') } });
    const n = order.orderNumber;
    const fullWidth = n.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
    const staff = await createTestStaff('staff');
    const b = new AdminBrowser();
    await b.login(staff);
    for (const typed of [n, n.toLowerCase(), n.replace(/-/g, ''), fullWidth, ` ${n.toLowerCase().replace(/-/g, ' ')} `]) {
      const res = await b.get(queueRoute, `/api/admin/orders?status=all&orderNumber=${encodeURIComponent(typed)}`);
      expect(res.status).toBe(200);
      expect(
        (res.json.rows as { id: string; orderNumber: string }[]).map((r) => [r.id, r.orderNumber]),
        typed,
      ).toEqual([[order.id, n]]);
      expect(await lookupOrderNumber(typed)).toEqual({ kind: 'found', orderId: order.id, orderNumber: n });
    }
    // a number typed wrong matches nothing — never the whole queue
    const wrong = await b.get(queueRoute, '/api/admin/orders?status=all&orderNumber=HJ-2611-0000');
    expect(wrong.json.rows).toEqual([]);
  });

  it('finds an order whose payment failed (the member may ask about it) and says when there is none', async () => {
    const user = await createUser();
    const failed = await createOrder({ userId: user.id, status: 'failed' });
    expect(await lookupOrderNumber(failed.orderNumber.toLowerCase())).toEqual({
      kind: 'found',
      orderId: failed.id,
      orderNumber: failed.orderNumber,
    });
    const missing = await lookupOrderNumber('hj-2611-zzzzy');
    expect(missing).toMatchObject({ kind: 'not_found', orderNumber: 'HJ-2611-ZZZZY' });
    expect(missing.kind === 'not_found' && missing.message).toContain('HJ-2611-ZZZZY のご注文は見つかりませんでした');
    expect(await lookupOrderNumber('HJ-2611-4K7Q0')).toMatchObject({ kind: 'invalid', message: expect.stringContaining('HJ-2611-4K7QX') });
    // the internal id, as receipts printed before order numbers existed give it
    expect(await lookupOrderNumber(failed.id.toUpperCase())).toEqual({
      kind: 'found',
      orderId: failed.id,
      orderNumber: failed.orderNumber,
    });
  });
});

/**
 * Migration 0016 on a database of its own with orders from before it: migrated to 0015, orders
 * written with plain SQL, then the rest applied. PGlite, or a scratch database on the PostgreSQL
 * server when the suite runs there (TEST_DATABASE_URL).
 */
describe('migration 0016 numbers the orders that existed before it', () => {
  function migrationsUpTo(lastIdx: number): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hojin-mig-'));
    fs.mkdirSync(path.join(dir, 'meta'));
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as {
      entries: { idx: number; tag: string }[];
    };
    journal.entries = journal.entries.filter((e) => e.idx <= lastIdx);
    fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
    for (const e of journal.entries) fs.copyFileSync(path.join(MIGRATIONS, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
    return dir;
  }

  async function scratchDatabase(): Promise<{
    query: <T>(sql: string, params?: unknown[]) => Promise<T[]>;
    migrate: (folder: string) => Promise<void>;
    close: () => Promise<void>;
  }> {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) {
      const { PGlite } = await import('@electric-sql/pglite');
      const { drizzle } = await import('drizzle-orm/pglite');
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      const client = await PGlite.create();
      return {
        query: async <T>(sql: string, params: unknown[] = []) => (await client.query<T>(sql, params)).rows,
        migrate: (folder) => migrate(drizzle(client), { migrationsFolder: folder }),
        close: () => client.close(),
      };
    }
    const { Client } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const name = `hojin_mig_${process.pid}_${Date.now()}`;
    const admin = new Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    const client = new Client({ connectionString: u.toString() });
    await client.connect();
    return {
      query: async <T>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as T[],
      migrate: (folder) => migrate(drizzle(client), { migrationsFolder: folder }),
      close: async () => {
        await client.end();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }

  it('each gets a unique HJ-YYMM-XXXXX of the Japan-time month it was placed in, and the column becomes NOT NULL', async () => {
    const before = migrationsUpTo(15);
    const db = await scratchDatabase();
    try {
      await db.migrate(before);
      const [user] = await db.query<{ id: string }>(`INSERT INTO users (email) VALUES ('backfill@example.jp') RETURNING id`);
      // 150 orders, two of them either side of a month's end in Japan time (15:00 UTC)
      const createdAt = [
        '2026-10-31T14:59:59Z', // 31 October 23:59:59 in Tokyo → 2610
        '2026-10-31T15:00:00Z', // 1 November 00:00 in Tokyo → 2611
        ...Array.from({ length: 148 }, (_, i) => new Date(Date.UTC(2025, 0, 1) + i * 86_400_000 * 3).toISOString()),
      ];
      for (const [i, at] of createdAt.entries()) {
        await db.query(
          `INSERT INTO orders (user_id, idempotency_key, corporate_number, company_name, company_kind, delivery_speed,
             scheduled_start_date, scheduled_end_date, items, price, amount_yen, tax_yen, non_taxable_yen, is_first_purchase,
             recipient, destination_zip_code, destination_prefecture, destination_city, destination_street, receipt_recipient, created_at)
           VALUES ($1, $2, '8040001999013', '株式会社テスト', '301', 'normal', '2026-11-01', '2026-11-03', '[]', '{}', 550, 50, 0, false,
             '山田 太郎', '1000005', '東京都', '千代田区', '丸の内1-1-1', '株式会社テスト', $3)`,
          [user?.id, `k-${i}`, at],
        );
      }
      await db.migrate(MIGRATIONS);
      const rows = await db.query<{ order_number: string; created_at: Date | string }>(
        `SELECT order_number, created_at FROM orders ORDER BY created_at`,
      );
      expect(rows).toHaveLength(150);
      for (const r of rows) {
        expect(r.order_number).toMatch(ORDER_NUMBER_PATTERN);
        expect(r.order_number.slice(3, 7)).toBe(orderNumberMonth(new Date(r.created_at)));
      }
      expect(new Set(rows.map((r) => r.order_number)).size).toBe(150);
      const edge = await db.query<{ order_number: string }>(
        `SELECT order_number FROM orders WHERE idempotency_key IN ('k-0', 'k-1') ORDER BY idempotency_key`,
      );
      expect(edge.map((r) => r.order_number.slice(0, 7))).toEqual(['HJ-2610', 'HJ-2611']);
      const [column] = await db.query<{ is_nullable: string }>(
        `SELECT is_nullable FROM information_schema.columns WHERE table_name = 'orders' AND column_name = 'order_number'`,
      );
      expect(column?.is_nullable).toBe('NO');
      await expect(
        db.query(`UPDATE orders SET order_number = $1 WHERE idempotency_key = 'k-1'`, [edge[0]?.order_number]),
      ).rejects.toThrow();
    } finally {
      await db.close();
      fs.rmSync(before, { recursive: true, force: true });
    }
  }, 120_000);
});
