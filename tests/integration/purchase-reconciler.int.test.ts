/**
 * The payment reconciler (issue 11 §3, docs/decisions/0013): a charge PAY.JP took while nobody on
 * our side finished the order is settled in the background — no page visit, no webhook — and the
 * member gets the confirmation mail once, however many reconcilers run.
 */
import { NextRequest } from 'next/server';
import { afterAll, describe, expect, it } from 'vitest';

import {
  answerChallenge,
  chargesOfOrder,
  control,
  mailsTo,
  newMember,
  newToken,
  orderBody,
  startPurchaseStack,
  type Member,
} from './purchase-support';
import { orderRow } from '../support/order-row';
import { eq } from 'drizzle-orm';
import { orderEvents, orders } from '@db/schema';
import { getDb } from '@/server/db/client';
import { reconcilePayments, startPaymentReconciler } from '@/features/payments/server/reconciler';
import * as createRoute from '@/app/api/payments/create-payment-history/route';
import * as purchaseRoute from '@/app/api/payments/purchase/route';
import * as returnRoute from '@/app/api/payments/tds-return/route';
import * as receiptRoute from '@/app/api/download/receipt/[file]/route';
import { createOrder as insertOrder } from '../factories/orders';

const stack = await startPurchaseStack();

afterAll(() => stack.close());

async function waitForMail(to: string) {
  const res = await fetch(`${stack.mail.httpUrl}/api/messages/wait?to=${encodeURIComponent(to)}&timeoutMs=5000`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { message: { subject: string; text: string } }).message;
}

async function receiptStatus(member: Member, paymentId: string) {
  const file = `${paymentId}.pdf`;
  const request = new NextRequest(new URL(`/api/download/receipt/${file}`, 'http://localhost:3000'), {
    headers: { cookie: member.cookie },
  });
  const response = await receiptRoute.GET(request, { params: Promise.resolve({ file }) });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, type: response.headers.get('content-type'), head: body.subarray(0, 5).toString('latin1') };
}

/**
 * The probe's scenario up to the crash: order, charge with 3-D Secure, the cardholder passes the
 * challenge and comes back — and the return request dies. The emulator performs tds_finish (the
 * money is taken) but withholds the answer, so the app's call times out: nothing on our side
 * learns that the charge is paid. The charge.succeeded webhook is dropped too.
 */
async function paidAtPayjpButNotHere(member: Member): Promise<string> {
  const created = await member.send(createRoute, '/api/payments/create-payment-history', orderBody());
  expect(created.status).toBe(200);
  const paymentId = String(created.json.paymentId);
  const purchase = await member.send(purchaseRoute, '/api/payments/purchase', { paymentId, card: { token: await newToken(stack) } });
  expect(purchase.json.status).toBe('awaiting_3ds');
  const back = await answerChallenge(String(purchase.json.redirectUrl), 'verified');

  const chargeId = (await orderRow(paymentId)).payjpChargeId!;
  await control(stack, 'webhooks', { mode: 'drop', type: 'charge.succeeded' });
  await control(stack, 'next-request', { fail: 'timeout', stage: 'after', method: 'POST', path: `/v1/charges/${chargeId}/tds_finish` });
  await member.get(returnRoute, back.pathname + back.search);

  expect(await orderRow(paymentId)).toMatchObject({ status: 'awaiting_3ds', mailSentAt: null });
  const [charge] = await chargesOfOrder(stack, paymentId);
  expect(charge).toMatchObject({ id: chargeId, paid: true, amount: 2100 });
  expect(await mailsTo(stack, member.email)).toHaveLength(0);
  return paymentId;
}

/** 0 double charges, 0 paid charges without a paid order, 0 paid orders without a paid charge. */
async function expectLedgerConsistent(paymentIds: string[]) {
  for (const id of paymentIds) {
    const row = await orderRow(id);
    const charges = await chargesOfOrder(stack, id);
    expect(charges.filter((c) => c.paid).length, `paid charges of ${id}`).toBeLessThanOrEqual(1);
    const paidCharge = charges.find((c) => c.paid);
    if (paidCharge) expect(row).toMatchObject({ status: 'paid', payjpChargeId: paidCharge.id, amountYen: paidCharge.amount });
    if (row.status === 'paid') expect(paidCharge, `order ${id} paid without a paid charge`).toBeDefined();
  }
}

