import { afterAll, describe, expect, it } from 'vitest';

import {
  answerChallenge,
  chargesOfOrder,
  emulatorGet,
  newMember,
  newToken,
  orderBody,
  startPurchaseStack,
  type Member,
} from './purchase-support';
import { eq } from 'drizzle-orm';
import { orders, payjpCustomers } from '@db/schema';
import { getDb } from '@/server/db/client';
import { deleteCustomerOf } from '@/features/payments/server/customers';
import * as cardRoute from '@/app/api/credit-cards/card/route';
import * as createRoute from '@/app/api/payments/create-payment-history/route';
import * as purchaseRoute from '@/app/api/payments/purchase/route';
import * as returnRoute from '@/app/api/payments/tds-return/route';

const stack = await startPurchaseStack();

afterAll(() => stack.close());

type CardJson = {
  id: string;
  brand: string;
  last4: string;
  expDate: { year: number; month: number };
  cardName: string;
  isDefault: boolean;
};

async function addCard(member: Member, number = '4242424242424242') {
  return member.send(cardRoute, '/api/credit-cards/card', { token: await newToken(stack, number) });
}

describe('/api/credit-cards/card', () => {
  it('starts empty, registers cards at PAY.JP under one customer, lists and deletes them', async () => {
    const member = await newMember();
    expect((await member.get(cardRoute, '/api/credit-cards/card')).json).toEqual({ cards: [] });

    const added = await addCard(member);
    expect(added.status).toBe(200);
    const card = (added.json as unknown as { card: CardJson }).card;
    expect(card).toMatchObject({ brand: 'Visa', last4: '4242', cardName: 'TARO YAMADA', isDefault: true });
    expect(card.id).toMatch(/^car_/);
    await addCard(member, '5555555555554444');

    const list = (await member.get(cardRoute, '/api/credit-cards/card')).json as unknown as { cards: CardJson[] };
    expect(list.cards.map((c) => c.last4).sort()).toEqual(['4242', '4444']);
    // Only the customer id is ours; the card numbers live at PAY.JP.
    const db = await getDb();
    const [row] = await db.select().from(payjpCustomers).where(eq(payjpCustomers.userId, member.userId));
    expect(row?.customerId).toBe(`hojin-${member.userId}`);

    const del = await member.send(cardRoute, '/api/credit-cards/card', { cardId: card.id }, 'DELETE');
    expect(del.status).toBe(200);
    const after = (await member.get(cardRoute, '/api/credit-cards/card')).json as unknown as { cards: CardJson[] };
    expect(after.cards.map((c) => c.last4)).toEqual(['4444']);
  });

  it('makes another of the member’s cards the default (マイページ, issue 24), and no other member’s', async () => {
    const member = await newMember();
    const first = ((await addCard(member)).json as unknown as { card: CardJson }).card;
    const second = ((await addCard(member, '5555555555554444')).json as unknown as { card: CardJson }).card;
    const listed = async () => ((await member.get(cardRoute, '/api/credit-cards/card')).json as unknown as { cards: CardJson[] }).cards;
    expect((await listed()).find((c) => c.isDefault)?.id).toBe(second.id);

    const res = await member.send(cardRoute, '/api/credit-cards/card', { cardId: first.id }, 'PATCH');
    expect(res.status).toBe(200);
    expect((res.json as unknown as { cards: CardJson[] }).cards.find((c) => c.isDefault)?.id).toBe(first.id);
    expect((await listed()).find((c) => c.isDefault)?.id).toBe(first.id);

    const other = await newMember();
    await addCard(other, '3530111333300000');
    const stranger = await other.send(cardRoute, '/api/credit-cards/card', { cardId: second.id }, 'PATCH');
    expect(stranger.status).toBe(404);
    expect(stranger.json.error?.message).toBe('選択されたカードが見つかりません。カードを選び直してください。');
    expect((await listed()).find((c) => c.isDefault)?.id).toBe(first.id);
    const none = await (await newMember()).send(cardRoute, '/api/credit-cards/card', { cardId: first.id }, 'PATCH');
    expect(none.status).toBe(404);
  });

  it('adds a card from マイページ that keeps the default card when asked (makeDefault: false), and checks the flag', async () => {
    const member = await newMember();
    const listed = async () => ((await member.get(cardRoute, '/api/credit-cards/card')).json as unknown as { cards: CardJson[] }).cards;
    // a first card is the default whatever is asked
    const first = await member.send(cardRoute, '/api/credit-cards/card', { token: await newToken(stack), makeDefault: false });
    expect(first.status).toBe(200);
    const firstCard = (first.json as unknown as { card: CardJson }).card;
    expect(firstCard.isDefault).toBe(true);

    const second = await member.send(cardRoute, '/api/credit-cards/card', {
      token: await newToken(stack, '5555555555554444'),
      makeDefault: false,
    });
    expect(second.status).toBe(200);
    expect((second.json as unknown as { card: CardJson }).card).toMatchObject({ last4: '4444', isDefault: false });
    expect((await listed()).find((c) => c.isDefault)?.id).toBe(firstCard.id);

    // makeDefault: true (and left out, as checkout sends it) makes the new card the default
    const third = await member.send(cardRoute, '/api/credit-cards/card', {
      token: await newToken(stack, '3530111333300000'),
      makeDefault: true,
    });
    expect((third.json as unknown as { card: CardJson }).card).toMatchObject({ last4: '0000', isDefault: true });
    expect((await listed()).filter((c) => c.isDefault).map((c) => c.last4)).toEqual(['0000']);

    const bad = await member.send(cardRoute, '/api/credit-cards/card', { token: await newToken(stack), makeDefault: 'yes' });
    expect(bad.status).toBe(422);
    expect(bad.json.error?.fields?.makeDefault).toBe('いつも使うカードにするかどうかを選んでください。');
    expect(await listed()).toHaveLength(3);
  });

  it('answers 409 with a Japanese message for a card already registered', async () => {
    const member = await newMember();
    await addCard(member);
    const again = await addCard(member);
    expect(again.status).toBe(409);
    expect(again.json.error?.message).toBe('このカードはすでに登録されています。');
  });

  it("cannot delete another member's card (404) and the card stays", async () => {
    const owner = await newMember();
    const other = await newMember();
    const card = ((await addCard(owner)).json as unknown as { card: CardJson }).card;
    await addCard(other, '3530111333300000');
    const res = await other.send(cardRoute, '/api/credit-cards/card', { cardId: card.id }, 'DELETE');
    expect(res.status).toBe(404);
    const list = (await owner.get(cardRoute, '/api/credit-cards/card')).json as unknown as { cards: CardJson[] };
    expect(list.cards).toHaveLength(1);
  });

  it('refuses to register cards for the shared demo account', async () => {
    const demo = await newMember({ isDemo: true });
    const res = await addCard(demo);
    expect(res.status).toBe(403);
    expect(res.json.error?.message).toContain('デモアカウントではカードを登録できません');
  });

  it('requires CSRF for adding a card', async () => {
    const member = await newMember();
    const res = await cardRoute.POST(
      new (await import('next/server')).NextRequest('http://localhost:3000/api/credit-cards/card', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify({ token: 'tok_x' }),
      }),
      { params: Promise.resolve({}) },
    );
    expect(res.status).toBe(403);
    expect(member.userId).toBeTruthy();
  });
});

