/**
 * One price on the confirmation page (issue 13 §2, docs/decisions/0041): /api/items/tax with
 * `resume=<paymentId>` prices the member's unpaid order as its resumed charge will be priced, so the
 * price table and 「お支払いを再開する（…）」 show the amount that is charged; without it (or after the
 * order is cancelled) the price is a new order's.
 */
import { afterAll, describe, expect, it } from 'vitest';

import { newMember, newToken, orderBody, startPurchaseStack, type Member } from './purchase-support';
import * as createRoute from '@/app/api/payments/create-payment-history/route';
import * as purchaseRoute from '@/app/api/payments/purchase/route';
import * as retryRoute from '@/app/api/payments/retry/route';
import * as cancelRoute from '@/app/api/payments/cancel/route';
import * as taxRoute from '@/app/api/items/tax/route';
import * as latestRoute from '@/app/api/payments/latest/route';
import * as historyRoute from '@/app/api/payments/histories-per-page/route';
import { createOrder as paidOrderOf } from '../factories/orders';

const stack = await startPurchaseStack();

afterAll(() => stack.close());

// history-full × 2 (orderBody): first purchase (500 + 550) × 2, regular (500 + 1,100) × 2.
const FIRST = 2100;
const REGULAR = 3200;

async function awaiting3ds(member: Member): Promise<string> {
  const created = await member.send(createRoute, '/api/payments/create-payment-history', orderBody());
  expect(created.status, JSON.stringify(created.json)).toBe(200);
  const paymentId = String(created.json.paymentId);
  const res = await member.send(purchaseRoute, '/api/payments/purchase', { paymentId, card: { token: await newToken(stack) } });
  expect(res.json.status).toBe('awaiting_3ds');
  return paymentId;
}

async function taxTotal(member: Member, resume?: string): Promise<number> {
  const res = await member.get(taxRoute, `/api/items/tax?items=history-full:2&deliverySpeed=normal${resume ? `&resume=${resume}` : ''}`);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return Number(res.json.totalYen);
}

describe('/api/items/tax prices what will be charged', () => {
  it('an order back from 3-D Secure: its resumed charge keeps the first-purchase price; a new order would not; after cancelling, a new order has it', async () => {
    const member = await newMember();
    const paymentId = await awaiting3ds(member);

    // A new order now: this one holds the first-purchase price.
    expect(await taxTotal(member)).toBe(REGULAR);
    // Paying this order again: priced as the resume claim prices it (the order never blocks itself).
    expect(await taxTotal(member, paymentId)).toBe(FIRST);

    // ...and that is the amount the resumed attempt takes (no 409 price_changed).
    const retried = await member.send(retryRoute, '/api/payments/retry', { paymentId, attempt: 1, card: { token: await newToken(stack) } });
    expect(retried.status, JSON.stringify(retried.json)).toBe(200);
    expect(retried.json.status).toBe('awaiting_3ds');
    expect(await taxTotal(member, paymentId)).toBe(FIRST);

    // Cancelled: the order no longer holds the price; the resume id is no longer a resumable order.
    const cancelled = await member.send(cancelRoute, '/api/payments/cancel', { paymentId });
    expect(cancelled.status, JSON.stringify(cancelled.json)).toBe(200);
    expect(await taxTotal(member)).toBe(FIRST);
    expect(await taxTotal(member, paymentId)).toBe(FIRST);
  });

  it("another member's order id changes nothing: priced as a new order of this member", async () => {
    const owner = await newMember();
    const ownersOrder = await awaiting3ds(owner);
    const other = await newMember();
    await awaiting3ds(other);
    expect(await taxTotal(other)).toBe(REGULAR);
    expect(await taxTotal(other, ownersOrder)).toBe(REGULAR);
  });

  it('a resume value that is not an order id is refused with a Japanese message', async () => {
    const member = await newMember();
    const res = await member.get(taxRoute, '/api/items/tax?items=history-full:2&deliverySpeed=normal&resume=abc');
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).toContain('再開するご注文の指定が正しくありません');
  });
});

describe('an unpaid attempt shows today’s price (issue 24 point 2, 0058)', () => {
  it('after another order has used the first-purchase price: the history and /purchase/resume show the regular price, as the resumed charge would take', async () => {
    const member = await newMember();
    const paymentId = await awaiting3ds(member);
    const view = async () =>
      (await member.get(latestRoute, `/api/payments/latest?paymentId=${paymentId}`)).json as {
        order: { totalYen: number; isFirstPurchase: boolean };
      };
    const row = async () =>
      (
        (await member.get(historyRoute, '/api/payments/histories-per-page?page=1&size=50')).json as {
          histories: { paymentId: string; amountYen: number }[];
        }
      ).histories.find((h) => h.paymentId === paymentId);
    expect((await view()).order.totalYen).toBe(FIRST);
    expect((await row())?.amountYen).toBe(FIRST);

    // Another order of the member is paid at the first-purchase price.
    await paidOrderOf({ userId: member.userId, status: 'paid', overrides: { isFirstPurchase: true } });
    expect((await view()).order).toMatchObject({ totalYen: REGULAR, isFirstPurchase: false });
    expect((await row())?.amountYen).toBe(REGULAR);
    // …which is what paying it again would charge.
    expect(await taxTotal(member, paymentId)).toBe(REGULAR);
  });
});
