import { afterAll, describe, expect, it } from 'vitest';

import {
  COMPANY,
  answerChallenge,
  chargesOfOrder,
  control,
  emulatorGet,
  mailsTo,
  newMember,
  newToken,
  orderBody,
  startPurchaseStack,
  type Member,
  type WireCharge,
} from './purchase-support';
import { REGISTRY_COMPANIES } from '../support/order-registry';
import { orderRow } from '../support/order-row';
import { eq } from 'drizzle-orm';
import { orders } from '@db/schema';
import { getDb } from '@/server/db/client';
import * as itemsAllRoute from '@/app/api/items/all/route';
import * as taxRoute from '@/app/api/items/tax/route';
import * as createRoute from '@/app/api/payments/create-payment-history/route';
import * as purchaseRoute from '@/app/api/payments/purchase/route';
import * as returnRoute from '@/app/api/payments/tds-return/route';
import * as latestRoute from '@/app/api/payments/latest/route';
import * as webhookRoute from '@/app/api/payments/webhook/route';
import { call } from '../support/requests';

const stack = await startPurchaseStack();

afterAll(() => stack.close());

async function createOrder(member: Member, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await member.send(createRoute, '/api/payments/create-payment-history', orderBody(overrides));
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return String(res.json.paymentId);
}

type PurchaseJson = { status: string; redirectUrl?: string; message?: string; failure?: { code: string; message: string; action: string } };

async function pay(member: Member, paymentId: string, card: { token: string } | { cardId: string }) {
  const res = await member.send(purchaseRoute, '/api/payments/purchase', { paymentId, card });
  return { status: res.status, json: res.json as unknown as PurchaseJson & { error?: { code: string; message: string } } };
}

/** Follows PAY.JP's redirect back to our return route with the member's session. */
async function returnFrom3ds(member: Member, back: URL) {
  expect(back.pathname).toBe('/api/payments/tds-return');
  const res = await member.get(returnRoute, back.pathname + back.search);
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location') ?? '');
}

async function waitForMail(to: string) {
  const res = await fetch(`${stack.mail.httpUrl}/api/messages/wait?to=${encodeURIComponent(to)}&timeoutMs=5000`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { message: { subject: string; text: string } }).message;
}