describe('the payment reconciler', () => {
  it('settles a charge taken while the 3-D Secure return died and the webhook was lost: paid, one mail, a receipt', async () => {
    const member = await newMember();
    const paymentId = await paidAtPayjpButNotHere(member);

    // No page visit, no webhook: one pass of the reconciler.
    const report = await reconcilePayments({ graceMs: 0 });
    expect(report.settled).toContainEqual({ orderId: paymentId, from: 'awaiting_3ds', to: 'paid' });
    expect(await orderRow(paymentId)).toMatchObject({ status: 'paid', cardLast4: '4242' });
    const mail = await waitForMail(member.email);
    expect(mail.subject).toContain('ご注文を承りました');
    expect(mail.text).toContain('2,100円（税込）');
    expect(await receiptStatus(member, paymentId)).toEqual({ status: 200, type: 'application/pdf', head: '%PDF-' });

    // A later pass (and a late webhook-free retry) changes nothing and sends no second mail.
    const again = await reconcilePayments({ graceMs: 0, leaseMs: 0 });
    expect(again.settled.map((s) => s.orderId)).not.toContain(paymentId);
    expect(await mailsTo(stack, member.email)).toHaveLength(1);
    await expectLedgerConsistent([paymentId]);
  });

  it('leaves an order alone within the grace period (the request handling it may still be running)', async () => {
    const member = await newMember();
    const paymentId = await paidAtPayjpButNotHere(member);
    const report = await reconcilePayments({ graceMs: 10 * 60_000 });
    expect(report.settled.map((s) => s.orderId)).not.toContain(paymentId);
    expect(await orderRow(paymentId)).toMatchObject({ status: 'awaiting_3ds', reconcileLeaseUntil: null });
    // …and settles it once it is older than the grace.
    const later = await reconcilePayments({ graceMs: 10 * 60_000, now: new Date(Date.now() + 11 * 60_000) });
    expect(later.settled).toContainEqual({ orderId: paymentId, from: 'awaiting_3ds', to: 'paid' });
    await waitForMail(member.email);
  });

  it('settles the order within one period of its timer, with no page visit', async () => {
    const member = await newMember();
    const paymentId = await paidAtPayjpButNotHere(member);
    const reconciler = startPaymentReconciler({ intervalMs: 200, graceMs: 0 });
    try {
      const deadline = Date.now() + 10_000;
      while ((await orderRow(paymentId)).status !== 'paid' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    } finally {
      await reconciler.stop();
    }
    expect(await orderRow(paymentId)).toMatchObject({ status: 'paid' });
    await waitForMail(member.email);
    expect(await mailsTo(stack, member.email)).toHaveLength(1);
  });

  it('two reconcilers running at the same time settle each order once: one mail per order', async () => {
    const members = [await newMember(), await newMember(), await newMember()];
    const ids: string[] = [];
    for (const m of members) ids.push(await paidAtPayjpButNotHere(m));

    const reports = await Promise.all([reconcilePayments({ graceMs: 0 }), reconcilePayments({ graceMs: 0 })]);
    const settledIds = reports.flatMap((r) => r.settled.map((s) => s.orderId)).filter((id) => ids.includes(id));
    expect(settledIds.sort()).toEqual([...ids].sort());
    for (const [i, m] of members.entries()) {
      expect(await orderRow(ids[i]!)).toMatchObject({ status: 'paid' });
      await waitForMail(m.email);
      expect(await mailsTo(stack, m.email)).toHaveLength(1);
    }
    await expectLedgerConsistent(ids);
  });

  it('expires an order whose buyer never finished 3-D Secure within the 30-minute window', async () => {
    const member = await newMember();
    const created = await member.send(createRoute, '/api/payments/create-payment-history', orderBody());
    const paymentId = String(created.json.paymentId);
    const purchase = await member.send(purchaseRoute, '/api/payments/purchase', { paymentId, card: { token: await newToken(stack) } });
    expect(purchase.json.status).toBe('awaiting_3ds');

    // Still within the window: an unverified charge means the buyer may be on PAY.JP's page.
    await reconcilePayments({ graceMs: 0 });
    expect(await orderRow(paymentId)).toMatchObject({ status: 'awaiting_3ds' });

    const report = await reconcilePayments({ graceMs: 0, now: new Date(Date.now() + 31 * 60_000) });
    expect(report.settled).toContainEqual({ orderId: paymentId, from: 'awaiting_3ds', to: 'expired' });
    expect(await orderRow(paymentId)).toMatchObject({ status: 'expired', failureCode: 'not_in_three_d_secure_flow' });
    expect(await mailsTo(stack, member.email)).toHaveLength(0);
    await expectLedgerConsistent([paymentId]);
  });

  it('fails an order left in charging (the app died before the charge request) once PAY.JP has no charge for it', async () => {
    const member = await newMember();
    const started = new Date(Date.now() - 10 * 60_000);
    const order = await insertOrder({
      userId: member.userId,
      status: 'charging',
      createdAt: started,
      overrides: { chargingStartedAt: started, payjpChargeId: null, cardBrand: null, cardLast4: null },
    });
    const report = await reconcilePayments({ graceMs: 0 });
    expect(report.settled).toContainEqual({ orderId: order.id, from: 'charging', to: 'failed' });
    expect(await orderRow(order.id)).toMatchObject({ status: 'failed', failureCode: 'no_charge_created' });
  });

  it('adopts and settles the charge of an order left unknown (the charge request timed out) without a page visit', async () => {
    const member = await newMember();
    const created = await member.send(createRoute, '/api/payments/create-payment-history', orderBody());
    const paymentId = String(created.json.paymentId);
    await control(stack, 'next-request', { fail: 'timeout', method: 'POST', path: '/v1/charges' });
    const purchase = await member.send(purchaseRoute, '/api/payments/purchase', { paymentId, card: { token: await newToken(stack) } });
    expect(purchase.json.status).toBe('unknown');

    const report = await reconcilePayments({ graceMs: 0 });
    expect(report.settled).toContainEqual({ orderId: paymentId, from: 'unknown', to: 'awaiting_3ds' });
    const row = await orderRow(paymentId);
    expect(row.payjpChargeId).toBe((await chargesOfOrder(stack, paymentId))[0]?.id);
    expect(await chargesOfOrder(stack, paymentId)).toHaveLength(1);
  });

  it('sends the confirmation mail a crash left unsent (paid, no mail), once', async () => {
    const member = await newMember();
    const order = await insertOrder({
      userId: member.userId,
      status: 'paid',
      overrides: { paidAt: new Date(Date.now() - 60_000), updatedAt: new Date(Date.now() - 60_000), mailSentAt: null },
    });
    // Not while the request that marked it paid may still be sending it (5 minutes)…
    expect((await reconcilePayments({ graceMs: 0 })).settled.map((s) => s.orderId)).not.toContain(order.id);
    expect(await mailsTo(stack, member.email)).toHaveLength(0);
    await (
      await getDb()
    )
      .update(orders)
      .set({ paidAt: new Date(Date.now() - 10 * 60_000), updatedAt: new Date(Date.now() - 10 * 60_000), reconcileLeaseUntil: null })
      .where(eq(orders.id, order.id));
    const reports = await Promise.all([reconcilePayments({ graceMs: 60_000 }), reconcilePayments({ graceMs: 60_000 })]);
    expect(reports.flatMap((r) => r.settled).filter((s) => s.orderId === order.id)).toHaveLength(1);
    await waitForMail(member.email);
    expect(await mailsTo(stack, member.email)).toHaveLength(1);
    expect((await orderRow(order.id)).mailSentAt).not.toBeNull();
    await reconcilePayments({ graceMs: 60_000, leaseMs: 0, now: new Date(Date.now() + 120_000) });
    expect(await mailsTo(stack, member.email)).toHaveLength(1);
  });

  it('deletes drafts never sent to PAY.JP once they are a day old, with their timeline, and nothing else (0023)', async () => {
    const member = await newMember();
    const db = await getDb();
    const draft = async (ageHours: number) => {
      const created = await member.send(createRoute, '/api/payments/create-payment-history', orderBody());
      expect(created.status).toBe(200);
      const id = String(created.json.paymentId);
      await db
        .update(orders)
        .set({ createdAt: new Date(Date.now() - ageHours * 3_600_000) })
        .where(eq(orders.id, id));
      return id;
    };
    const stale = await draft(25);
    const young = await draft(23);
    const oldPaid = await insertOrder({ userId: member.userId, status: 'paid', createdAt: new Date(Date.now() - 48 * 3_600_000) });
    await db.update(orders).set({ mailSentAt: new Date() }).where(eq(orders.id, oldPaid.id));
    expect(await db.select().from(orderEvents).where(eq(orderEvents.orderId, stale))).toHaveLength(1);

    const report = await reconcilePayments({ graceMs: 0 });
    expect(report.draftsDeleted).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(orders).where(eq(orders.id, stale))).toHaveLength(0);
    expect(await db.select().from(orderEvents).where(eq(orderEvents.orderId, stale))).toHaveLength(0);
    expect(await orderRow(young)).toMatchObject({ status: 'pending' });
    expect(await orderRow(oldPaid.id)).toMatchObject({ status: 'paid' });

    // A tab left open on the confirmation page for a day: the old draft is gone, said in Japanese, nothing charged.
    const late = await member.send(purchaseRoute, '/api/payments/purchase', { paymentId: stale, card: { token: await newToken(stack) } });
    expect(late.status).toBe(404);
    expect(late.json.error?.message).toMatch(/見つかりません/);
    expect(await chargesOfOrder(stack, stale)).toHaveLength(0);

    // The young draft goes the next day, and a pass with nothing to delete deletes nothing.
    const nextDay = await reconcilePayments({ graceMs: 0, now: new Date(Date.now() + 2 * 3_600_000) });
    expect(nextDay.draftsDeleted).toBe(1);
    expect(await db.select().from(orders).where(eq(orders.id, young))).toHaveLength(0);
    expect((await reconcilePayments({ graceMs: 0, now: new Date(Date.now() + 2 * 3_600_000) })).draftsDeleted).toBe(0);
  });
});