describe('paying with a registered card', () => {
  it('charges the chosen card of the member’s customer with 3-D Secure', async () => {
    const member = await newMember();
    const card = ((await addCard(member)).json as unknown as { card: CardJson }).card;
    const created = await member.send(createRoute, '/api/payments/create-payment-history', orderBody());
    const paymentId = String(created.json.paymentId);
    const res = await member.send(purchaseRoute, '/api/payments/purchase', { paymentId, card: { cardId: card.id } });
    expect(res.json.status).toBe('awaiting_3ds');
    const back = await answerChallenge(String(res.json.redirectUrl), 'verified');
    const landing = await member.get(returnRoute, back.pathname + back.search);
    expect(landing.headers.get('location')).toContain('/purchase/completion');
    const db = await getDb();
    const [order] = await db.select().from(orders).where(eq(orders.id, paymentId));
    expect(order).toMatchObject({ status: 'paid', paymentMethod: 'registered_card', cardLast4: '4242' });
    const [charge] = await chargesOfOrder(stack, paymentId);
    expect(charge).toMatchObject({ paid: true, amount: 2100 });
  });

  it("refuses another member's card id without charging", async () => {
    const owner = await newMember();
    const other = await newMember();
    const card = ((await addCard(owner)).json as unknown as { card: CardJson }).card;
    await addCard(other, '5555555555554444');
    const created = await other.send(createRoute, '/api/payments/create-payment-history', orderBody());
    const paymentId = String(created.json.paymentId);
    const res = await other.send(purchaseRoute, '/api/payments/purchase', { paymentId, card: { cardId: card.id } });
    expect(res.status).toBe(404);
    expect(await chargesOfOrder(stack, paymentId)).toHaveLength(0);
    const db = await getDb();
    const [order] = await db.select().from(orders).where(eq(orders.id, paymentId));
    expect(order?.status).toBe('pending');
  });
});

describe('unregister clean-up', () => {
  it('deletes the PAY.JP customer with its cards and our row, and is idempotent', async () => {
    const member = await newMember();
    await addCard(member);
    await deleteCustomerOf(member.userId);
    const gone = await emulatorGet<{ error?: { status: number } }>(stack, `/customers/hojin-${member.userId}`);
    expect(gone.error?.status).toBe(404);
    const db = await getDb();
    expect(await db.select().from(payjpCustomers).where(eq(payjpCustomers.userId, member.userId))).toHaveLength(0);
    await deleteCustomerOf(member.userId);
    expect((await member.get(cardRoute, '/api/credit-cards/card')).json).toEqual({ cards: [] });
  });
});