describe('GET /api/items/all and /api/items/tax', () => {
  it('lists the four certificates at the first-purchase price with delivery windows', async () => {
    const member = await newMember();
    const res = await member.get(itemsAllRoute, '/api/items/all');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = res.json as unknown as {
      items: { itemId: string; name: string; serviceFeeYen: number; unitTotalYen: number }[];
      scheduledDateMaster: Record<string, string>;
      isFirstPayPrice: boolean;
      expressFeeYen: number;
    };
    expect(body.items.map((i) => i.name)).toEqual(['履歴事項全部証明書', '現在事項全部証明書', '閉鎖事項全部証明書', '代表者事項証明書']);
    expect(body.items[0]).toMatchObject({ itemId: 'history-full', serviceFeeYen: 550, unitTotalYen: 1050 });
    expect(body.isFirstPayPrice).toBe(true);
    expect(body.expressFeeYen).toBe(880);
    for (const key of ['normalStartDate', 'normalEndDate', 'expressStartDate', 'expressEndDate']) {
      expect(body.scheduledDateMaster[key]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(body.scheduledDateMaster.expressEndDate! <= body.scheduledDateMaster.normalEndDate!).toBe(true);
  });

  it('answers 401 without a session', async () => {
    const res = await call(itemsAllRoute, '/api/items/all');
    expect(res.status).toBe(401);
  });

  it('prices a selection by GET and POST with the tax rounded once per rate and the Ministry fee apart', async () => {
    const member = await newMember();
    const get = await member.get(taxRoute, '/api/items/tax?items=history-full:2,representative:1&deliverySpeed=express');
    expect(get.status).toBe(200);
    // 10%: 550 × 3 + 880 = 2,530 → tax floor(2,530 × 10 / 110) = 230; non-taxable 500 × 3
    expect(get.json).toMatchObject({
      taxRates: [{ ratePercent: 10, taxInclusiveTotalYen: 2530, taxYen: 230, taxExclusiveTotalYen: 2300 }],
      nonTaxableTotalYen: 1500,
      totalYen: 4030,
      summaryLines: ['10%対象（税込） 2,530円（内消費税 230円）', '非課税 1,500円'],
    });
    const post = await member.send(taxRoute, '/api/items/tax', {
      items: [
        { itemId: 'history-full', quantity: 2 },
        { itemId: 'representative', quantity: 1 },
      ],
      deliverySpeed: 'express',
    });
    expect(post.status).toBe(200);
    expect(post.json.totalYen).toBe(4030);
  });

  it('refuses an unknown certificate and a quantity over the limit with Japanese messages', async () => {
    const member = await newMember();
    const unknown = await member.send(taxRoute, '/api/items/tax', { items: [{ itemId: 'no-such', quantity: 1 }], deliverySpeed: 'normal' });
    expect(unknown.status).toBe(422);
    expect(unknown.json.error?.message).toContain('証明書を選び直してください');
    const tooMany = await member.get(taxRoute, '/api/items/tax?items=history-full:11');
    expect(tooMany.status).toBe(400);
  });
});

describe('POST /api/payments/create-payment-history', () => {
  it('creates a pending order priced on the server and answers the same order for the same key', async () => {
    const member = await newMember();
    const body = orderBody();
    const first = await member.send(createRoute, '/api/payments/create-payment-history', body);
    const again = await member.send(createRoute, '/api/payments/create-payment-history', body);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ status: 'pending', totalYen: 2100 });
    expect(again.json.paymentId).toBe(first.json.paymentId);
    const row = await orderRow(String(first.json.paymentId));
    expect(row).toMatchObject({
      userId: member.userId,
      status: 'pending',
      amountYen: 2100,
      taxYen: 100,
      nonTaxableYen: 1000,
      isFirstPurchase: true,
    });
    expect(row.destinationZipCode).toBe('1000005');
  });

  it('refuses a total the server did not compute (a tampered amount) and creates nothing', async () => {
    const member = await newMember();
    const body = orderBody({ expectedTotalYen: 1 });
    const res = await member.send(createRoute, '/api/payments/create-payment-history', body);
    expect(res.status).toBe(409);
    expect(res.json.error?.message).toContain('2,100円');
    const db = await getDb();
    expect(await db.select().from(orders).where(eq(orders.userId, member.userId))).toHaveLength(0);
  });

  it('refuses a company without a commercial registry, a wrong check digit and a missing agreement', async () => {
    const member = await newMember();
    const kind = await member.send(
      createRoute,
      '/api/payments/create-payment-history',
      orderBody({ company: { corporateNumber: REGISTRY_COMPANIES.agency.corporateNumber } }),
    );
    expect(kind.status).toBe(422);
    expect(kind.json.error?.code).toBe('company_not_orderable');
    expect(kind.json.error?.fields?.['company.corporateNumber']).toContain('お取り寄せいただけません');
    const digit = await member.send(
      createRoute,
      '/api/payments/create-payment-history',
      orderBody({ company: { ...COMPANY, corporateNumber: '9040001999013' } }),
    );
    expect(digit.status).toBe(422);
    const agreed = await member.send(createRoute, '/api/payments/create-payment-history', orderBody({ agreed: false }));
    expect(agreed.status).toBe(422);
  });
});

