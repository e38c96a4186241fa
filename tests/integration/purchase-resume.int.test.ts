/**
 * Back from the 3-D Secure page without finishing (issue 13 point 2, docs/decisions/0023): the
 * member pays the same order again (a new attempt, one charge taken at most) or cancels it, and an
 * attempt abandoned past its deadline expires — but only after PAY.JP says its charge took no money.
 */
import { afterAll, describe, expect, it } from 'vitest';

import {
  answerChallenge,
  chargesOfOrder,
  control,
  newMember,
  newToken,
  orderBody,
  startPurchaseStack,
  type Member,
} from './purchase-support';
import { orderRow } from '../support/order-row';
import { eq } from 'drizzle-orm';
import { orders, orderEvents } from '@db/schema';
import { getDb } from '@/server/db/client';
import { reconcilePayments } from '@/features/payments/server/reconciler';
import { PAYMENT_DEADLINE_MS } from '@/features/orders';
import * as createRoute from '@/app/api/payments/create-payment-history/route';
import * as purchaseRoute from '@/app/api/payments/purchase/route';
import * as retryRoute from '@/app/api/payments/retry/route';
import * as cancelRoute from '@/app/api/payments/cancel/route';
import * as returnRoute from '@/app/api/payments/tds-return/route';
import * as historyRoute from '@/app/api/payments/histories-per-page/route';
import { call } from '../support/requests';

const stack = await startPurchaseStack();

afterAll(() => stack.close());

type PayJson = { status: string; redirectUrl?: string; error?: { code: string; message: string } };

/** Order, charge with 3-D Secure, and the browser is on PAY.JP's page: the order waits for 3DS. */
async function orderAwaiting3ds(member: Member): Promise<{ paymentId: string; redirectUrl: string }> {
  const created = await member.send(createRoute, '/api/payments/create-payment-history', orderBody());
  expect(created.status, JSON.stringify(created.json)).toBe(200);
  const paymentId = String(created.json.paymentId);
  const res = await member.send(purchaseRoute, '/api/payments/purchase', { paymentId, card: { token: await newToken(stack) } });
  const json = res.json as unknown as PayJson;
  expect(json.status).toBe('awaiting_3ds');
  return { paymentId, redirectUrl: String(json.redirectUrl) };
}

/** お支払いを再開 from a page that shows the order's current attempt (the page sends it back, 0057). */
async function retry(member: Member, paymentId: string, card?: { token: string } | { cardId: string }, shownAttempt?: number) {
  // the attempt the member's page showed: read now, unless the test says which (two clicks on one page)
  const attempt = shownAttempt ?? (await orderRow(paymentId).catch(() => ({ paymentAttempt: 1 }))).paymentAttempt;
  const res = await member.send(retryRoute, '/api/payments/retry', { paymentId, attempt, card: card ?? { token: await newToken(stack) } });
  return { status: res.status, json: res.json as unknown as PayJson };
}

async function cancel(member: Member, paymentId: string) {
  const res = await member.send(cancelRoute, '/api/payments/cancel', { paymentId });
  return {
    status: res.status,
    json: res.json as unknown as { order?: { status: string; statusLabel: string }; error?: { code: string; message: string } },
  };
}

async function returnFrom(member: Member, back: URL): Promise<URL> {
  const res = await member.get(returnRoute, back.pathname + back.search);
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location') ?? '');
}

async function historyRow(member: Member, paymentId: string) {
  const res = await member.get(historyRoute, '/api/payments/histories-per-page?page=1&size=50');
  expect(res.status).toBe(200);
  const rows = (res.json as unknown as { histories: Record<string, unknown>[] }).histories;
  return rows.find((r) => r.paymentId === paymentId);
}

/** The reconciler one deadline (and a minute) from now: every order of this file is past it. */
const afterDeadline = () => new Date(Date.now() + PAYMENT_DEADLINE_MS + 60_000);
const reconcileAfterDeadline = () => reconcilePayments({ now: afterDeadline(), graceMs: 0, leaseMs: 0 });

