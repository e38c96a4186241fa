/**
 * The first-purchase price applies to one paid order per member (issue 11 §5): decided when the
 * charge is requested, under the member's row lock, with the amount recomputed then; an order
 * whose price changed is refused with 409 naming the new amount before anything is charged.
 */
import { afterAll, describe, expect, it } from 'vitest';

import {
  answerChallenge,
  chargesOfOrder,
  mailsTo,
  newMember,
  newToken,
  orderBody,
  startPurchaseStack,
  type Member,
} from './purchase-support';
import { orderRow } from '../support/order-row';
import * as itemsAllRoute from '@/app/api/items/all/route';
import * as createRoute from '@/app/api/payments/create-payment-history/route';
import * as purchaseRoute from '@/app/api/payments/purchase/route';
import * as returnRoute from '@/app/api/payments/tds-return/route';
import * as historyRoute from '@/app/api/payments/histories-per-page/route';

const stack = await startPurchaseStack();

afterAll(() => stack.close());

// history-full × 2: first purchase (500 + 550) × 2, regular (500 + 1,100) × 2.
const FIRST = 2100;
const REGULAR = 3200;

async function draft(member: Member): Promise<string> {
  const res = await member.send(createRoute, '/api/payments/create-payment-history', orderBody());
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  expect(res.json.totalYen).toBe(FIRST);
  return String(res.json.paymentId);
}

async function pay(member: Member, paymentId: string) {
  const res = await member.send(purchaseRoute, '/api/payments/purchase', { paymentId, card: { token: await newToken(stack) } });
  return res as { status: number; json: { status?: string; redirectUrl?: string; error?: { code: string; message: string } } };
}

async function finish(member: Member, redirectUrl: string, result: 'verified' | 'failed' = 'verified') {
  const back = await answerChallenge(redirectUrl, result);
  await member.get(returnRoute, back.pathname + back.search);
}

/** Every paid order's charge is its amount; exactly one paid order carries the first-purchase price. */
async function expectOneFirstPurchase(ids: string[]) {
  const rows = await Promise.all(ids.map(orderRow));
  expect(rows.map((r) => r.status)).toEqual(['paid', 'paid', 'paid']);
  expect(rows.filter((r) => r.isFirstPurchase)).toHaveLength(1);
  expect(rows.map((r) => r.amountYen).sort()).toEqual([FIRST, REGULAR, REGULAR]);
  for (const row of rows) {
    const charges = (await chargesOfOrder(stack, row.id)).filter((c) => c.paid);
    expect(charges).toHaveLength(1);
    expect(charges[0]!.amount).toBe(row.amountYen);
    expect(row.amountYen).toBe(row.isFirstPurchase ? FIRST : REGULAR);
  }
}

