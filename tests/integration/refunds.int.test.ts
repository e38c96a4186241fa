/**
 * Refunds through PAY.JP (issue 12, docs/decisions/0018-refunds.md), against the emulator: full and
 * partial refunds, the amount rules (also with two managers at once), PAY.JP failing (500 before or
 * after doing the work, 429, timeout) — never recorded as done unless it was, never refunded twice —
 * and the refund statement PDF for its member only.
 */
import { NextRequest } from 'next/server';
import { afterAll, describe, expect, it, vi } from 'vitest';

import { pdfText } from '../support/pdf';
import { control, emulatorGet, newMember, startPurchaseStack, type Member, paidOrderWithCharge } from './purchase-support';
import { eq } from 'drizzle-orm';
import { refunds } from '@db/schema';
import { getDb } from '@/server/db/client';
import { listOrderEvents } from '@/features/orders/index.server';
import { requestRefund, listRefunds, refundTotals } from '@/features/payments/server/refunds';
import { reconcilePayments } from '@/features/payments/server/reconciler';
import { AppError } from '@/server/http/app-error';
import { createOrder } from '../factories/orders';
import { createTestStaff } from '../factories/staff';
import * as statementRoute from '@/app/api/download/refund/[file]/route';
import type * as MailModule from '@/server/mail';

// The mail transport as it is, but a member's refund mails (返金のお知らせ) are counted and can be
// made to fail (the refund's recording step is then retried by the reconciler): the step itself is
// payments' own, no test double.
const mailFaults = vi.hoisted(() => ({ failing: new Map<string, number>(), attempts: new Map<string, number>() }));
vi.mock('@/server/mail', async (importOriginal) => {
  const real = await importOriginal<typeof MailModule>();
  return {
    ...real,
    sendMail: async (...args: Parameters<typeof real.sendMail>) => {
      const [to, mail] = args;
      if (mail.kind !== 'order_refunded') return real.sendMail(...args);
      mailFaults.attempts.set(to, (mailFaults.attempts.get(to) ?? 0) + 1);
      const failing = mailFaults.failing.get(to) ?? 0;
      if (failing > 0) {
        mailFaults.failing.set(to, failing - 1);
        throw new Error('mail server down');
      }
      return real.sendMail(...args);
    },
  };
});

const stack = await startPurchaseStack();

afterAll(() => stack.close());

const manager = await createTestStaff('manager');

interface WireCharge {
  amount: number;
  amount_refunded: number;
  refunded: boolean;
}

const paidOrder = (member: Member) => paidOrderWithCharge(stack, member);

const chargeAtPayjp = (id: string) => emulatorGet<WireCharge>(stack, `/charges/${id}`);

/** How many refunds the emulator made on the charge: one charge.refunded event each. */
async function refundsAtPayjp(chargeId: string): Promise<number> {
  const events = await emulatorGet<{ data: unknown[] }>(stack, `/events?resource_id=${chargeId}&type=charge.refunded&limit=100`);
  return events.data.length;
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, code: error.code, message: error.message, fields: error.fields };
    throw error;
  }
  throw new Error('expected the refund to be refused');
}

/**
 * The refunds the payments feature recorded on the order and told the member of, in order: the
 * order timeline's mark of each refund mail (refund-succeeded.ts), one per refund.
 */
async function told(orderId: string): Promise<unknown[]> {
  const events = await listOrderEvents(orderId);
  return events.flatMap((e) => {
    const data = e.data as { mail?: unknown; refundReference?: unknown } | null;
    return data?.mail === 'order_refunded:sent' ? [data.refundReference] : [];
  });
}

/** The reconciler's pass as the server runs it, without waiting for the grace. */
const reconcile = () => reconcilePayments({ graceMs: 0, leaseMs: 0 });