describe('お支払いを再開 (pay the same order again)', () => {
  it('after the browser came back from the 3-D Secure page: a new attempt, paid once, the abandoned charge never taken', async () => {
    const member = await newMember();
    const { paymentId, redirectUrl: firstPage } = await orderAwaiting3ds(member);
    const first = await orderRow(paymentId);
    expect(first).toMatchObject({ status: 'awaiting_3ds', paymentAttempt: 1 });
    expect(await historyRow(member, paymentId)).toMatchObject({
      orderStatusLabel: 'お手続き中',
      paymentStatusLabel: '本人認証待ち',
      resumable: true,
      statusMeaning: expect.stringContaining('料金は請求されていません'),
    });

    // Browser back: nothing reached us. The member pays again from the history with another card.
    const again = await retry(member, paymentId, { token: await newToken(stack, '5555555555554444') });
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    expect(again.json.status).toBe('awaiting_3ds');
    const second = await orderRow(paymentId);
    expect(second).toMatchObject({ status: 'awaiting_3ds', paymentAttempt: 2 });
    expect(second.payjpChargeId).not.toBe(first.payjpChargeId);
    expect(again.json.redirectUrl).not.toBe(firstPage);

    const back = await answerChallenge(String(again.json.redirectUrl), 'verified');
    expect(back.searchParams.get('attempt')).toBe('2');
    expect((await returnFrom(member, back)).pathname).toBe('/purchase/completion');
    expect(await orderRow(paymentId)).toMatchObject({ status: 'paid', payjpChargeId: second.payjpChargeId, cardLast4: '4444' });

    // The first page, finished late in another tab, takes no money and changes nothing.
    const lateBack = await answerChallenge(firstPage, 'verified');
    expect(lateBack.searchParams.get('attempt')).toBe('1');
    expect((await returnFrom(member, lateBack)).pathname).toBe('/purchase/completion');
    const charges = await chargesOfOrder(stack, paymentId);
    expect(charges).toHaveLength(2);
    expect(charges.filter((c) => c.paid).map((c) => c.id)).toEqual([second.payjpChargeId]);
    expect(charges.map((c) => c.metadata?.attempt).sort()).toEqual(['1', '2']);

    const db = await getDb();
    const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, paymentId));
    expect(events.find((e) => e.note === 'payment resumed')).toMatchObject({
      fromStatus: 'awaiting_3ds',
      toStatus: 'charging',
      data: { attempt: 2, supersededChargeId: first.payjpChargeId },
    });
  });

  it('after 3-D Secure was given up (認証をやめて戻る): the order is お支払い未完了 and can be paid again', async () => {
    const member = await newMember();
    const { paymentId, redirectUrl } = await orderAwaiting3ds(member);
    const back = await answerChallenge(redirectUrl, 'abandoned');
    const landing = await returnFrom(member, back);
    expect(landing.pathname).toBe('/purchase/confirmation');
    expect(landing.searchParams.get('payment_error')).toBe('three_d_secure_incompleted');
    expect(await historyRow(member, paymentId)).toMatchObject({ paymentStatusLabel: 'お支払い未完了', resumable: true });

    const again = await retry(member, paymentId);
    expect(again.json.status).toBe('awaiting_3ds');
    // A second attempt that fails returns to the resume page, which knows the order from the server.
    const failedBack = await answerChallenge(String(again.json.redirectUrl), 'failed');
    const resumePage = await returnFrom(member, failedBack);
    expect(resumePage.pathname).toBe('/purchase/resume');
    expect(resumePage.searchParams.get('paymentId')).toBe(paymentId);
    expect(await orderRow(paymentId)).toMatchObject({ status: 'failed', paymentAttempt: 2 });

    const third = await retry(member, paymentId);
    const ok = await answerChallenge(String(third.json.redirectUrl), 'verified');
    expect((await returnFrom(member, ok)).pathname).toBe('/purchase/completion');
    expect(await orderRow(paymentId)).toMatchObject({ status: 'paid', paymentAttempt: 3 });
    expect((await chargesOfOrder(stack, paymentId)).filter((c) => c.paid)).toHaveLength(1);
  });

  it('two clicks at once make one new attempt and one new charge', async () => {
    const member = await newMember();
    const { paymentId } = await orderAwaiting3ds(member);
    // both clicks come from the same page, which showed attempt 1
    const [a, b] = await Promise.all([retry(member, paymentId, undefined, 1), retry(member, paymentId, undefined, 1)]);
    expect(
      [a.status, b.status].every((s) => s === 200 || s === 409),
      JSON.stringify([a.json, b.json]),
    ).toBe(true);
    expect(await orderRow(paymentId)).toMatchObject({ paymentAttempt: 2 });
    expect(await chargesOfOrder(stack, paymentId)).toHaveLength(2);
  });

  it('a 3-D Secure the member did complete is finished instead of starting over (no second charge)', async () => {
    const member = await newMember();
    const { paymentId, redirectUrl } = await orderAwaiting3ds(member);
    await answerChallenge(redirectUrl, 'verified'); // …and the return request never reached us
    const again = await retry(member, paymentId);
    expect(again.json.status).toBe('paid');
    expect(await orderRow(paymentId)).toMatchObject({ status: 'paid', paymentAttempt: 1 });
    expect(await chargesOfOrder(stack, paymentId)).toHaveLength(1);
  });

  it('is refused past the deadline, for another member, and without the CSRF token', async () => {
    const member = await newMember();
    const { paymentId } = await orderAwaiting3ds(member);
    const stranger = await newMember();
    expect((await retry(stranger, paymentId)).status).toBe(404);
    expect((await cancel(stranger, paymentId)).status).toBe(404);
    const noCsrf = await call(retryRoute, '/api/payments/retry', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie: member.cookie },
      body: JSON.stringify({ paymentId, card: { token: await newToken(stack) } }),
    });
    expect(noCsrf.status).toBe(403);
    expect((await orderRow(paymentId)).paymentAttempt).toBe(1);

    const db = await getDb();
    await db
      .update(orders)
      .set({ chargingStartedAt: new Date(Date.now() - PAYMENT_DEADLINE_MS - 60_000) })
      .where(eq(orders.id, paymentId));
    const late = await retry(member, paymentId);
    expect(late.status).toBe(409);
    expect(late.json.error).toMatchObject({ code: 'payment_closed', message: expect.stringContaining('期限') });
    expect(await orderRow(paymentId)).toMatchObject({ status: 'expired', paymentAttempt: 1 });
  });
});