describe('the first-purchase price', () => {
  it('goes to one order when a new member pays three drafts one after another; the others are re-priced before charging', async () => {
    const member = await newMember();
    const ids = [await draft(member), await draft(member), await draft(member)];

    const first = await pay(member, ids[0]!);
    expect(first.json.status).toBe('awaiting_3ds');
    // While that charge is under way the first-purchase price is taken: new screens show the regular price.
    expect((await member.get(itemsAllRoute, '/api/items/all')).json.isFirstPayPrice).toBe(false);
    await finish(member, first.json.redirectUrl!);
    expect(await orderRow(ids[0]!)).toMatchObject({ status: 'paid', amountYen: FIRST, isFirstPurchase: true });

    for (const id of ids.slice(1)) {
      const refused = await pay(member, id);
      expect(refused.status).toBe(409);
      expect(refused.json.error?.code).toBe('price_changed');
      expect(refused.json.error?.message).toContain('3,200円');
      expect(refused.json.error?.message).toContain('初回価格');
      // Nothing charged; the order shows its new amount before any charge.
      expect(await chargesOfOrder(stack, id)).toHaveLength(0);
      expect(await orderRow(id)).toMatchObject({ status: 'pending', amountYen: REGULAR, isFirstPurchase: false });

      const again = await pay(member, id);
      expect(again.json.status).toBe('awaiting_3ds');
      await finish(member, again.json.redirectUrl!);
    }
    await expectOneFirstPurchase(ids);

    // The history says which order carries it.
    const history = await member.get(historyRoute, '/api/payments/histories-per-page?page=1&size=10');
    const rows = history.json.histories as { paymentId: string; isFirstPurchase: boolean; items: { name: string }[] }[];
    expect(rows.filter((r) => r.isFirstPurchase).map((r) => r.paymentId)).toEqual([ids[0]]);
    expect(rows.find((r) => r.paymentId === ids[0])?.items[0]?.name).toBe('履歴事項全部証明書');
    // …and so do its mail and its price lines (printed on the receipt).
    const mails = await mailsTo(stack, member.email);
    expect(mails.filter((m) => m.text.includes('履歴事項全部証明書（当社手数料・初回価格） × 2'))).toHaveLength(1);
    const firstLines = (await orderRow(ids[0]!)).price as { lines: { name: string }[] };
    expect(firstLines.lines.map((l) => l.name)).toContain('履歴事項全部証明書（当社手数料・初回価格）');
  });

  it('goes to exactly one order when several drafts are paid at the same time', async () => {
    // Tokens first, so the purchase requests really race for the claim (on PostgreSQL each runs on
    // its own connection; without the member's row lock two of them took the first price).
    for (let round = 0; round < 3; round++) {
      const member = await newMember();
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) ids.push(await draft(member));
      const tokens = await Promise.all(ids.map(() => newToken(stack)));
      const results = await Promise.all(
        ids.map((paymentId, i) => member.send(purchaseRoute, '/api/payments/purchase', { paymentId, card: { token: tokens[i] } })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      const winner = ids[results.findIndex((r) => r.status === 200)]!;
      expect(await orderRow(winner)).toMatchObject({ status: 'awaiting_3ds', amountYen: FIRST, isFirstPurchase: true });
      for (const [i, r] of results.entries()) {
        if (r.status !== 409) continue;
        expect(r.json.error?.message).toContain('3,200円');
        expect(await chargesOfOrder(stack, ids[i]!)).toHaveLength(0);
      }
      if (round > 0) continue;
      // Pay three of them to the end: one first-purchase order, the others at the regular price.
      const three = [winner, ...ids.filter((id) => id !== winner).slice(0, 2)];
      await finish(member, String(results[ids.indexOf(winner)]!.json.redirectUrl));
      for (const id of three.slice(1)) {
        const again = await pay(member, id);
        expect(again.json.status).toBe('awaiting_3ds');
        await finish(member, again.json.redirectUrl!);
      }
      await expectOneFirstPurchase(three);
    }
  });

  it('is free again when the order holding it fails, and the next order is re-priced down before charging', async () => {
    const member = await newMember();
    const [a, b] = [await draft(member), await draft(member)];
    const holding = await pay(member, a);
    expect(holding.json.status).toBe('awaiting_3ds');
    const refused = await pay(member, b);
    expect(refused.status).toBe(409);
    expect(await orderRow(b)).toMatchObject({ amountYen: REGULAR, isFirstPurchase: false });

    await finish(member, holding.json.redirectUrl!, 'failed');
    expect(await orderRow(a)).toMatchObject({ status: 'failed' });

    const down = await pay(member, b);
    expect(down.status).toBe(409);
    expect(down.json.error?.message).toContain('2,100円');
    expect(down.json.error?.message).toContain('初回価格が適用される');
    const charged = await pay(member, b);
    expect(charged.json.status).toBe('awaiting_3ds');
    await finish(member, charged.json.redirectUrl!);
    expect(await orderRow(b)).toMatchObject({ status: 'paid', amountYen: FIRST, isFirstPurchase: true });
    expect((await chargesOfOrder(stack, b))[0]?.amount).toBe(FIRST);
  });
});