describe('POST /api/payments/purchase and the 3-D Secure return', () => {
  it('charges the order amount with 3-D Secure, finishes on return, mails the member and shows it as latest', async () => {
    const member = await newMember();
    const paymentId = await createOrder(member);
    const { status, json } = await pay(member, paymentId, { token: await newToken(stack) });
    expect(status).toBe(200);
    expect(json.status).toBe('awaiting_3ds');
    expect(json.redirectUrl).toMatch(new RegExp(`^${stack.emu.apiBase}/tds/ch_\\w+/start\\?publickey=pk_test_\\w+&back_url=`));

    const back = await answerChallenge(json.redirectUrl!, 'verified');
    expect(back.searchParams.get('paymentId')).toBe(paymentId);
    const landing = await returnFrom3ds(member, back);
    expect(landing.pathname + landing.search).toBe(`/purchase/completion?paymentId=${paymentId}`);

    const row = await orderRow(paymentId);
    expect(row).toMatchObject({ status: 'paid', cardBrand: 'Visa', cardLast4: '4242', paymentMethod: 'new_card' });
    const charges = await chargesOfOrder(stack, paymentId);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ id: row.payjpChargeId, amount: 2100, paid: true, three_d_secure_status: 'verified' });

    const mail = await waitForMail(member.email);
    expect(mail.subject).toContain('ご注文を承りました');
    expect(mail.text).toContain('2,100円（税込）');
    expect(mail.text).toContain(`/api/download/receipt/${paymentId}.pdf`);

    const latest = await member.get(latestRoute, '/api/payments/latest');
    expect(latest.status).toBe(200);
    expect(latest.json.order).toMatchObject({
      paymentId,
      status: 'paid',
      totalYen: 2100,
      receiptUrl: `/api/download/receipt/${paymentId}.pdf`,
      failure: null,
    });

    // The return is idempotent: coming back again changes nothing and sends no second mail.
    expect((await returnFrom3ds(member, back)).pathname).toBe('/purchase/completion');
    expect(await mailsTo(stack, member.email)).toHaveLength(1);

    // The first-purchase price is over.
    const items = await member.get(itemsAllRoute, '/api/items/all');
    expect(items.json.isFirstPayPrice).toBe(false);
  });

  it('sends the buyer back with three_d_secure_failed when the authentication fails, and nothing is charged', async () => {
    const member = await newMember();
    const paymentId = await createOrder(member);
    const { json } = await pay(member, paymentId, { token: await newToken(stack) });
    const landing = await returnFrom3ds(member, await answerChallenge(json.redirectUrl!, 'failed'));
    expect(landing.pathname).toBe('/purchase/confirmation');
    expect(landing.searchParams.get('payment_error')).toBe('three_d_secure_failed');
    expect(await orderRow(paymentId)).toMatchObject({ status: 'failed', failureCode: 'three_d_secure_failed' });
    expect((await chargesOfOrder(stack, paymentId))[0]?.paid).toBe(false);
    const latest = await member.get(latestRoute, `/api/payments/latest?paymentId=${paymentId}`);
    expect(latest.json.order).toMatchObject({
      status: 'failed',
      receiptUrl: null,
      failure: { code: 'three_d_secure_failed', action: 'use_another_card' },
    });
  });

  it('treats giving up on the challenge as an incomplete authentication', async () => {
    const member = await newMember();
    const paymentId = await createOrder(member);
    const { json } = await pay(member, paymentId, { token: await newToken(stack) });
    const landing = await returnFrom3ds(member, await answerChallenge(json.redirectUrl!, 'abandoned'));
    expect(landing.searchParams.get('payment_error')).toBe('three_d_secure_incompleted');
    expect(await orderRow(paymentId)).toMatchObject({ status: 'failed' });
  });

  it('records a card declined at authorisation (after 3-D Secure) as failed with the card_declined message', async () => {
    const member = await newMember();
    const paymentId = await createOrder(member);
    const { json } = await pay(member, paymentId, { token: await newToken(stack, '4000000000080319') });
    expect(json.status).toBe('awaiting_3ds');
    const landing = await returnFrom3ds(member, await answerChallenge(json.redirectUrl!, 'verified'));
    expect(landing.searchParams.get('payment_error')).toBe('card_declined');
    expect(await orderRow(paymentId)).toMatchObject({ status: 'failed', failureCode: 'card_declined' });
    expect(await mailsTo(stack, member.email)).toHaveLength(0);
  });

  it('makes exactly one charge when two purchase requests for one order race', async () => {
    const member = await newMember();
    const paymentId = await createOrder(member);
    const [t1, t2] = [await newToken(stack), await newToken(stack)];
    const [a, b] = await Promise.all([pay(member, paymentId, { token: t1 }), pay(member, paymentId, { token: t2 })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.json.status, b.json.status].sort()).toContain('awaiting_3ds');
    expect(await chargesOfOrder(stack, paymentId)).toHaveLength(1);
    // A third click after the charge exists answers the same 3-D Secure redirect.
    const c = await pay(member, paymentId, { token: await newToken(stack) });
    expect(c.json.status).toBe('awaiting_3ds');
    expect(c.json.redirectUrl).toContain(`/tds/${(await orderRow(paymentId)).payjpChargeId}/start`);
    expect(await chargesOfOrder(stack, paymentId)).toHaveLength(1);
  });

  it('marks the order unknown on a timeout, never re-posts, and reconciliation finds the charge', async () => {
    const member = await newMember();
    const paymentId = await createOrder(member);
    await control(stack, 'next-request', { fail: 'timeout', method: 'POST', path: '/v1/charges' });
    const first = await pay(member, paymentId, { token: await newToken(stack) });
    expect(first.json.status).toBe('unknown');
    expect(first.json.message).toContain('もう一度お支払いはせずに');
    expect(await orderRow(paymentId)).toMatchObject({ status: 'unknown', payjpChargeId: null });
    // The emulator made the charge although we never heard back.
    const made = await chargesOfOrder(stack, paymentId);
    expect(made).toHaveLength(1);

    // Retrying reconciles instead of charging again: the order adopts the charge and continues 3-D Secure.
    const retry = await pay(member, paymentId, { token: await newToken(stack) });
    expect(retry.json.status).toBe('awaiting_3ds');
    expect(await chargesOfOrder(stack, paymentId)).toHaveLength(1);
    expect((await orderRow(paymentId)).payjpChargeId).toBe(made[0]?.id);

    const landing = await returnFrom3ds(member, await answerChallenge(retry.json.redirectUrl!, 'verified'));
    expect(landing.pathname).toBe('/purchase/completion');
    expect(await orderRow(paymentId)).toMatchObject({ status: 'paid' });
  });

  it('settles an unknown order from the completion page (GET /api/payments/latest)', async () => {
    const member = await newMember();
    const paymentId = await createOrder(member);
    await control(stack, 'next-request', { fail: 'timeout', method: 'POST', path: '/v1/charges' });
    expect((await pay(member, paymentId, { token: await newToken(stack) })).json.status).toBe('unknown');
    const latest = await member.get(latestRoute, '/api/payments/latest');
    expect(latest.json.order).toMatchObject({ paymentId, status: 'awaiting_3ds' });
  });

  it('fails without a charge when PAY.JP refuses the request up front (429), so the buyer may try again', async () => {
    const member = await newMember();
    const paymentId = await createOrder(member);
    await control(stack, 'next-request', { fail: 429, method: 'POST', path: '/v1/charges' });
    const res = await pay(member, paymentId, { token: await newToken(stack) });
    expect(res.json).toMatchObject({ status: 'failed', failure: { code: 'over_capacity', action: 'retry_later' } });
    expect(await chargesOfOrder(stack, paymentId)).toHaveLength(0);
  });

  it('rejects an amount in the purchase request: the amount is always the order’s', async () => {
    const member = await newMember();
    const paymentId = await createOrder(member);
    const res = await member.send(purchaseRoute, '/api/payments/purchase', {
      paymentId,
      card: { token: await newToken(stack) },
      amount: 50,
    });
    expect(res.status).toBe(422);
    expect(await orderRow(paymentId)).toMatchObject({ status: 'pending' });
  });

  it("answers 404 for another member's order on purchase, latest and the 3-D Secure return, and charges nothing", async () => {
    const owner = await newMember();
    const other = await newMember();
    const paymentId = await createOrder(owner);
    const res = await pay(other, paymentId, { token: await newToken(stack) });
    expect(res.status).toBe(404);
    expect((await other.get(latestRoute, `/api/payments/latest?paymentId=${paymentId}`)).status).toBe(404);
    const back = await other.get(returnRoute, `/api/payments/tds-return?paymentId=${paymentId}`);
    expect(back.headers.get('location')).toContain('/purchase/confirmation?payment_error=not_found');
    expect(await chargesOfOrder(stack, paymentId)).toHaveLength(0);
    expect((await other.get(latestRoute, '/api/payments/latest')).status).toBe(404);
  });

  it('sends a visitor without a session from the 3-D Secure return to the login page', async () => {
    const res = await call(returnRoute, '/api/payments/tds-return?paymentId=00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('http://localhost:3000/login?nextPage=%2Fpurchase%2Fcompletion&expired=true');
  });
});

