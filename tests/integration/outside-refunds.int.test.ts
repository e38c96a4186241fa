/**
 * Refunds PAY.JP knows of before hojin does: a refund made at PAY.JP's dashboard (outside hojin),
 * told by the charge.refunded webhook, is recorded as a refund of the order — amount, PAY.JP's own
 * time, the order page's words, the audit log, the accounting month PAY.JP made it — once however
 * often it is told, never double-counting a refund hojin made itself; and a refund of ours confirmed
 * late by the reconciler is dated when PAY.JP made it, also across a month's end (Japan time).
 */
import { afterAll, describe, expect, it, vi } from 'vitest';

import { call } from '../support/requests';
import { orderRow } from '../support/order-row';
import {
  control,
  emulatorGet,
  mailsTo,
  newMember,
  newToken,
  startPurchaseStack,
  type Member,
  paidOrderWithCharge,
} from './purchase-support';
import { and, eq } from 'drizzle-orm';
import { auditLog, refunds } from '@db/schema';
import { getDb } from '@/server/db/client';
import { getPayjpClient } from '@/features/payments/server/payjp/client';
import { reconcilePayments } from '@/features/payments/server/reconciler';
import { OUTSIDE_REFUND_LABEL } from '@/features/payments/server/refund-succeeded';
import { listRefunds, refundTotals, requestRefund } from '@/features/payments/server/refunds';
import { listOrderRefunds } from '@/features/backoffice/server/refunds';
import { jstMonthRange, loadAccountingEntries } from '@/features/backoffice/server/accounting';
import { listOrderEvents } from '@/features/orders/index.server';
import { AppError } from '@/server/http/app-error';
import * as webhookRoute from '@/app/api/payments/webhook/route';
import { createOrder } from '../factories/orders';
import { createTestStaff } from '../factories/staff';

const stack = await startPurchaseStack();

afterAll(() => stack.close());

const manager = await createTestStaff('manager');

const paidOrder = (member: Member) => paidOrderWithCharge(stack, member);

