/**
 * Issue 24 point 2, third bullet (docs/decisions/0058): one member created 400 drafts in 5 s through
 * POST /api/payments/create-payment-history. Drafts are limited per member (a Japanese JSON error,
 * never a 500), every stale draft is pruned in one pass, and the order-number space cannot run out
 * (order-number.int.test.ts: the long form).
 */
import { randomUUID } from 'node:crypto';

import { afterAll, describe, expect, it } from 'vitest';

import { newMember, orderBody, startPurchaseStack } from './purchase-support';
import { and, eq, inArray } from 'drizzle-orm';
import { orders, orderEvents } from '@db/schema';
import { getDb } from '@/server/db/client';
import { DRAFT_ORDERS_PER_MEMBER, DRAFT_ORDER_MAX_AGE_MS } from '@/features/orders';
import { reconcilePayments } from '@/features/payments/server/reconciler';
import * as createRoute from '@/app/api/payments/create-payment-history/route';
import { createUser } from '../factories/users';
import { createOrder } from '../factories/orders';

const stack = await startPurchaseStack();

afterAll(() => stack.close());

describe('drafts per member', () => {
  it(`${DRAFT_ORDERS_PER_MEMBER + 10} create requests at once: ${DRAFT_ORDERS_PER_MEMBER} drafts, the rest a Japanese 429; another member unaffected`, async () => {
    const member = await newMember();
    const answers = await Promise.all(
      Array.from({ length: DRAFT_ORDERS_PER_MEMBER + 10 }, () =>
        member.send(createRoute, '/api/payments/create-payment-history', orderBody()),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(DRAFT_ORDERS_PER_MEMBER);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.json).toMatchObject({
      error: { code: 'too_many_drafts', message: expect.stringContaining(`${DRAFT_ORDERS_PER_MEMBER}件まで`) },
    });
    const db = await getDb();
    const drafts = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, member.userId), eq(orders.status, 'pending')));
    expect(drafts).toHaveLength(DRAFT_ORDERS_PER_MEMBER);

    // The same idempotency key still answers its order at the limit (a retried request is not a new draft).
    const body = orderBody();
    const other = await newMember();
    const first = await other.send(createRoute, '/api/payments/create-payment-history', body);
    expect(first.status).toBe(200);
    expect((await member.send(createRoute, '/api/payments/create-payment-history', orderBody())).status).toBe(429);
    const again = await other.send(createRoute, '/api/payments/create-payment-history', body);
    expect(again.json.paymentId).toBe(first.json.paymentId);
  });

  it('a draft paid (or aged out) makes room again', async () => {
    const member = await newMember();
    for (let i = 0; i < DRAFT_ORDERS_PER_MEMBER; i++) {
      expect((await member.send(createRoute, '/api/payments/create-payment-history', orderBody())).status).toBe(200);
    }
    expect((await member.send(createRoute, '/api/payments/create-payment-history', orderBody())).status).toBe(429);
    const db = await getDb();
    const [oldest] = await db.select().from(orders).where(eq(orders.userId, member.userId)).limit(1);
    await db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - DRAFT_ORDER_MAX_AGE_MS - 60_000) })
      .where(eq(orders.id, oldest!.id));
    await reconcilePayments({ now: new Date(), graceMs: 0, leaseMs: 0 });
    expect((await member.send(createRoute, '/api/payments/create-payment-history', orderBody())).status).toBe(200);
  });
});

describe('the order idempotency key (0058)', () => {
  it('the same body again answers the same order; another body under the used key is 409 idempotency_key_reused, nothing made', async () => {
    const member = await newMember();
    const body = orderBody();
    const first = await member.send(createRoute, '/api/payments/create-payment-history', body);
    expect(first.status).toBe(200);
    const again = await member.send(createRoute, '/api/payments/create-payment-history', body);
    expect(again.json).toMatchObject({ paymentId: first.json.paymentId });

    const other = await member.send(createRoute, '/api/payments/create-payment-history', {
      ...body,
      selection: { items: [{ itemId: 'history-full', quantity: 1 }], deliverySpeed: 'normal' },
      expectedTotalYen: 1050,
    });
    expect(other.status, JSON.stringify(other.json)).toBe(409);
    expect(other.json).toMatchObject({ error: { code: 'idempotency_key_reused', message: expect.stringContaining('内容の異なるご注文') } });
    const moved = await member.send(createRoute, '/api/payments/create-payment-history', {
      ...body,
      destination: { ...body.destination, destinationStreet: '丸の内2-2-2' },
    });
    expect(moved.status).toBe(409);
    const db = await getDb();
    expect(await db.select({ id: orders.id }).from(orders).where(eq(orders.userId, member.userId))).toHaveLength(1);
  });
});

describe('pruning', () => {
  it('one reconciler pass deletes every draft past its age, not 100 of them', async () => {
    const user = await createUser();
    const made = [];
    for (let i = 0; i < 250; i++)
      made.push(await createOrder({ userId: user.id, status: 'pending', overrides: { idempotencyKey: randomUUID() } }));
    const keep = await createOrder({ userId: user.id, status: 'pending', overrides: { idempotencyKey: randomUUID() } });
    const db = await getDb();
    const ids = made.map((o) => o.id);
    await db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - DRAFT_ORDER_MAX_AGE_MS - 60_000) })
      .where(inArray(orders.id, ids));
    const report = await reconcilePayments({ now: new Date(), graceMs: 0, leaseMs: 0 });
    expect(report.draftsDeleted).toBeGreaterThanOrEqual(250);
    expect(await db.select({ id: orders.id }).from(orders).where(inArray(orders.id, ids))).toHaveLength(0);
    expect(await db.select({ id: orderEvents.id }).from(orderEvents).where(inArray(orderEvents.orderId, ids))).toHaveLength(0);
    expect(await db.select({ id: orders.id }).from(orders).where(eq(orders.id, keep.id))).toHaveLength(1);
  });
});