describe('POST /api/payments/webhook', () => {
  async function deliver(event: unknown, token = stack.emu.webhookToken) {
    return call(webhookRoute, '/api/payments/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'x-payjp-webhook-token': token },
      body: JSON.stringify(event),
    });
  }

  it('refuses a wrong token', async () => {
    const res = await deliver(
      { object: 'event', id: 'evnt_x', livemode: false, created: 1, type: 'charge.succeeded', data: { object: 'charge', id: 'ch_x' } },
      'wrong-token-wrong-token',
    );
    expect(res.status).toBe(401);
  });

  it('settles the order from a re-read charge, and a duplicated event acts once', async () => {
    const member = await newMember();
    const paymentId = await createOrder(member);
    const { json } = await pay(member, paymentId, { token: await newToken(stack) });
    await answerChallenge(json.redirectUrl!, 'verified');
    // The buyer never comes back; PAY.JP finishes (e.g. another system) and tells us by webhook.
    const chargeId = (await orderRow(paymentId)).payjpChargeId!;
    const finish = await fetch(`${stack.emu.apiBase}/charges/${chargeId}/tds_finish`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from(`${stack.emu.secretKey}:`).toString('base64')}` },
    });
    expect(((await finish.json()) as WireCharge).paid).toBe(true);
    const events = await emulatorGet<{ data: { id: string; type: string }[] }>(
      stack,
      `/events?resource_id=${chargeId}&type=charge.succeeded`,
    );
    const event = await emulatorGet<unknown>(stack, `/events/${events.data[0]!.id}`);

    const first = await deliver(event);
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ received: true, duplicate: false });
    expect(await orderRow(paymentId)).toMatchObject({ status: 'paid' });
    await waitForMail(member.email);

    const second = await deliver(event);
    expect(second.json).toEqual({ received: true, duplicate: true });
    expect(await mailsTo(stack, member.email)).toHaveLength(1);
  });

  it('answers 2xx to a valid event for a charge PAY.JP does not know, on every redelivery, and changes nothing', async () => {
    const event = {
      object: 'event',
      id: 'evnt_unknowncharge000000000000',
      livemode: false,
      created: 1,
      type: 'charge.succeeded',
      data: { object: 'charge', id: 'ch_nosuchcharge0000000000000000', paid: true },
    };
    const first = await deliver(event);
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json).toEqual({ received: true, duplicate: false });
    // PAY.JP redelivers until it hears 2xx; the event was recorded as handled.
    const again = await deliver(event);
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ received: true, duplicate: true });
  });

  it('never marks an order paid from the payload alone: a forged "paid" event for an unpaid charge changes nothing', async () => {
    const member = await newMember();
    const paymentId = await createOrder(member);
    await pay(member, paymentId, { token: await newToken(stack) });
    const chargeId = (await orderRow(paymentId)).payjpChargeId!;
    const forged = {
      object: 'event',
      id: 'evnt_forged0000000000000000000',
      livemode: false,
      created: 1,
      type: 'charge.succeeded',
      data: { object: 'charge', id: chargeId, paid: true },
    };
    expect((await deliver(forged)).status).toBe(200);
    expect(await orderRow(paymentId)).toMatchObject({ status: 'awaiting_3ds' });
  });
});