/** A refund made at PAY.JP's dashboard: straight to PAY.JP, hojin is not asked. */
async function refundAtDashboard(chargeId: string, params: Record<string, string>) {
  const res = await fetch(`${stack.emu.apiBase}/charges/${chargeId}/refund`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${stack.emu.secretKey}:`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(params).toString(),
  });
  expect(res.status).toBe(200);
}

interface WireEvent {
  id: string;
  created: number;
  type: string;
}

/** The charge.refunded events PAY.JP has for the charge, newest first, as it delivers them. */
async function refundedEvents(chargeId: string): Promise<WireEvent[]> {
  const list = await emulatorGet<{ data: WireEvent[] }>(stack, `/events?resource_id=${chargeId}&type=charge.refunded&limit=100`);
  return list.data;
}

function deliver(event: unknown) {
  return call(webhookRoute, '/api/payments/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'x-payjp-webhook-token': stack.emu.webhookToken },
    body: JSON.stringify(event),
  });
}

async function auditRowsOf(orderId: string) {
  const db = await getDb();
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, orderId), eq(auditLog.action, 'order.refund_outside')));
}

async function waitForMails(to: string, count: number) {
  for (let i = 0; i < 50; i++) {
    if ((await mailsTo(stack, to)).length >= count) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a refund made at PAY.JP’s dashboard', () => {
  it('asks for the event again (503, not 500) while PAY.JP cannot be read back, and records it on the redelivery', async () => {
    const member = await newMember();
    const order = await paidOrder(member);
    await refundAtDashboard(order.payjpChargeId, { amount: '300' });
    const [event] = await refundedEvents(order.payjpChargeId);
    const full = await emulatorGet<WireEvent>(stack, `/events/${event!.id}`);
    await control(stack, 'next-request', { fail: 'timeout', method: 'GET', path: `/v1/charges/${order.payjpChargeId}` });
    const refused = await deliver(full);
    expect(refused.status).toBe(503);
    expect(refused.json.error?.message).toBe('PAY.JP から決済の状態を読み取れませんでした。時間をおいて再送してください。');
    expect(await listRefunds(order.id)).toHaveLength(0);
    expect((await deliver(full)).json).toEqual({ received: true, duplicate: false });
    expect((await listRefunds(order.id)).map((r) => r.amountYen)).toEqual([300]);
  });

  it('is recorded from the charge.refunded webhook: amount, PAY.JP’s time, the order, the audit log, the member told — once', async () => {
    const member = await newMember();
    const order = await paidOrder(member);
    await refundAtDashboard(order.payjpChargeId, { amount: '500', refund_reason: 'お客様から電話で依頼' });
    const [event] = await refundedEvents(order.payjpChargeId);
    const full = await emulatorGet<WireEvent>(stack, `/events/${event!.id}`);

    // Told twice at once, and once again later: one refund.
    const both = await Promise.all([deliver(full), deliver(full)]);
    for (const answer of both) {
      // Under load a PAY.JP read may pass the stack's 1 s timeout: a 503, PAY.JP delivers again.
      if (answer.status !== 200) {
        expect(answer.status, JSON.stringify(answer.json)).toBe(503);
        expect((await deliver(full)).status).toBe(200);
      }
    }
    expect((await deliver(full)).json).toEqual({ received: true, duplicate: true });

    const rows = await listRefunds(order.id);
    expect(rows).toHaveLength(1);
    const refund = rows[0]!;
    expect(refund).toMatchObject({
      status: 'succeeded',
      origin: 'payjp',
      requestedBy: null,
      amountYen: 500,
      taxableYen: 500,
      taxYen: 45,
      nonTaxableYen: 0,
      reason: 'お客様から電話で依頼',
    });
    // PAY.JP's time of the refund (whole seconds), not when the webhook reached us.
    expect(refund.settledAt?.getTime()).toBe(full.created * 1000);

    expect(await orderRow(order.id)).toMatchObject({ refundedYen: 500, fulfilmentStatus: 'accepted' });
    expect(await refundTotals(order.id)).toMatchObject({ refundedYen: 500, refundableYen: order.amountYen - 500 });

    // The order page: made outside the back office, no manager.
    const [item] = await listOrderRefunds(order.id);
    expect(item).toMatchObject({ madeOutside: true, staffName: null, statusLabel: '完了', amountYen: 500 });
    const timeline = await listOrderEvents(order.id);
    const refundEvents = timeline.filter((e) => e.kind === 'refund');
    expect(refundEvents).toHaveLength(1);
    expect(refundEvents[0]).toMatchObject({ actorType: 'system', note: `${OUTSIDE_REFUND_LABEL}：お客様から電話で依頼` });

    // One audit row, no staff member, PAY.JP's time in it.
    const audit = await auditRowsOf(order.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      staffId: null,
      targetType: 'order',
      before: { refundedYen: 0, refundableYen: order.amountYen },
      after: { refundedYen: 500, refundableYen: order.amountYen - 500, amountYen: 500, refundedAt: refund.settledAt!.toISOString() },
    });

    // The member is told once.
    await waitForMails(member.email, 1);
    const mails = await mailsTo(stack, member.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('お客様から電話で依頼');

    // The accounting export: in the month PAY.JP made it.
    const month = jstMonthOf(refund.settledAt!);
    const { from, to } = jstMonthRange(month);
    const entries = await loadAccountingEntries(from, to);
    expect(entries.filter((e) => e.orderNumber === order.orderNumber && e.totalYen < 0)).toHaveLength(1);
  });

  it('leaves a back-office refund only what is left, and a refund of ours told by its webhook is not counted twice', async () => {
    const member = await newMember();
    const order = await paidOrder(member);
    await refundAtDashboard(order.payjpChargeId, { amount: '1000' });
    const [outside] = await refundedEvents(order.payjpChargeId);
    expect((await deliver(await emulatorGet(stack, `/events/${outside!.id}`))).status).toBe(200);
    const [recorded] = await listRefunds(order.id);
    // PAY.JP had no reason: the back office's label, and a plain sentence for the member.
    expect(recorded).toMatchObject({ origin: 'payjp', amountYen: 1000, reason: OUTSIDE_REFUND_LABEL });
    await waitForMails(member.email, 1);
    expect((await mailsTo(stack, member.email))[0]!.text).not.toContain('バックオフィス');

    const left = order.amountYen - 1000;
    const tooMuch = await requestRefund({ orderId: order.id, amountYen: left + 1, reason: '全額', staffId: manager.id }).catch(
      (e: unknown) => e,
    );
    expect(tooMuch).toBeInstanceOf(AppError);
    expect((tooMuch as InstanceType<typeof AppError>).status).toBe(422);

    const ours = await requestRefund({
      orderId: order.id,
      amountYen: left,
      ministryFeeYen: order.nonTaxableYen,
      reason: '残額を返金',
      staffId: manager.id,
    });
    expect(ours.refund).toMatchObject({ status: 'succeeded', origin: 'backoffice' });
    expect(ours.totals).toMatchObject({ refundedYen: order.amountYen, refundableYen: 0, fullyRefunded: true });
    // Its own charge.refunded arrives: nothing new.
    const [mine] = await refundedEvents(order.payjpChargeId);
    expect(mine!.id).not.toBe(outside!.id);
    expect((await deliver(await emulatorGet(stack, `/events/${mine!.id}`))).status).toBe(200);
    expect(await listRefunds(order.id)).toHaveLength(2);
    expect(await orderRow(order.id)).toMatchObject({ refundedYen: order.amountYen, fulfilmentStatus: 'cancelled' });
    expect(await auditRowsOf(order.id)).toHaveLength(1);
  });

  it('waits while a refund of ours is in doubt (503, redelivered), then records nothing of ours twice', async () => {
    const member = await newMember();
    const order = await paidOrder(member);
    // Ours: PAY.JP refunds, the answer is lost → unknown.
    await control(stack, 'next-request', { fail: 500, stage: 'after', method: 'POST', path: `/v1/charges/${order.payjpChargeId}/refund` });
    const ours = await requestRefund({ orderId: order.id, amountYen: 700, reason: '一部返金', staffId: manager.id });
    expect(ours.refund.status).toBe('unknown');
    const [event] = await refundedEvents(order.payjpChargeId);
    const full = await emulatorGet(stack, `/events/${event!.id}`);
    const first = await deliver(full);
    expect(first.status).toBe(503);
    expect(JSON.stringify(first.json)).toContain('確認中の返金');
    expect(await listRefunds(order.id)).toHaveLength(1);

    await reconcilePayments({ graceMs: 0, leaseMs: 0 });
    const again = await deliver(full);
    expect(again.status).toBe(200);
    const rows = await listRefunds(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'succeeded', origin: 'backoffice', amountYen: 700 });
    expect(await auditRowsOf(order.id)).toHaveLength(0);
    expect(await orderRow(order.id)).toMatchObject({ refundedYen: 700 });
  });

  it('tells ours from one made at the dashboard meanwhile by PAY.JP’s events: each recorded once, ours as ours', async () => {
    const member = await newMember();
    const order = await paidOrder(member);
    // ours, its answer lost (unknown) …
    await control(stack, 'next-request', { fail: 500, stage: 'after', method: 'POST', path: `/v1/charges/${order.payjpChargeId}/refund` });
    const ours = await requestRefund({ orderId: order.id, amountYen: 700, reason: '一部返金', staffId: manager.id });
    expect(ours.refund.status).toBe('unknown');
    // … and one at the dashboard before the reconciler asks; its webhook waits (503).
    await refundAtDashboard(order.payjpChargeId, { amount: '200' });
    const [outsideEvent] = await refundedEvents(order.payjpChargeId);
    const outside = await emulatorGet(stack, `/events/${outsideEvent!.id}`);
    expect((await deliver(outside)).status).toBe(503);

    await reconcilePayments({ graceMs: 0, leaseMs: 0 });
    expect(await listRefunds(order.id)).toMatchObject([{ status: 'succeeded', origin: 'backoffice', amountYen: 700 }]);
    // PAY.JP delivers the dashboard's again: recorded now, once.
    expect((await deliver(outside)).status).toBe(200);
    const rows = await listRefunds(order.id);
    // (listed by time: PAY.JP's whole seconds may put the dashboard's first)
    expect(rows.map((r) => [r.origin, r.status, r.amountYen]).sort()).toEqual([
      ['backoffice', 'succeeded', 700],
      ['payjp', 'succeeded', 200],
    ]);
    expect(await refundTotals(order.id)).toMatchObject({ refundedYen: 900, refundableYen: order.amountYen - 900 });
    expect(await orderRow(order.id)).toMatchObject({ refundedYen: 900 });
  });

  it('ignores a charge.refunded for an order that was never paid or a charge PAY.JP does not know', async () => {
    const forged = {
      object: 'event',
      id: 'evnt_forgedrefund00000000000000',
      livemode: false,
      created: 1,
      type: 'charge.refunded',
      data: { object: 'charge', id: 'ch_nosuchcharge0000000000000000', amount_refunded: 99999 },
    };
    expect((await deliver(forged)).status).toBe(200);
    const db = await getDb();
    expect(await db.select().from(refunds).where(eq(refunds.chargeId, 'ch_nosuchcharge0000000000000000'))).toHaveLength(0);
  });
});

describe('a refund or payment confirmed after the month PAY.JP made it in', () => {
  // PAY.JP (the emulator's clock) makes it at 23:59:30 Japan time on a month's last day; hojin
  // learns of it a minute later, on the 1st of the next month (Date faked in this process).
  const madeAt = lastMinuteOfMonth(new Date());
  const confirmedAt = new Date(madeAt.getTime() + 60_000);
  const month = jstMonthOf(madeAt);
  const nextMonth = jstMonthOf(confirmedAt);

  afterAll(() => vi.useRealTimers());

  it('dates a refund the reconciler confirms late when PAY.JP made it: in its month in the accounting export', async () => {
    const member = await newMember();
    const order = await paidOrder(member);
    await control(stack, 'clock', { advance_seconds: Math.floor((madeAt.getTime() - Date.now()) / 1000) });
    // PAY.JP refunds; the answer is lost: unknown until the reconciler asks.
    await control(stack, 'next-request', { fail: 500, stage: 'after', method: 'POST', path: `/v1/charges/${order.payjpChargeId}/refund` });
    const ours = await requestRefund({ orderId: order.id, amountYen: 800, reason: '月末の返金', staffId: manager.id });
    expect(ours.refund.status).toBe('unknown');
    const [event] = await refundedEvents(order.payjpChargeId);
    expect(jstMonthOf(new Date(event!.created * 1000))).toBe(month);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(confirmedAt);
    await reconcilePayments({ graceMs: 0, leaseMs: 0 });
    vi.useRealTimers();

    const [refund] = await listRefunds(order.id);
    expect(refund).toMatchObject({ status: 'succeeded', amountYen: 800 });
    expect(refund!.settledAt!.getTime()).toBe(event!.created * 1000);
    const inMonth = await loadAccountingEntries(jstMonthRange(month).from, jstMonthRange(month).to);
    expect(inMonth.filter((e) => e.kind === 'refund' && e.orderNumber === order.orderNumber)).toHaveLength(1);
    const inNext = await loadAccountingEntries(jstMonthRange(nextMonth).from, jstMonthRange(nextMonth).to);
    expect(inNext.filter((e) => e.orderNumber === order.orderNumber)).toHaveLength(0);
  });

  it('dates a payment the reconciler confirms late when PAY.JP captured it', async () => {
    const member = await newMember();
    const order = await createOrder({
      userId: member.userId,
      status: 'unknown',
      items: [{ itemId: 'history-full', quantity: 1 }],
      overrides: { paidAt: null, chargingStartedAt: new Date(Date.now() - 10 * 60_000) },
    });
    // The emulator's clock is at the month's last minute (the test above moved it there).
    const charge = await getPayjpClient().charges.create({
      amount: order.amountYen,
      card: await newToken(stack),
      metadata: { order_id: order.id },
    });
    expect(jstMonthOf(new Date(charge.captured_at! * 1000))).toBe(month);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(confirmedAt.getTime() + 30_000));
    await reconcilePayments({ graceMs: 0, leaseMs: 0 });
    vi.useRealTimers();

    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: 'paid', payjpChargeId: charge.id });
    expect(row.paidAt?.getTime()).toBe(charge.captured_at! * 1000);
    const inMonth = await loadAccountingEntries(jstMonthRange(month).from, jstMonthRange(month).to);
    expect(inMonth.filter((e) => e.kind === 'sale' && e.orderNumber === order.orderNumber)).toHaveLength(1);
  });
});

/** 23:59:30 Japan time on the last day of the month (this one, or the next when that is under 10 minutes away). */
function lastMinuteOfMonth(now: Date): Date {
  const jst = new Date(now.getTime() + 9 * 3_600_000);
  const end = (y: number, m: number) => new Date(Date.UTC(y, m + 1, 1) - 9 * 3_600_000 - 30_000);
  const candidate = end(jst.getUTCFullYear(), jst.getUTCMonth());
  return candidate.getTime() - now.getTime() > 10 * 60_000 ? candidate : end(jst.getUTCFullYear(), jst.getUTCMonth() + 1);
}

/** 'YYYY-MM' of the instant in Japan time. */
function jstMonthOf(at: Date): string {
  return new Date(at.getTime() + 9 * 3_600_000).toISOString().slice(0, 7);
}
