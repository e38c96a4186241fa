import { randomUUID } from 'node:crypto';

import { afterAll, describe, expect, it } from 'vitest';

import { newMember, newToken, orderBody, startPurchaseStack } from './purchase-support';
import { eq } from 'drizzle-orm';
import { orders } from '@db/schema';
import { getDb } from '@/server/db/client';
import * as publicKeyRoute from '@/app/api/payjp/public-key/route';
import * as createRoute from '@/app/api/payments/create-payment-history/route';
import * as purchaseRoute from '@/app/api/payments/purchase/route';
import * as cardsRoute from '@/app/api/credit-cards/card/route';
import { call } from '../support/requests';
import { setEnvForTest } from '@/config/env';

/**
 * Card payment switched off by configuration (`PAYJP_PUBLIC_KEY=`): the order screens are told
 * by an empty public key, and the server refuses what would start a payment, with a Japanese
 * message and nothing created — while a member may still list and delete registered cards.
 */
const stack = await startPurchaseStack();
setEnvForTest({ PAYJP_PUBLIC_KEY: '' });

afterAll(() => stack.close());

const UNAVAILABLE = 'ただいまカードでのお支払いを受け付けておりません。';

describe('card payment switched off (PAYJP_PUBLIC_KEY empty)', () => {
  it('answers an empty public key, which the order screens show as 「ご利用いただけません」', async () => {
    const res = await call(publicKeyRoute, '/api/payjp/public-key');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ result: '' });
  });

  it('creates no order and charges nothing, with 503 and a Japanese message', async () => {
    const member = await newMember();
    const created = await member.send(createRoute, '/api/payments/create-payment-history', orderBody());
    expect(created.status).toBe(503);
    expect(created.headers.get('retry-after')).toBe('300');
    expect(created.json).toEqual({
      error: { code: 'payment_unavailable', message: expect.stringContaining(UNAVAILABLE), requestId: expect.any(String) },
    });
    const db = await getDb();
    expect(await db.select().from(orders).where(eq(orders.userId, member.userId))).toEqual([]);

    const paid = await member.send(purchaseRoute, '/api/payments/purchase', {
      paymentId: randomUUID(),
      card: { token: await newToken(stack) },
    });
    expect(paid.status).toBe(503);
    expect((paid.json as { error: { code: string } }).error.code).toBe('payment_unavailable');
    const charges = (await (
      await fetch(`${stack.emu.apiBase}/charges?limit=100`, {
        headers: { Authorization: `Basic ${Buffer.from(`${stack.emu.secretKey}:`).toString('base64')}` },
      })
    ).json()) as { data: unknown[] };
    expect(charges.data).toEqual([]);
  });

  it('registers no card, but still lists the member’s cards', async () => {
    const member = await newMember();
    const added = await member.send(cardsRoute, '/api/credit-cards/card', { token: await newToken(stack) });
    expect(added.status).toBe(503);
    expect((added.json as { error: { message: string } }).error.message).toContain(UNAVAILABLE);
    const listed = await member.get(cardsRoute, '/api/credit-cards/card');
    expect(listed.status).toBe(200);
    expect(listed.json).toEqual({ cards: [] });
  });
});