describe('この申込みを取り消す (cancel an unpaid order)', () => {
  it('cancels an order waiting for 3-D Secure: nothing charged, no payment afterwards', async () => {
    const member = await newMember();
    const { paymentId, redirectUrl } = await orderAwaiting3ds(member);
    const res = await cancel(member, paymentId);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.order).toMatchObject({ status: 'cancelled', statusLabel: 'ご請求なし' });
    expect(await historyRow(member, paymentId)).toMatchObject({
      orderStatusLabel: '取り消し済み',
      resumable: false,
      statusMeaning: expect.stringContaining('取り消しました'),
    });
    // Cancelling again answers the same; paying again is refused.
    expect((await cancel(member, paymentId)).status).toBe(200);
    const again = await retry(member, paymentId);
    expect(again.status).toBe(409);
    expect(again.json.error?.code).toBe('payment_closed');

    // The member finishes the old 3-D Secure page anyway: the charge is never finished.
    const back = await answerChallenge(redirectUrl, 'verified');
    await returnFrom(member, back);
    await reconcileAfterDeadline();
    expect(await orderRow(paymentId)).toMatchObject({ status: 'cancelled' });
    expect((await chargesOfOrder(stack, paymentId)).every((c) => !c.paid)).toBe(true);
  });

  it('refuses to cancel an order PAY.JP did charge, and records the payment instead', async () => {
    const member = await newMember();
    const { paymentId, redirectUrl } = await orderAwaiting3ds(member);
    const back = await answerChallenge(redirectUrl, 'verified');
    const chargeId = (await orderRow(paymentId)).payjpChargeId!;
    // tds_finish is done at PAY.JP but its answer never comes: we do not know the order is paid.
    await control(stack, 'next-request', { fail: 'timeout', stage: 'after', method: 'POST', path: `/v1/charges/${chargeId}/tds_finish` });
    await member.get(returnRoute, back.pathname + back.search);
    expect(await orderRow(paymentId)).toMatchObject({ status: 'awaiting_3ds' });

    const res = await cancel(member, paymentId);
    expect(res.status).toBe(409);
    expect(res.json.error).toMatchObject({ code: 'already_paid', message: expect.stringContaining('お支払いが完了') });
    expect(await orderRow(paymentId)).toMatchObject({ status: 'paid', payjpChargeId: chargeId });
  });

  it('cancels a failed order', async () => {
    const member = await newMember();
    const { paymentId, redirectUrl } = await orderAwaiting3ds(member);
    await returnFrom(member, await answerChallenge(redirectUrl, 'failed'));
    expect((await orderRow(paymentId)).status).toBe('failed');
    expect((await cancel(member, paymentId)).json.order).toMatchObject({ status: 'cancelled' });
  });
});