describe('refunds', () => {
  it('refunds a whole order: PAY.JP refunds it, the row and the totals say so, the order and the member are told once', async () => {
    const member = await newMember();
    const order = await paidOrder(member);
    const { refund, totals } = await requestRefund({
      orderId: order.id,
      amountYen: order.amountYen,
      reason: '注文取消（お客様のご希望）',
      staffId: manager.id,
    });
    expect(refund).toMatchObject({
      status: 'succeeded',
      amountYen: order.amountYen,
      taxableYen: order.amountYen - order.nonTaxableYen,
      taxYen: order.taxYen,
      nonTaxableYen: order.nonTaxableYen,
      requestedBy: manager.id,
    });
    expect(totals).toMatchObject({ chargedYen: order.amountYen, refundedYen: order.amountYen, refundableYen: 0, fullyRefunded: true });
    expect(await told(order.id)).toEqual([refund.id]);
    expect(await chargeAtPayjp(order.payjpChargeId)).toMatchObject({ amount_refunded: order.amountYen, refunded: true });
    expect(await refundsAtPayjp(order.payjpChargeId)).toBe(1);
    const db = await getDb();
    const [row] = await db.select().from(refunds).where(eq(refunds.id, refund.id));
    expect(row).toMatchObject({ idempotencyKey: `refund-${refund.id}`, payjpAmountRefunded: order.amountYen });
    expect(row?.statement).toMatchObject({ kind: 'full', amountYen: order.amountYen, originalTotalYen: order.amountYen });
    expect(row?.notifiedAt).toBeInstanceOf(Date);
    // nothing is left to refund
    expect(await refusal(requestRefund({ orderId: order.id, amountYen: 1, reason: '再返金', staffId: manager.id }))).toMatchObject({
      status: 422,
      fields: { amountYen: expect.stringContaining('¥0') },
    });
  });

  it('makes two partial refunds, then refuses more than is left', async () => {
    const member = await newMember();
    const order = await paidOrder(member);
    const first = await requestRefund({ orderId: order.id, amountYen: 500, reason: '速達に間に合わなかったため', staffId: manager.id });
    expect(first.refund).toMatchObject({ status: 'succeeded', taxableYen: 500, taxYen: 45, nonTaxableYen: 0 });
    expect(first.totals).toMatchObject({ refundedYen: 500, refundableYen: order.amountYen - 500, fullyRefunded: false });
    const second = await requestRefund({ orderId: order.id, amountYen: 600, ministryFeeYen: 300, reason: '1通分', staffId: manager.id });
    expect(second.refund).toMatchObject({ status: 'succeeded', taxableYen: 300, nonTaxableYen: 300 });
    const left = order.amountYen - 1100;
    expect(second.totals).toMatchObject({ refundedYen: 1100, refundableYen: left });
    expect(await chargeAtPayjp(order.payjpChargeId)).toMatchObject({ amount_refunded: 1100, refunded: false });
    expect(await refundsAtPayjp(order.payjpChargeId)).toBe(2);

    const over = await refusal(requestRefund({ orderId: order.id, amountYen: left + 1, reason: '多すぎる', staffId: manager.id }));
    expect(over).toMatchObject({ status: 422, code: 'validation_failed' });
    expect(over.message).toMatch(/返金できる残額/);
    expect((await listRefunds(order.id)).map((r) => [r.amountYen, r.status])).toEqual([
      [500, 'succeeded'],
      [600, 'succeeded'],
    ]);
    expect(await chargeAtPayjp(order.payjpChargeId)).toMatchObject({ amount_refunded: 1100 });
  });

  it('lets only one of two managers refunding at once take the money', async () => {
    const member = await newMember();
    const order = await paidOrder(member);
    const amountYen = order.amountYen - 100;
    const results = await Promise.allSettled([
      requestRefund({ orderId: order.id, amountYen, reason: '担当者A', staffId: manager.id }),
      requestRefund({ orderId: order.id, amountYen, reason: '担当者B', staffId: manager.id }),
    ]);
    const done = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(done).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toBeInstanceOf(AppError);
    expect([409, 422]).toContain(((refused[0] as PromiseRejectedResult).reason as InstanceType<typeof AppError>).status);
    expect(await chargeAtPayjp(order.payjpChargeId)).toMatchObject({ amount_refunded: amountYen });
    expect(await refundsAtPayjp(order.payjpChargeId)).toBe(1);
    expect((await refundTotals(order.id))?.refundedYen).toBe(amountYen);
  });

  it('refuses an unpaid order, an unknown order and bad input with Japanese messages', async () => {
    const member = await newMember();
    const pending = await createOrder({ userId: member.userId, status: 'pending' });
    expect(await refusal(requestRefund({ orderId: pending.id, amountYen: 100, reason: 'x', staffId: manager.id }))).toMatchObject({
      status: 409,
      message: expect.stringContaining('決済が完了していない'),
    });
    expect(
      await refusal(requestRefund({ orderId: '00000000-0000-4000-8000-000000000000', amountYen: 100, reason: 'x', staffId: manager.id })),
    ).toMatchObject({ status: 404 });
    expect(await refusal(requestRefund({ orderId: pending.id, amountYen: 1.5, reason: ' ', staffId: manager.id }))).toMatchObject({
      status: 422,
      fields: { amountYen: expect.stringMatching(/返金額/), reason: expect.stringMatching(/返金理由/) },
    });
  });

  it('records a refund PAY.JP refused (429) as failed, with nothing refunded, and allows a new one', async () => {
    const member = await newMember();
    const order = await paidOrder(member);
    await control(stack, 'next-request', { fail: 429, method: 'POST', path: `/v1/charges/${order.payjpChargeId}/refund` });
    const { refund, totals } = await requestRefund({ orderId: order.id, amountYen: 300, reason: '混雑', staffId: manager.id });
    expect(refund).toMatchObject({ status: 'failed', failureCode: 'over_capacity' });
    expect(totals).toMatchObject({ refundedYen: 0, pendingYen: 0 });
    expect(await chargeAtPayjp(order.payjpChargeId)).toMatchObject({ amount_refunded: 0 });
    expect((await requestRefund({ orderId: order.id, amountYen: 300, reason: '再試行', staffId: manager.id })).refund.status).toBe(
      'succeeded',
    );
  });

  it('on a 500 before PAY.JP did anything: unknown, never succeeded; the reconciler sends it once with the same key', async () => {
    const member = await newMember();
    const order = await paidOrder(member);
    await control(stack, 'next-request', { fail: 500, stage: 'before', method: 'POST', path: `/v1/charges/${order.payjpChargeId}/refund` });
    const { refund, totals } = await requestRefund({ orderId: order.id, amountYen: 700, reason: '500前', staffId: manager.id });
    expect(refund.status).toBe('unknown');
    expect(totals).toMatchObject({ refundedYen: 0, pendingYen: 700, refundableYen: order.amountYen - 700 });
    expect(await told(order.id)).toEqual([]);
    expect(await chargeAtPayjp(order.payjpChargeId)).toMatchObject({ amount_refunded: 0 });
    // While it is in doubt, no other refund of the order can be made.
    expect(await refusal(requestRefund({ orderId: order.id, amountYen: 1, reason: '割り込み', staffId: manager.id }))).toMatchObject({
      status: 409,
    });

    const report = await reconcile();
    expect(report.refunds?.settled).toContainEqual({ refundId: refund.id, from: 'unknown', to: 'succeeded' });
    expect(await chargeAtPayjp(order.payjpChargeId)).toMatchObject({ amount_refunded: 700 });
    expect(await refundsAtPayjp(order.payjpChargeId)).toBe(1);
    expect(await told(order.id)).toEqual([refund.id]);
  });

  it('on a 500 after PAY.JP refunded: unknown; the reconciler reads amount_refunded and settles it without a second refund', async () => {
    const member = await newMember();
    const order = await paidOrder(member);
    await control(stack, 'next-request', { fail: 500, stage: 'after', method: 'POST', path: `/v1/charges/${order.payjpChargeId}/refund` });
    const { refund } = await requestRefund({ orderId: order.id, amountYen: order.amountYen, reason: '500後', staffId: manager.id });
    expect(refund.status).toBe('unknown');
    expect(await chargeAtPayjp(order.payjpChargeId)).toMatchObject({ amount_refunded: order.amountYen });

    await reconcile();
    expect((await listRefunds(order.id))[0]).toMatchObject({ id: refund.id, status: 'succeeded' });
    expect(await refundsAtPayjp(order.payjpChargeId)).toBe(1);
    expect(await refundTotals(order.id)).toMatchObject({ refundedYen: order.amountYen, fullyRefunded: true });
  });

  it('on a timeout: unknown, then reconciled to succeeded exactly once, without a second refund at PAY.JP', async () => {
    const member = await newMember();
    const order = await paidOrder(member);
    await control(stack, 'next-request', { fail: 'timeout', method: 'POST', path: `/v1/charges/${order.payjpChargeId}/refund` });
    const { refund } = await requestRefund({ orderId: order.id, amountYen: 1000, reason: 'タイムアウト', staffId: manager.id });
    expect(refund).toMatchObject({ status: 'unknown', failureCode: 'timeout' });
    expect(await told(order.id)).toEqual([]);

    // Two reconcilers at once, then another pass: one settlement, one notification, one refund.
    await Promise.all([reconcile(), reconcile()]);
    await reconcile();
    expect((await listRefunds(order.id)).map((r) => r.status)).toEqual(['succeeded']);
    expect(await told(order.id)).toEqual([refund.id]);
    expect(mailFaults.attempts.get(member.email)).toBe(1);
    expect(await chargeAtPayjp(order.payjpChargeId)).toMatchObject({ amount_refunded: 1000 });
    expect(await refundsAtPayjp(order.payjpChargeId)).toBe(1);
  });

  it('sends a refund whose process died before calling PAY.JP, once, after its request would have timed out', async () => {
    const member = await newMember();
    const order = await paidOrder(member);
    // What a crash between the insert and the call leaves: a `requested` row and nothing at PAY.JP.
    const db = await getDb();
    const id = crypto.randomUUID();
    const requestedAt = new Date();
    await db.insert(refunds).values({
      id,
      orderId: order.id,
      chargeId: order.payjpChargeId,
      amountYen: 500,
      taxableYen: 500,
      taxYen: 45,
      nonTaxableYen: 0,
      reason: '処理中に停止',
      requestedBy: manager.id,
      idempotencyKey: `refund-${id}`,
      status: 'requested',
      statement: {},
      requestedAt,
    });
    // Within the request's own timeout + 60 s it may still be running: left alone.
    await reconcilePayments({ graceMs: 0, leaseMs: 0, now: new Date(requestedAt.getTime() + 30_000) });
    expect((await listRefunds(order.id))[0]?.status).toBe('requested');
    expect(await refundsAtPayjp(order.payjpChargeId)).toBe(0);

    const later = new Date(requestedAt.getTime() + 5 * 60_000);
    await Promise.all([
      reconcilePayments({ graceMs: 0, leaseMs: 0, now: later }),
      reconcilePayments({ graceMs: 0, leaseMs: 0, now: later }),
    ]);
    expect((await listRefunds(order.id))[0]).toMatchObject({ id, status: 'succeeded' });
    expect(await chargeAtPayjp(order.payjpChargeId)).toMatchObject({ amount_refunded: 500 });
    expect(await refundsAtPayjp(order.payjpChargeId)).toBe(1);
  });

  it('records and mails a succeeded refund again when its mail failed, until it succeeds once', async () => {
    const member = await newMember();
    const order = await paidOrder(member);
    const attempts = () => mailFaults.attempts.get(member.email) ?? 0;
    mailFaults.failing.set(member.email, 1);
    const { refund } = await requestRefund({ orderId: order.id, amountYen: 200, reason: '通知失敗', staffId: manager.id });
    expect(refund.status).toBe('succeeded');
    expect(attempts()).toBe(1);
    expect(await told(order.id)).toEqual([]);
    // Not before five minutes (the request's step may still be running), then once.
    await reconcilePayments({ graceMs: 0, leaseMs: 0, now: new Date(Date.now() + 60_000) });
    expect(attempts()).toBe(1);
    const later = Date.now() + 6 * 60_000;
    await reconcilePayments({ graceMs: 0, leaseMs: 60_000, now: new Date(later) });
    await reconcilePayments({ graceMs: 0, leaseMs: 60_000, now: new Date(later + 120_000) });
    expect(attempts()).toBe(2);
    expect(await told(order.id)).toEqual([refund.id]);
    const db = await getDb();
    const [row] = await db.select().from(refunds).where(eq(refunds.id, refund.id));
    expect(row?.notifiedAt).toBeInstanceOf(Date);
    expect(await refundsAtPayjp(order.payjpChargeId)).toBe(1);
  });

  it('leaves a refund in doubt alone while PAY.JP is down, and settles it when it is back', async () => {
    const member = await newMember();
    const order = await paidOrder(member);
    await control(stack, 'next-request', { fail: 'timeout', method: 'POST', path: `/v1/charges/${order.payjpChargeId}/refund` });
    const { refund } = await requestRefund({ orderId: order.id, amountYen: 400, reason: '停止', staffId: manager.id });
    await stack.emu.stop();
    try {
      await reconcile();
      expect((await listRefunds(order.id))[0]?.status).toBe('unknown');
    } finally {
      await stack.emu.resume();
    }
    await reconcile();
    expect((await listRefunds(order.id))[0]).toMatchObject({ id: refund.id, status: 'succeeded' });
    expect(await refundsAtPayjp(order.payjpChargeId)).toBe(1);
  });
});

