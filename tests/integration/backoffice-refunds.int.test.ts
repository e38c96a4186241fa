/**
 * Refunds wired end to end (issue 12 "Cancel and refund"): a manager's refund from the order page
 * reaches PAY.JP (the emulator), is recorded on the order by the orders feature (一部返金 /
 * 返金済み), mailed to the member once, shown in the payment history with its 返金明細書, with one
 * audit row per refund; a refund whose answer timed out is settled by the reconciler as the server
 * runs it — recorded and mailed exactly once, no second refund at PAY.JP.
 */
import { randomUUID } from 'node:crypto';

import { NextRequest } from 'next/server';
import { afterAll, describe, expect, it } from 'vitest';

import { call } from '../support/requests';
import { control, emulatorGet, mailsTo, newMember, startPurchaseStack, type Member, paidOrderWithCharge } from './purchase-support';
import { orderRow } from '../support/order-row';
import { asc, eq } from 'drizzle-orm';
import { auditLog, refunds } from '@db/schema';
import { getDb } from '@/server/db/client';
import { reconcilePayments } from '@/features/payments/server/reconciler';
import { recordSucceededRefund } from '@/features/payments/server/refund-succeeded';
import { listRefunds, requestRefund } from '@/features/payments/server/refunds';
import { listOrderEvents } from '@/features/orders/index.server';
import * as refundsRoute from '@/app/api/admin/orders/[id]/refunds/route';
import * as historyRoute from '@/app/api/payments/histories-per-page/route';
import * as statementRoute from '@/app/api/download/refund/[file]/route';
import * as staffStatementRoute from '@/app/api/admin/orders/[id]/refunds/[refundId]/statement/route';
import { refundStatementUrl } from '@/features/backoffice';
import { pdfText } from '../support/pdf';
import { createTestStaff } from '../factories/staff';
import { AdminBrowser } from './backoffice-support';

const stack = await startPurchaseStack();

afterAll(async () => {
  await stack.close();
});

async function staffBrowser(role: 'staff' | 'manager') {
  const staff = await createTestStaff(role);
  const b = new AdminBrowser();
  await b.login(staff);
  return { staff, b };
}

const paidOrder = (member: Member) => paidOrderWithCharge(stack, member);

const chargeAtPayjp = (id: string) => emulatorGet<{ amount: number; amount_refunded: number }>(stack, `/charges/${id}`);

/** How many refunds the emulator made on the charge: one charge.refunded event each. */
async function refundsAtPayjp(chargeId: string): Promise<number> {
  const events = await emulatorGet<{ data: unknown[] }>(stack, `/events?resource_id=${chargeId}&type=charge.refunded&limit=100`);
  return events.data.length;
}

/** The refund mails the member received (the catcher delivers asynchronously: wait for the first). */
async function refundMails(member: Member, expected: number) {
  if (expected > 0) {
    const res = await fetch(`${stack.mail.httpUrl}/api/messages/wait?to=${encodeURIComponent(member.email)}&timeoutMs=5000`);
    expect(res.status).toBe(200);
  }
  return (await mailsTo(stack, member.email)).filter((m) => m.subject.includes('返金') || m.subject.includes('キャンセル'));
}

async function auditRows(orderId: string) {
  const db = await getDb();
  return db.select().from(auditLog).where(eq(auditLog.targetId, orderId)).orderBy(asc(auditLog.id));
}

/** A manager's refund as the form sends it: with the form's idempotency key (a new one per call unless given, 0058). */
const refund = (b: InstanceType<typeof AdminBrowser>, id: string, body: Record<string, unknown>) =>
  b.send(refundsRoute, 'POST', `/api/admin/orders/${id}/refunds`, { idempotencyKey: randomUUID(), ...body }, { params: { id } });

async function download(member: Member, url: string) {
  const file = url.split('/').at(-1) ?? '';
  const request = new NextRequest(new URL(url, 'http://localhost:3000'), { headers: { cookie: member.cookie } });
  const response = await statementRoute.GET(request, { params: Promise.resolve({ file }) });
  return { status: response.status, type: response.headers.get('content-type'), body: Buffer.from(await response.arrayBuffer()) };
}