describe('abandoned attempts expire (the reconciler)', () => {
  it('an order left waiting for 3-D Secure becomes 期限切れ once PAY.JP says nothing was charged', async () => {
    const member = await newMember();
    const { paymentId } = await orderAwaiting3ds(member);
    // Not yet: within the deadline the order stays open.
    await reconcilePayments({ now: new Date(Date.now() + 5 * 60_000), graceMs: 0, leaseMs: 0 });
    expect((await orderRow(paymentId)).status).toBe('awaiting_3ds');

    const report = await reconcileAfterDeadline();
    expect(report.settled).toContainEqual({ orderId: paymentId, from: 'awaiting_3ds', to: 'expired' });
    expect(await historyRow(member, paymentId)).toMatchObject({
      orderStatusLabel: '期限切れ',
      paymentStatusLabel: 'お支払い期限切れ',
      resumable: false,
      statusMeaning: expect.stringContaining('料金は請求されていません'),
    });
    expect((await retry(member, paymentId)).status).toBe(409);
  });

  it('3-D Secure actually completed at PAY.JP: the order becomes paid, not expired', async () => {
    const member = await newMember();
    const { paymentId, redirectUrl } = await orderAwaiting3ds(member);
    await answerChallenge(redirectUrl, 'verified'); // the browser was closed on the way back
    const report = await reconcileAfterDeadline();
    expect(report.settled).toContainEqual({ orderId: paymentId, from: 'awaiting_3ds', to: 'paid' });
    expect(await orderRow(paymentId)).toMatchObject({ status: 'paid' });
    expect((await chargesOfOrder(stack, paymentId)).filter((c) => c.paid)).toHaveLength(1);
  });

  it('a charge PAY.JP took although the order was recorded as failed: paid, not expired', async () => {
    const member = await newMember();
    const { paymentId, redirectUrl } = await orderAwaiting3ds(member);
    await answerChallenge(redirectUrl, 'verified');
    const chargeId = (await orderRow(paymentId)).payjpChargeId!;
    // The charge was taken at PAY.JP (tds_finish) while our side recorded a failure.
    const secret = `Basic ${Buffer.from(`${stack.emu.secretKey}:`).toString('base64')}`;
    const finished = await fetch(`${stack.emu.apiBase}/charges/${chargeId}/tds_finish`, {
      method: 'POST',
      headers: { Authorization: secret },
    });
    expect(finished.status).toBe(200);
    const db = await getDb();
    await db.update(orders).set({ status: 'failed', failureCode: 'three_d_secure_incompleted' }).where(eq(orders.id, paymentId));

    const report = await reconcileAfterDeadline();
    expect(report.settled).toContainEqual({ orderId: paymentId, from: 'failed', to: 'paid' });
    expect(await orderRow(paymentId)).toMatchObject({ status: 'paid' });
  });

  it('a failed order expires after its deadline, not before', async () => {
    const member = await newMember();
    const { paymentId, redirectUrl } = await orderAwaiting3ds(member);
    await returnFrom(member, await answerChallenge(redirectUrl, 'abandoned'));
    await reconcilePayments({ now: new Date(Date.now() + 5 * 60_000), graceMs: 0, leaseMs: 0 });
    expect((await orderRow(paymentId)).status).toBe('failed');
    const report = await reconcileAfterDeadline();
    expect(report.settled).toContainEqual({ orderId: paymentId, from: 'failed', to: 'expired' });
    expect(await orderRow(paymentId)).toMatchObject({ status: 'expired', failureCode: 'three_d_secure_incompleted' });
  });
});