describe('refund statement', () => {
  async function download(member: Member | null, file: string) {
    const request = new NextRequest(new URL(`/api/download/refund/${file}`, 'http://localhost:3000'), {
      headers: member ? { cookie: member.cookie } : {},
    });
    const response = await statementRoute.GET(request, { params: Promise.resolve({ file }) });
    return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
  }

  it('gives the member a PDF with every item of a qualified return invoice; others get 404', async () => {
    const member = await newMember();
    const order = await paidOrder(member);
    const { refund } = await requestRefund({
      orderId: order.id,
      amountYen: 1000,
      ministryFeeYen: 400,
      reason: '1通分の返金',
      staffId: manager.id,
    });
    const res = await download(member, `${refund.id}.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = (await pdfText(res.body)).replace(/\s+/g, '');
    for (const expected of [
      '返金明細書',
      '適格返還請求書',
      '株式会社ホウジン（サンプル）', // issuer
      '登録番号T', // registration number (T + 13 digits)
      '返金日',
      '元の取引年月日',
      `ご注文番号${order.orderNumber}`, // what was returned: the order, by the number the member quotes (decision 0025)
      '履歴事項全部証明書', // … and its certificates
      '10%対象',
      '¥600', // taxable part, tax included
      'うち消費税額（10%）',
      '¥54', // floor(600 × 10 / 110)
      '非課税（法務局手数料）',
      '¥400',
      '¥1,000',
      '一部返金',
    ]) {
      expect(text).toContain(expected.replace(/\s+/g, ''));
    }
    expect(text).toMatch(/登録番号T\d{13}/);

    const other = await newMember();
    expect((await download(other, `${refund.id}.pdf`)).status).toBe(404);
    expect((await download(null, `${refund.id}.pdf`)).status).toBe(401);
    expect((await download(member, 'not-a-refund.pdf')).status).toBe(404);
  });

  it('has no statement for a refund that did not succeed', async () => {
    const member = await newMember();
    const order = await paidOrder(member);
    await control(stack, 'next-request', { fail: 429, method: 'POST', path: `/v1/charges/${order.payjpChargeId}/refund` });
    const { refund } = await requestRefund({ orderId: order.id, amountYen: 100, reason: '失敗', staffId: manager.id });
    expect(refund.status).toBe('failed');
    const res = await download(member, `${refund.id}.pdf`);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body.toString('utf8'))).toMatchObject({
      error: { code: 'not_found', message: expect.stringContaining('返金明細書') },
    });
  });
});