describe('a manager refunds part of an order from the back office', () => {
  it('PAY.JP refunds it, the order shows 一部返金, the member is mailed once and sees it with the statement', async () => {
    const member = await newMember();
    const order = await paidOrder(member);
    const { staff, b } = await staffBrowser('manager');

    const res = await refund(b, order.id, { amountYen: '500', reason: '速達に間に合わなかったため' });
    expect(res.status, res.text).toBe(200);
    const body = res.json as {
      refund: { id: string; status: string; statusLabel: string; staffName: string };
      totals: { refundedYen: number };
    };
    expect(body.refund).toMatchObject({ status: 'succeeded', statusLabel: '完了', amountYen: 500, staffName: staff.displayName });
    expect(body.totals).toMatchObject({ refundedYen: 500, fullyRefunded: false });

    // the emulator made exactly one refund of 500
    expect(await chargeAtPayjp(order.payjpChargeId)).toMatchObject({ amount_refunded: 500 });
    expect(await refundsAtPayjp(order.payjpChargeId)).toBe(1);
    // the orders feature recorded it: 一部返金, the state unchanged, one refund event on the timeline
    expect(await orderRow(order.id)).toMatchObject({ refundedYen: 500, fulfilmentStatus: 'accepted' });
    const events = await listOrderEvents(order.id);
    expect(events.filter((e) => e.kind === 'refund')).toHaveLength(1);
    // the handler finished: the reconciler will not hand it over again
    expect((await getDb().then((db) => db.select().from(refunds).where(eq(refunds.id, body.refund.id))))[0]?.notifiedAt).toBeInstanceOf(
      Date,
    );

    const mails = await refundMails(member, 1);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('一部返金');
    expect(mails[0]?.text).toContain('ご注文の状況：受付済み・一部返金（500円）');
    expect(mails[0]?.text).toContain('/my-page/payment-history');

    // the member's payment history: 一部返金 with the amount and the statement beside the receipt
    const history = await call(historyRoute, '/api/payments/histories-per-page?page=1&size=10', { headers: { cookie: member.cookie } });
    expect(history.status).toBe(200);
    const row = (history.json as { histories: Record<string, unknown>[] }).histories.find((h) => h.paymentId === order.id);
    expect(row).toMatchObject({
      orderStatusLabel: '受付済み・一部返金（500円）',
      fulfilment: { refundedYen: 500, label: '受付済み・一部返金（500円）' },
      refunds: [{ refundId: body.refund.id, amountYen: 500, statementUrl: `/api/download/refund/${body.refund.id}.pdf` }],
    });

    // the statement: the member downloads a PDF, another member gets 404
    const pdf = await download(member, `/api/download/refund/${body.refund.id}.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const stranger = await newMember();
    expect((await download(stranger, `/api/download/refund/${body.refund.id}.pdf`)).status).toBe(404);

    // exactly one audit row for the one refund action: before → after
    const audit = (await auditRows(order.id)).filter((r) => r.action === 'order.refund');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      staffId: staff.id,
      targetType: 'order',
      before: { refundedYen: 0, refundableYen: order.amountYen },
      after: { refundId: body.refund.id, amountYen: 500, reason: '速達に間に合わなかったため' },
    });

    // the handler run again (the reconciler after a crash) changes nothing and mails nothing
    const [again] = await listRefunds(order.id);
    if (!again) throw new Error('no refund');
    await recordSucceededRefund(again);
    expect(await orderRow(order.id)).toMatchObject({ refundedYen: 500 });
    expect((await listOrderEvents(order.id)).filter((e) => e.kind === 'refund')).toHaveLength(1);
    expect(await refundMails(member, 0)).toHaveLength(1);
  });

  it('refuses more than is left (422, saying what is left) and a refund while one is in flight (409); each refused request writes no audit row', async () => {
    const member = await newMember();
    const order = await paidOrder(member);
    const { b } = await staffBrowser('manager');
    const over = await refund(b, order.id, { amountYen: order.amountYen + 1, reason: '多すぎる' });
    expect(over.status).toBe(422);
    expect(JSON.stringify(over.json)).toContain(`¥${order.amountYen.toLocaleString('ja-JP')}`);

    await control(stack, 'next-request', { fail: 500, stage: 'before', method: 'POST', path: `/v1/charges/${order.payjpChargeId}/refund` });
    const unknown = await refund(b, order.id, { amountYen: 300, reason: '確認中になる返金' });
    expect(unknown.status).toBe(200);
    expect(unknown.json).toMatchObject({ refund: { status: 'unknown', statusLabel: '確認中' } });
    const busy = await refund(b, order.id, { amountYen: 100, reason: '割り込み' });
    expect(busy.status).toBe(409);
    expect((busy.json as { error: { message: string } }).error.message).toContain('処理中の返金');
    // one audit row: the request that was made (in doubt); none for the two refused
    expect((await auditRows(order.id)).filter((r) => r.action === 'order.refund')).toHaveLength(1);
    // not recorded on the order, not mailed, while in doubt
    expect(await orderRow(order.id)).toMatchObject({ refundedYen: 0 });
    expect(await refundMails(member, 0)).toHaveLength(0);
  });

  it('sent twice with the form’s key (in a row, or at once) refunds once and answers the same refund; the key with another body is 409 idempotency_key_reused (0058)', async () => {
    const member = await newMember();
    const order = await paidOrder(member);
    const { b } = await staffBrowser('manager');
    const body = { amountYen: '300', reason: '二度押し', idempotencyKey: randomUUID() };
    const first = await refund(b, order.id, body);
    expect(first.status, first.text).toBe(200);
    const second = await refund(b, order.id, body);
    expect(second.status, second.text).toBe(200);
    const id = (first.json as { refund: { id: string } }).refund.id;
    expect(second.json).toMatchObject({ refund: { id, status: 'succeeded' }, totals: { refundedYen: 300 } });
    expect(await refundsAtPayjp(order.payjpChargeId)).toBe(1);
    expect(await chargeAtPayjp(order.payjpChargeId)).toMatchObject({ amount_refunded: 300 });

    // At once: one refund between them.
    const both = { amountYen: '200', reason: '同時に二回', idempotencyKey: randomUUID() };
    const [x, y] = await Promise.all([refund(b, order.id, both), refund(b, order.id, both)]);
    expect([x.status, y.status], x.text + y.text).toEqual([200, 200]);
    expect((x.json as { refund: { id: string } }).refund.id).toBe((y.json as { refund: { id: string } }).refund.id);
    expect(await refundsAtPayjp(order.payjpChargeId)).toBe(2);

    // The same key with another amount: refused in Japanese, nothing refunded.
    const reused = await refund(b, order.id, { ...body, amountYen: '100' });
    expect(reused.status).toBe(409);
    expect(reused.json).toMatchObject({
      error: { code: 'idempotency_key_reused', message: expect.stringContaining('返金は行っていません') },
    });
    expect(await refundsAtPayjp(order.payjpChargeId)).toBe(2);
    expect(await orderRow(order.id)).toMatchObject({ refundedYen: 500 });
    expect((await auditRows(order.id)).filter((r) => r.action === 'order.refund')).toHaveLength(2);

    // Without a key (not the form): a Japanese 422.
    const keyless = await b.send(
      refundsRoute,
      'POST',
      `/api/admin/orders/${order.id}/refunds`,
      { amountYen: '100', reason: '鍵なし' },
      {
        params: { id: order.id },
      },
    );
    expect(keyless.status).toBe(422);
    expect(await refundsAtPayjp(order.payjpChargeId)).toBe(2);
  });

  it('validates the body in Japanese (422): the reason is required and plain text, the amount at least 1 yen', async () => {
    const member = await newMember();
    const order = await paidOrder(member);
    const { b } = await staffBrowser('manager');
    const noReason = await refund(b, order.id, { amountYen: 100, reason: '  ' });
    expect(noReason.status).toBe(422);
    expect(noReason.json).toMatchObject({ error: { fields: { reason: '返金理由を入力してください。' } } });
    const control_ = await refund(b, order.id, { amountYen: 100, reason: '理由\u0007' });
    expect(control_.status).toBe(422);
    expect(JSON.stringify(control_.json)).toContain('返金理由に使用できない文字');
    const zero = await refund(b, order.id, { amountYen: 0, reason: 'ゼロ' });
    expect(zero.status).toBe(422);
    expect(await chargeAtPayjp(order.payjpChargeId)).toMatchObject({ amount_refunded: 0 });
  });

  it('makes no refund when its audit row cannot be written (the row and the audit row share a transaction)', async () => {
    const member = await newMember();
    const order = await paidOrder(member);
    const manager = await createTestStaff('manager');
    await expect(
      requestRefund(
        { orderId: order.id, amountYen: 300, reason: '監査の失敗', staffId: manager.id },
        {
          audit: async () => {
            throw new Error('audit insert failed');
          },
        },
      ),
    ).rejects.toThrow('audit insert failed');
    expect(await listRefunds(order.id)).toEqual([]);
    expect(await chargeAtPayjp(order.payjpChargeId)).toMatchObject({ amount_refunded: 0 });
    expect(await refundsAtPayjp(order.payjpChargeId)).toBe(0);
  });

  it('lets staff see the refunds but not make one (403)', async () => {
    const member = await newMember();
    const order = await paidOrder(member);
    const { b } = await staffBrowser('staff');
    const res = await refund(b, order.id, { amountYen: 100, reason: 'スタッフ' });
    expect(res.status).toBe(403);
    expect(await chargeAtPayjp(order.payjpChargeId)).toMatchObject({ amount_refunded: 0 });
    const list = await b.get(refundsRoute, `/api/admin/orders/${order.id}/refunds`, { params: { id: order.id } });
    expect(list.status).toBe(200);
    expect(list.json).toEqual({ refunds: [] });
    expect((await auditRows(order.id)).filter((r) => r.action === 'order.refund')).toHaveLength(0);
  });
});

describe("staff download a member's 返金明細書 from the order page", () => {
  async function staffDownload(b: InstanceType<typeof AdminBrowser> | null, orderId: string, refundId: string, method = 'GET') {
    const request = new NextRequest(new URL(refundStatementUrl(orderId, refundId), 'http://localhost:3000'), {
      method,
      headers: b ? { cookie: b.cookie() } : {},
    });
    const handler = method === 'HEAD' ? staffStatementRoute.HEAD : staffStatementRoute.GET;
    const response = await handler(request, { params: Promise.resolve({ id: orderId, refundId }) });
    const body = Buffer.from(await response.arrayBuffer());
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      disposition: response.headers.get('content-disposition'),
      body,
    };
  }

  it('the same PDF the member gets, for staff and managers, one audit row per download; 404 for another order or an unknown id, 401 without login', async () => {
    const member = await newMember();
    const order = await paidOrder(member);
    const { b: manager } = await staffBrowser('manager');
    const made = await refund(manager, order.id, { amountYen: '700', reason: '申請内容の誤りのため' });
    expect(made.status, made.text).toBe(200);
    const refundId = (made.json as { refund: { id: string } }).refund.id;

    const { staff, b } = await staffBrowser('staff');
    const pdf = await staffDownload(b, order.id, refundId);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.disposition).toContain('inline');
    expect(pdf.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(pdf.body);
    expect(text).toContain('（適格返還請求書）');
    expect(text).toContain('返金額 ¥700-');
    // byte for byte what the member downloads
    const mine = await download(member, `/api/download/refund/${refundId}.pdf`);
    expect(mine.body.equals(pdf.body)).toBe(true);

    const audit = (await auditRows(order.id)).filter((r) => r.action === 'order.refund_statement');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ staffId: staff.id, targetType: 'order', after: { refundId } });
    // HEAD reads nothing: no audit row
    expect((await staffDownload(b, order.id, refundId, 'HEAD')).status).toBe(200);
    expect((await auditRows(order.id)).filter((r) => r.action === 'order.refund_statement')).toHaveLength(1);

    const other = await paidOrder(member);
    const wrongOrder = await staffDownload(b, other.id, refundId);
    expect(wrongOrder.status).toBe(404);
    expect(JSON.parse(wrongOrder.body.toString('utf8')).error.message).toMatch(/返金明細書が見つかりません/);
    expect((await staffDownload(b, order.id, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await staffDownload(null, order.id, refundId)).status).toBe(401);
    expect((await auditRows(order.id)).filter((r) => r.action === 'order.refund_statement')).toHaveLength(1);
  });
});

describe('a refund whose PAY.JP answer timed out', () => {
  it('is settled by the server reconciler: recorded and mailed exactly once, without a second refund at PAY.JP', async () => {
    const member = await newMember();
    const order = await paidOrder(member);
    const { b } = await staffBrowser('manager');
    await control(stack, 'next-request', { fail: 'timeout', method: 'POST', path: `/v1/charges/${order.payjpChargeId}/refund` });
    const res = await refund(b, order.id, { amountYen: order.amountYen, reason: 'ご依頼によるキャンセル' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ refund: { status: 'unknown' } });
    expect(await orderRow(order.id)).toMatchObject({ refundedYen: 0, fulfilmentStatus: 'accepted' });

    // The reconciler's pass as the server runs it (startServerReconciler), without the grace: twice
    // at once and once more.
    const pass = () => reconcilePayments({ graceMs: 0, leaseMs: 0 });
    await Promise.all([pass(), pass()]);
    await pass();

    expect((await listRefunds(order.id)).map((r) => r.status)).toEqual(['succeeded']);
    expect(await refundsAtPayjp(order.payjpChargeId)).toBe(1);
    expect(await chargeAtPayjp(order.payjpChargeId)).toMatchObject({ amount_refunded: order.amountYen });
    // a full refund before the bureau was asked: キャンセル, recorded once
    expect(await orderRow(order.id)).toMatchObject({ refundedYen: order.amountYen, fulfilmentStatus: 'cancelled' });
    expect((await listOrderEvents(order.id)).filter((e) => e.kind === 'refund')).toHaveLength(1);
    const mails = await refundMails(member, 1);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('キャンセル');
    expect((await auditRows(order.id)).filter((r) => r.action === 'order.refund')).toHaveLength(1);
  });
});
