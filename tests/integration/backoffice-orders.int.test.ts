import { afterAll, describe, expect, it } from 'vitest';

import { startMailCatcher } from '../../dev/mail/mail-catcher';

import { answerChallenge, emulatorGet, newMember, newToken, orderBody, startPurchaseStack, type Member } from './purchase-support';
import { orderRow } from '../support/order-row';
import { and, asc, eq } from 'drizzle-orm';
import { auditLog } from '@db/schema';
import { getDb } from '@/server/db/client';
import * as ordersFeature from '@/features/orders/index.server';
import { requestRefund } from '@/features/payments/index.server';
import * as queueRoute from '@/app/api/admin/orders/route';
import * as detailRoute from '@/app/api/admin/orders/[id]/route';
import * as fulfilmentRoute from '@/app/api/admin/orders/[id]/fulfilment/route';
import * as notesRoute from '@/app/api/admin/orders/[id]/notes/route';
import * as resendRoute from '@/app/api/admin/orders/[id]/shipped-mail/route';
import * as exportRoute from '@/app/api/admin/accounting/export/route';
import * as createRoute from '@/app/api/payments/create-payment-history/route';
import * as purchaseRoute from '@/app/api/payments/purchase/route';
import * as returnRoute from '@/app/api/payments/tds-return/route';
import { createTestStaff } from '../factories/staff';
import { createUser } from '../factories/users';
import { createOrder } from '../factories/orders';
import { AdminBrowser } from './backoffice-support';
import * as trackingRoute from '@/app/api/admin/orders/[id]/tracking/route';
import * as receiptMailRoute from '@/app/api/admin/orders/[id]/receipt-mail/route';
import * as destinationRoute from '@/app/api/admin/orders/[id]/destination/route';

// The PAY.JP emulator and the SMTP catcher first: the app parses its configuration on first use.
const stack = await startPurchaseStack();

afterAll(async () => {
  await stack.close();
  await stack.mail.close().catch(() => undefined);
});

async function staffBrowser(role: 'staff' | 'manager' = 'staff') {
  const staff = await createTestStaff(role);
  const b = new AdminBrowser();
  await b.login(staff);
  return { staff, b };
}

/** The audit rows of one target other than logins, oldest first. */
async function auditOf(targetId: string) {
  const db = await getDb();
  return db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(asc(auditLog.id));
}

async function waitForMail(to: string) {
  const res = await fetch(`${stack.mail.httpUrl}/api/messages/wait?to=${encodeURIComponent(to)}&timeoutMs=5000`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { message: { subject: string; text: string; html: string | null } }).message;
}

/** A paid order (factory) in a month of its own, so the export test's month holds only emulator charges. */
async function paidOrder(overrides: { paidAt?: Date; deliverySpeed?: 'normal' | 'express'; email?: string } = {}) {
  const user = await createUser(overrides.email ? { email: overrides.email } : {});
  const paidAt = overrides.paidAt ?? new Date('2025-03-10T03:00:00Z');
  const order = await createOrder({
    userId: user.id,
    deliverySpeed: overrides.deliverySpeed ?? 'normal',
    overrides: { paidAt, createdAt: new Date(paidAt.getTime() - 60_000) },
  });
  return { user, order };
}

/** Factory orders paid in a past month of their own, so the accounting export's month holds only the emulator's charges. */
const past = { paidAt: new Date('2025-05-10T03:00:00Z'), createdAt: new Date('2025-05-10T02:59:00Z') };

const step = (b: InstanceType<typeof AdminBrowser>, id: string, body: Record<string, unknown>) =>
  b.send(fulfilmentRoute, 'POST', `/api/admin/orders/${id}/fulfilment`, body, { params: { id } });

const correct = (b: InstanceType<typeof AdminBrowser>, id: string, body: Record<string, unknown>) =>
  b.send(trackingRoute, 'POST', `/api/admin/orders/${id}/tracking`, body, { params: { id } });

describe('tracking numbers (issue 24 §3)', () => {
  it('checks the number against its carrier before anything is saved or mailed', async () => {
    const { b } = await staffBrowser('staff');
    const email = `track-${Date.now()}@example.jp`;
    const { order } = await paidOrder({ email });
    await step(b, order.id, { to: 'requested', expectedFrom: 'accepted', applicationNumber: 'A-1' });
    for (const [carrier, typed, message] of [
      ['japanpost', 'abc', '日本郵便の追跡番号は数字11〜13桁で入力してください。'],
      ['yamato', '1234-5678-901', 'ヤマト運輸の追跡番号は数字12桁で入力してください。'],
      ['sagawa', '123456789', '佐川急便の追跡番号は数字10〜12桁で入力してください。'],
      ['other', 'http://track.example.jp/1', '追跡ページのアドレスは https:// で始まる URL で入力してください。'],
      ['other', 'javascript:alert(1)', '追跡ページのアドレスは https:// で始まる URL で入力してください。'],
    ] as const) {
      const res = await step(b, order.id, { to: 'shipped', expectedFrom: 'requested', carrier, trackingNumber: typed });
      expect(res.status, `${carrier} ${typed}`).toBe(422);
      expect(res.json.error?.fields?.trackingNumber).toBe(message);
    }
    expect(await orderRow(order.id)).toMatchObject({ fulfilmentStatus: 'requested', trackingNumber: null });
    expect((await auditOf(order.id)).map((a) => a.action)).toEqual(['order.fulfilment']);

    // another carrier: its own https tracking page is the link
    const ok = await step(b, order.id, {
      to: 'shipped',
      expectedFrom: 'requested',
      carrier: 'other',
      trackingNumber: 'https://track.example.jp/parcel?id=A1',
    });
    expect(ok.status, ok.text).toBe(200);
    const mail = await waitForMail(email);
    expect(mail.text).toContain('配送業者：その他');
    expect(mail.text).toContain('https://track.example.jp/parcel?id=A1');
  });

  it('corrects a shipped order’s number: a corrected mail, both numbers in the audit log, 409 from a stale page', async () => {
    const { staff, b } = await staffBrowser('staff');
    const email = `fix-${Date.now()}@example.jp`;
    const { order } = await paidOrder({ email });
    // not shipped yet: nothing to correct
    const early = await correct(b, order.id, { carrier: 'japanpost', trackingNumber: '12345678901', expectedTrackingNumber: '' });
    expect(early.status).toBe(409);
    expect(early.json.error?.message).toBe('追跡番号を訂正できるのは「発送済み」のご注文だけです。');
    await step(b, order.id, { to: 'requested', expectedFrom: 'accepted', applicationNumber: 'A-2' });
    await step(b, order.id, { to: 'shipped', expectedFrom: 'requested', carrier: 'japanpost', trackingNumber: '1111-2222-3333' });
    await waitForMail(email);

    const bad = await correct(b, order.id, { carrier: 'yamato', trackingNumber: 'abc', expectedTrackingNumber: '111122223333' });
    expect(bad.status).toBe(422);
    expect(bad.json.error?.fields?.trackingNumber).toBe('ヤマト運輸の追跡番号は数字12桁で入力してください。');
    const same = await correct(b, order.id, {
      carrier: 'japanpost',
      trackingNumber: '111122223333',
      expectedTrackingNumber: '111122223333',
    });
    expect(same.status).toBe(422);

    const res = await correct(b, order.id, { carrier: 'yamato', trackingNumber: '9999-8888-7777', expectedTrackingNumber: '111122223333' });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ fulfilmentStatus: 'shipped', mailSent: true });
    const mail = await waitForMail(email);
    expect(mail.subject).toContain('【訂正】');
    expect(mail.text).toContain('999988887777');
    expect(mail.text).toContain('ヤマト運輸');
    expect(await orderRow(order.id)).toMatchObject({ fulfilmentStatus: 'shipped', carrier: 'yamato', trackingNumber: '999988887777' });
    const audit = (await auditOf(order.id)).filter((a) => a.action === 'order.tracking_correct');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      staffId: staff.id,
      before: { carrier: 'japanpost', trackingNumber: '111122223333' },
      after: { carrier: 'yamato', trackingNumber: '999988887777' },
    });
    const events = await ordersFeature.listOrderEvents(order.id);
    expect(events.some((e) => e.note?.includes('訂正前：111122223333'))).toBe(true);

    // a second page that still shows the first number
    const stale = await correct(b, order.id, {
      carrier: 'japanpost',
      trackingNumber: '12345678901',
      expectedTrackingNumber: '111122223333',
    });
    expect(stale.status).toBe(409);
    expect(await orderRow(order.id)).toMatchObject({ trackingNumber: '999988887777' });
  });
});

describe('the dashboard counts and the audit page (issue 24 §3)', () => {
  it('counts 未対応, 速達 and 期限超過 of the open queue', async () => {
    const { queueCounts } = await import('@/features/backoffice/server/orders');
    const now = new Date('2030-06-10T03:00:00Z');
    const before = await queueCounts(now);
    const user = await createUser();
    const late = await createOrder({ userId: user.id, deliverySpeed: 'express', overrides: { ...past, scheduledEndDate: '2030-06-09' } });
    await createOrder({ userId: user.id, overrides: { ...past, scheduledEndDate: '2030-06-12' } });
    const shipped = await createOrder({
      userId: user.id,
      deliverySpeed: 'express',
      overrides: { ...past, scheduledEndDate: '2030-06-01' },
    });
    const staff = { type: 'staff' as const, id: 'staff-x' };
    await ordersFeature.advanceFulfilment(late.id, 'requested', { actor: staff, applicationNumber: 'A' });
    await ordersFeature.advanceFulfilment(shipped.id, 'requested', { actor: staff, applicationNumber: 'B' });
    await ordersFeature.advanceFulfilment(shipped.id, 'shipped', { actor: staff, carrier: 'sagawa', trackingNumber: '1234567890' });
    const after = await queueCounts(now);
    // late: requested, express, overdue; the second: untouched; the shipped one counts nowhere
    expect({
      untouched: after.untouched - before.untouched,
      express: after.express - before.express,
      overdue: after.overdue - before.overdue,
    }).toEqual({ untouched: 1, express: 1, overdue: 1 });
  });
});

describe('the open queue as CSV (issue 24 §3)', () => {
  it('lists every 受付済み order, express first then by due date, with its 会社法人等番号, and audits the download', async () => {
    const exportQueue = await import('@/app/api/admin/orders/export/route');
    const { staff, b } = await staffBrowser('staff');
    const user = await createUser();
    const normalLate = await createOrder({ userId: user.id, overrides: { ...past, scheduledEndDate: '2031-01-20' } });
    const normalSoon = await createOrder({ userId: user.id, overrides: { ...past, scheduledEndDate: '2031-01-10' } });
    const express = await createOrder({
      userId: user.id,
      deliverySpeed: 'express',
      overrides: { ...past, scheduledEndDate: '2031-01-30' },
    });
    const requested = await createOrder({ userId: user.id, deliverySpeed: 'express', overrides: past });
    await ordersFeature.advanceFulfilment(requested.id, 'requested', { actor: { type: 'staff', id: staff.id }, applicationNumber: 'X' });
    const res = await b.get(exportQueue, '/api/admin/orders/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .slice(0, -1)
      .map((l) => l.slice(1, -1).split('","'));
    expect(lines[0]).toEqual(['注文番号', '速達', 'お届け期限', '会社法人等番号', '法人番号', '商号', '本店所在地', '証明書', '通数']);
    const order = lines.slice(1).map((r) => r[0]);
    const n = (o: { orderNumber: string }) => order.indexOf(o.orderNumber);
    expect(n(requested)).toBe(-1);
    expect(n(express)).toBeGreaterThan(-1);
    expect(n(express)).toBeLessThan(n(normalSoon));
    expect(n(normalSoon)).toBeLessThan(n(normalLate));
    const row = lines.find((r) => r[0] === express.orderNumber)!;
    expect(row[1]).toBe('速達');
    expect(row[3]).toBe(
      `${express.corporateNumber.slice(1, 5)}-${express.corporateNumber.slice(5, 7)}-${express.corporateNumber.slice(7)}`,
    );
    const audit = (await getDb())
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.staffId, staff.id), eq(auditLog.action, 'order.queue_export')));
    expect(await audit).toHaveLength(1);
  });
});

describe('the order queue', () => {
  it('lists paid orders express first with express marked, filters them and pages with a cursor', async () => {
    const { b } = await staffBrowser('staff');
    const cn = '1234567890123';
    const email = `queue-${Date.now()}@example.jp`;
    const first = await paidOrder({ paidAt: new Date('2025-02-01T01:00:00Z'), email });
    const second = await paidOrder({ paidAt: new Date('2025-02-01T02:00:00Z'), deliverySpeed: 'express' });
    const third = await paidOrder({ paidAt: new Date('2025-02-02T02:00:00Z') });
    type Q = { rows: { id: string; express: boolean; fulfilmentStatus: string; scheduledStartDate: string }[]; next: string | null };
    const q = async (qs: string) => {
      const res = await b.get(queueRoute, `/api/admin/orders?${qs}`);
      expect(res.status, res.text).toBe(200);
      return res.json as unknown as Q;
    };
    // JST days: 2025-02-01 10:00 and 11:00 JST, 2025-02-02 11:00 JST
    const day = await q(`from=2025-02-01&to=2025-02-01&corporateNumber=${cn}`);
    expect(day.rows.map((r) => r.id)).toEqual([second.order.id, first.order.id]);
    expect(day.rows.map((r) => r.express)).toEqual([true, false]);
    expect(day.rows[1]).toMatchObject({ fulfilmentStatus: 'accepted', scheduledStartDate: '2026-11-25' });

    const express = await q('from=2025-02-01&to=2025-02-02&express=1');
    expect(express.rows.map((r) => r.id)).toEqual([second.order.id]);
    const byEmail = await q(`email=${encodeURIComponent(email.toUpperCase())}`);
    expect(byEmail.rows.map((r) => r.id)).toEqual([first.order.id]);

    // pages of one, in order, ending with no cursor (the route takes the page size from the feature; use the server function)
    const { listOrderQueue } = await import('@/features/backoffice/server/orders');
    const p1 = await listOrderQueue({ from: '2025-02-01', to: '2025-02-02' }, 2);
    expect(p1.rows.map((r) => r.id)).toEqual([second.order.id, first.order.id]);
    expect(p1.next).not.toBeNull();
    const p2 = await q(`from=2025-02-01&to=2025-02-02&after=${encodeURIComponent(p1.next!)}`);
    expect(p2.rows.map((r) => r.id)).toEqual([third.order.id]);
    expect(p2.next).toBeNull();

    const requested = await q('status=requested&from=2025-02-01&to=2025-02-02');
    expect(requested.rows).toEqual([]);
  });

  it('puts express first, then the earliest due date, as the CSV does, and pages through every row exactly once (decision 0069)', async () => {
    const { b } = await staffBrowser('staff');
    const { listOrderQueue } = await import('@/features/backoffice/server/orders');
    const { OrderQueueQuerySchema } = await import('@/features/backoffice');
    const user = await createUser();
    const corporateNumber = '5111101000006';
    const make = (paidAt: string, due: string, deliverySpeed: 'normal' | 'express' = 'normal') =>
      createOrder({
        userId: user.id,
        deliverySpeed,
        overrides: { corporateNumber, paidAt: new Date(paidAt), createdAt: new Date(Date.parse(paidAt) - 60_000), scheduledEndDate: due },
      });
    // paid first, due last
    const normalLate = await make('2025-04-01T01:00:00Z', '2031-02-20');
    // paid later, due earlier
    const normalSoon = await make('2025-04-01T02:00:00Z', '2031-02-10');
    // same due day as normalSoon, paid later still: after it
    const normalSoonPaidLater = await make('2025-04-01T04:00:00Z', '2031-02-10');
    // paid last of all, due last of all: express still comes first
    const express = await make('2025-04-01T05:00:00Z', '2031-02-28', 'express');
    const expected = [express.id, normalSoon.id, normalSoonPaidLater.id, normalLate.id];

    const res = await b.get(queueRoute, `/api/admin/orders?corporateNumber=${corporateNumber}`);
    expect(res.status, res.text).toBe(200);
    const all = res.json as unknown as { rows: { id: string }[]; next: string | null };
    expect(all.rows.map((r) => r.id)).toEqual(expected);
    expect(all.next).toBeNull();

    // pages of one through the opaque cursor as the page sends it back (parsed by the route's schema)
    const seen: string[] = [];
    let after: string | null = null;
    for (let i = 0; i < 10; i++) {
      const query = OrderQueueQuerySchema.parse({ corporateNumber, ...(after ? { after } : {}) });
      if (after) expect(query.after).toBe(after);
      const page = await listOrderQueue(query, 1);
      seen.push(...page.rows.map((r) => r.id));
      after = page.next;
      if (!after) break;
    }
    expect(seen).toEqual(expected);
  });

  it('shows the detail with the timeline, and 404 for an unknown order', async () => {
    const { b } = await staffBrowser('staff');
    const { order, user } = await paidOrder();
    const res = await b.get(detailRoute, `/api/admin/orders/${order.id}`, { params: { id: order.id } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      memberEmail: user.email,
      receiptSerial: null,
      order: { id: order.id, companyName: '株式会社テスト工業' },
    });
    const missing = '00000000-0000-4000-8000-000000000001';
    const none = await b.get(detailRoute, `/api/admin/orders/${missing}`, { params: { id: missing } });
    expect(none.status).toBe(404);
    expect(none.json.error?.message).toBe('ご注文が見つかりませんでした。');
  });
});

describe('fulfilment from the back office', () => {
  it('requested → shipped → completed: one audit row per step (before → after), the timeline, and the shipped mail with the tracking link', async () => {
    const { staff, b } = await staffBrowser('staff');
    const email = `ship-${Date.now()}@example.jp`;
    const { order } = await paidOrder({ email });

    const missing = await step(b, order.id, { to: 'requested', expectedFrom: 'accepted' });
    expect(missing.status).toBe(422);
    expect(missing.json.error?.fields).toMatchObject({ applicationNumber: '申請番号を入力してください。' });
    expect(await auditOf(order.id)).toHaveLength(0);

    const r1 = await step(b, order.id, {
      to: 'requested',
      expectedFrom: 'accepted',
      applicationNumber: '20250310-00042',
      note: 'オンライン申請',
    });
    expect(r1.status, r1.text).toBe(200);
    expect(r1.json).toMatchObject({ fulfilmentStatus: 'requested', mailSent: null });
    let audit = await auditOf(order.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      staffId: staff.id,
      action: 'order.fulfilment',
      targetType: 'order',
      before: { fulfilmentStatus: 'accepted', applicationNumber: null },
      after: { fulfilmentStatus: 'requested', applicationNumber: '20250310-00042', note: 'オンライン申請' },
    });

    const r2 = await step(b, order.id, {
      to: 'shipped',
      expectedFrom: 'requested',
      carrier: 'japanpost',
      trackingNumber: '1234-5678-9012',
    });
    expect(r2.status, r2.text).toBe(200);
    expect(r2.json).toMatchObject({ fulfilmentStatus: 'shipped', mailSent: true });
    const mail = await waitForMail(email);
    expect(mail.subject).toContain('発送しました');
    expect(mail.text).toContain('123456789012');
    expect(mail.text).toContain(
      'https://trackings.post.japanpost.jp/services/srv/search/direct?searchKind=S002&locale=ja&reqCodeNo1=123456789012',
    );

    const r3 = await step(b, order.id, { to: 'completed', expectedFrom: 'shipped' });
    expect(r3.status).toBe(200);
    audit = await auditOf(order.id);
    expect(
      audit.map((a) => [
        a.action,
        (a.before as { fulfilmentStatus: string }).fulfilmentStatus,
        (a.after as { fulfilmentStatus: string }).fulfilmentStatus,
      ]),
    ).toEqual([
      ['order.fulfilment', 'accepted', 'requested'],
      ['order.fulfilment', 'requested', 'shipped'],
      ['order.fulfilment', 'shipped', 'completed'],
    ]);
    const events = await ordersFeature.listOrderEvents(order.id);
    expect(events.filter((e) => e.kind === 'fulfilment').map((e) => [e.actorType, e.actorId, e.toStatus])).toEqual([
      ['staff', staff.id, 'requested'],
      ['staff', staff.id, 'shipped'],
      ['staff', staff.id, 'completed'],
    ]);
    expect(events.some((e) => (e.data as { mail?: string } | null)?.mail === 'order_shipped:sent')).toBe(true);
    expect(await orderRow(order.id)).toMatchObject({
      fulfilmentStatus: 'completed',
      carrier: 'japanpost',
      // stored as its carrier's rule gives it: digits only
      trackingNumber: '123456789012',
    });
  });

  it('answers 409 in Japanese to a step from a stale page, and changes nothing nor audits it', async () => {
    const one = await staffBrowser('staff');
    const two = await staffBrowser('manager');
    const { order } = await paidOrder();
    expect((await step(one.b, order.id, { to: 'requested', expectedFrom: 'accepted', applicationNumber: 'A-1' })).status).toBe(200);
    // the second person's page still says 受付済み
    const stale = await step(two.b, order.id, { to: 'requested', expectedFrom: 'accepted', applicationNumber: 'B-2' });
    expect(stale.status).toBe(409);
    expect(stale.json.error?.message).toBe('このご注文は既に「法務局へ請求済み」になっています。画面を再読み込みしてください。');
    expect(await orderRow(order.id)).toMatchObject({ applicationNumber: 'A-1' });
    expect((await auditOf(order.id)).map((a) => a.staffId)).toEqual([one.staff.id]);
    // a step the table does not allow
    const skip = await step(two.b, order.id, { to: 'completed', expectedFrom: 'requested' });
    expect(skip.status).toBe(409);
    expect(await auditOf(order.id)).toHaveLength(1);
  });

  it('keeps the shipment when the mail cannot be sent, marks the mail pending, and the resend delivers it', async () => {
    const { staff, b } = await staffBrowser('staff');
    const email = `down-${Date.now()}@example.jp`;
    const { order } = await paidOrder({ email });
    await step(b, order.id, { to: 'requested', expectedFrom: 'accepted', applicationNumber: 'A-9' });
    // the SMTP server is down while the parcel is marked shipped
    const smtpPort = stack.mail.smtpPort;
    const httpPort = Number(new URL(stack.mail.httpUrl).port);
    await stack.mail.close();
    try {
      const shipped = await step(b, order.id, {
        to: 'shipped',
        expectedFrom: 'requested',
        carrier: 'yamato',
        trackingNumber: '4444-5555-6666',
      });
      expect(shipped.status).toBe(200);
      expect(shipped.json).toMatchObject({ fulfilmentStatus: 'shipped', mailSent: false });
    } finally {
      stack.mail = await startMailCatcher({ smtpPort, httpPort });
    }
    expect(await orderRow(order.id)).toMatchObject({ fulfilmentStatus: 'shipped', trackingNumber: '444455556666' });
    const detail = await b.get(detailRoute, `/api/admin/orders/${order.id}`, { params: { id: order.id } });
    expect(detail.json).toMatchObject({ shippedMailPending: true });
    const resend = await b.send(resendRoute, 'POST', `/api/admin/orders/${order.id}/shipped-mail`, {}, { params: { id: order.id } });
    expect(resend.json).toMatchObject({ mailSent: true });
    expect((await waitForMail(email)).text).toContain('444455556666');
    const after = await b.get(detailRoute, `/api/admin/orders/${order.id}`, { params: { id: order.id } });
    expect(after.json).toMatchObject({ shippedMailPending: false });
    expect((await auditOf(order.id)).map((a) => [a.staffId, a.action])).toEqual([
      [staff.id, 'order.fulfilment'],
      [staff.id, 'order.fulfilment'],
      [staff.id, 'order.shipped_mail_resend'],
    ]);
  });

  it('undoes the step when its audit row cannot be written (one transaction)', async () => {
    const { order } = await paidOrder();
    await expect(
      ordersFeature.advanceFulfilment(order.id, 'requested', {
        actor: { type: 'staff', id: 'x' },
        applicationNumber: 'A-0',
        onChange: () => Promise.reject(new Error('audit insert failed')),
      }),
    ).rejects.toThrow('audit insert failed');
    expect(await orderRow(order.id)).toMatchObject({ fulfilmentStatus: 'accepted', applicationNumber: null });
    expect((await ordersFeature.listOrderEvents(order.id)).filter((e) => e.toStatus === 'requested')).toEqual([]);
  });

  it('adds a note to the timeline with one audit row', async () => {
    const { staff, b } = await staffBrowser('staff');
    const { order } = await paidOrder();
    const res = await b.send(
      notesRoute,
      'POST',
      `/api/admin/orders/${order.id}/notes`,
      { note: '会員から電話あり' },
      { params: { id: order.id } },
    );
    expect(res.status).toBe(201);
    const events = await ordersFeature.listOrderEvents(order.id);
    expect(events.at(-1)).toMatchObject({ kind: 'note', actorType: 'staff', actorId: staff.id, note: '会員から電話あり' });
    expect((await auditOf(order.id)).map((a) => [a.action, a.after])).toEqual([['order.note', { note: '会員から電話あり' }]]);
    const empty = await b.send(notesRoute, 'POST', `/api/admin/orders/${order.id}/notes`, { note: '  ' }, { params: { id: order.id } });
    expect(empty.status).toBe(422);
  });
});

// ---------------------------------------------------------------------------------------------

async function buy(member: Member, items = [{ itemId: 'history-full', quantity: 1 }], expectedTotalYen?: number): Promise<string> {
  const created = await member.send(
    createRoute,
    '/api/payments/create-payment-history',
    orderBody({ selection: { items, deliverySpeed: 'normal' }, ...(expectedTotalYen ? { expectedTotalYen } : {}) }),
  );
  expect(created.status, created.text).toBe(200);
  const id = String(created.json.paymentId);
  const paid = await member.send(purchaseRoute, '/api/payments/purchase', { paymentId: id, card: { token: await newToken(stack) } });
  const back = await answerChallenge(String(paid.json.redirectUrl), 'verified');
  await member.get(returnRoute, back.pathname + back.search);
  expect((await orderRow(id)).status).toBe('paid');
  return id;
}

function jstMonth(d: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit' }).format(d).slice(0, 7);
}

describe('the accounting export', () => {
  it('is Excel-ready CSV whose totals equal the emulator’s charges for the month minus refunds, with one audit row', async () => {
    const member = await newMember();
    const a = await buy(member, [{ itemId: 'history-full', quantity: 2 }], 2100);
    const other = await newMember();
    const bId = await buy(other, [{ itemId: 'history-full', quantity: 1 }], 1050);
    const { staff, b } = await staffBrowser('manager');
    // a partial refund through the refunds service (PAY.JP, the refunds table, then the order)
    const { refund } = await requestRefund({ orderId: bId, amountYen: 550, reason: '一部発行不可', staffId: staff.id });
    expect(refund.status).toBe('succeeded');
    expect((await orderRow(bId)).refundedYen).toBe(550);
    const month = jstMonth(new Date());
    // the raw bytes (Response.text() would drop the BOM while decoding)
    const { NextRequest } = await import('next/server');
    const response = await exportRoute.GET(
      new NextRequest(`http://localhost:3000/api/admin/accounting/export?month=${month}`, { headers: { cookie: b.cookie() } }),
      { params: Promise.resolve({}) },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="hojin-sales-${month}.csv"`);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toContain('\n');
    const lines = text.split('\r\n').slice(0, -1);
    expect(lines[0]).toBe(
      '"日付","区分","注文番号","領収書番号","返金明細書番号","法人名","会員","PAY.JP課金ID","非課税（法務局手数料）","10%対象（税抜）","10%対象の消費税","10%対象（税込）","合計"',
    );
    const rows = lines.slice(1).map((l) => l.slice(1, -1).split('","'));
    // data rows only: no 合計 row among them (issue 24 §3)
    expect(rows.every((r) => r[1] === '売上' || r[1] === '返金')).toBe(true);
    const sales = rows.filter((r) => r[1] === '売上');
    const refunds = rows.filter((r) => r[1] === '返金');
    // 注文番号 is the number on the member's receipt and mails (decision 0025), not the internal id
    const numbers = { a: (await orderRow(a)).orderNumber, b: (await orderRow(bId)).orderNumber };
    expect(sales.map((r) => r[2]).sort()).toEqual([numbers.a, numbers.b].sort());
    // the refund's own statement number (sequential, like the receipts'), its company and member,
    // and its per-rate split as stored with it (our fee first: 550 taxable incl. 50 tax, no Ministry part)
    const year = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric' }).format(new Date());
    expect(refunds.map((r) => [r[2], r[4], r[6], r[8], r[9], r[10], r[11], r[12]])).toEqual([
      [numbers.b, `RF-${year}-000001`, other.email, '0', '-500', '-50', '-550', '-550'],
    ]);
    expect(refunds[0]?.[5]).toBe((await orderRow(bId)).companyName);
    expect(sales.every((r) => r[4] === '')).toBe(true);
    for (const r of [...sales, ...refunds]) {
      expect(Number(r[8]) + Number(r[11])).toBe(Number(r[12]));
      expect(Number(r[9]) + Number(r[10])).toBe(Number(r[11]));
    }

    type Charge = { id: string; amount: number; amount_refunded: number; paid: boolean; created: number };
    const charges = (await emulatorGet<{ data: Charge[] }>(stack, '/charges?limit=100')).data.filter(
      (c) => c.paid && jstMonth(new Date(c.created * 1000)) === month,
    );
    const net = charges.reduce((s, c) => s + c.amount - c.amount_refunded, 0);
    expect(rows.reduce((s, r) => s + Number(r[12]), 0)).toBe(net);

    // the totals are a file of their own
    const summaryRes = await exportRoute.GET(
      new NextRequest(`http://localhost:3000/api/admin/accounting/export?month=${month}&part=summary`, { headers: { cookie: b.cookie() } }),
      { params: Promise.resolve({}) },
    );
    expect(summaryRes.status).toBe(200);
    expect(summaryRes.headers.get('content-disposition')).toBe(`attachment; filename="hojin-sales-${month}-summary.csv"`);
    const summary = Buffer.from(await summaryRes.arrayBuffer())
      .subarray(3)
      .toString('utf8')
      .split('\r\n')
      .slice(1, 4)
      .map((l) => l.slice(1, -1).split('","'));
    expect(summary.map((r) => r.slice(1, 3))).toEqual([
      ['売上', '2'],
      ['返金', '1'],
      ['差引', '3'],
    ]);
    expect(Number(summary[2]?.[7])).toBe(net);

    // the statement PDF prints the same number
    const { findRefundStatementOfOrder } = await import('@/features/payments/index.server');
    expect((await findRefundStatementOfOrder(bId, refund.id))?.statementNumber).toBe(`RF-${year}-000001`);

    const audit = await (
      await getDb()
    )
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.staffId, staff.id), eq(auditLog.action, 'accounting.export')));
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ targetId: month, after: { month, sales: 2, refunds: 1, totalYen: net } });
  });

  it('is for managers only, and refuses a malformed month', async () => {
    const { b } = await staffBrowser('staff');
    const res = await b.get(exportRoute, '/api/admin/accounting/export?month=2025-03');
    expect(res.status).toBe(403);
    const m = await staffBrowser('manager');
    const bad = await m.b.get(exportRoute, '/api/admin/accounting/export?month=2025-13');
    expect(bad.status).toBe(400);
  });
});

const resendReceipt = (b: InstanceType<typeof AdminBrowser>, id: string, headers: Record<string, string> = {}) =>
  b.send(receiptMailRoute, 'POST', `/api/admin/orders/${id}/receipt-mail`, {}, { params: { id }, headers });

describe('resending the receipt mail (issue 24 §3)', () => {
  it('sends the member the order confirmation with the receipt link again, as first sent, audited with a timeline note, 5 an hour per order', async () => {
    const { staff, b } = await staffBrowser('staff');
    const email = `receipt-${Date.now()}@example.jp`;
    const { order } = await paidOrder({ email });
    const res = await resendReceipt(b, order.id);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ mailSent: true });
    const mail = await waitForMail(email);
    // the one template the payment used (order-payment.ts sends orderConfirmationMail after paying)
    const original = ordersFeature.orderConfirmationMail(await orderRow(order.id));
    expect(mail.subject).toBe(original.subject);
    expect(mail.text).toBe(original.text);
    expect(mail.text).toContain(`/api/download/receipt/${order.id}.pdf`);
    expect((await auditOf(order.id)).map((a) => [a.staffId, a.action, a.after])).toEqual([
      [staff.id, 'order.receipt_mail_resend', { mailSent: true }],
    ]);
    const detail = await ordersFeature.getOrderDetail(order.id);
    expect(detail.events.some((e) => e.kind === 'note' && JSON.stringify(e).includes('領収書のメールを会員に再送しました。'))).toBe(true);

    // the CSRF check of every admin POST
    const forged = await resendReceipt(b, order.id, { 'x-csrf-token': 'forged' });
    expect(forged.status).toBe(403);

    for (let i = 0; i < 4; i++) expect((await resendReceipt(b, order.id)).status).toBe(200);
    const sixth = await resendReceipt(b, order.id);
    expect(sixth.status).toBe(429);
    expect(sixth.json.error?.message).toContain('1時間に5回まで');
    expect(sixth.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await auditOf(order.id)).toHaveLength(5);
  });

  it('refuses an unpaid order with 409 in Japanese, sends nothing and audits nothing', async () => {
    const { b } = await staffBrowser('staff');
    const user = await createUser();
    const failed = await createOrder({ userId: user.id, status: 'failed', overrides: past });
    const res = await resendReceipt(b, failed.id);
    expect(res.status).toBe(409);
    expect(res.json.error?.message).toBe('お支払いが完了していないご注文のため、領収書のメールは送れません。');
    expect(await auditOf(failed.id)).toEqual([]);
    const sent = await fetch(`${stack.mail.httpUrl}/api/messages?to=${encodeURIComponent(user.email ?? '')}`);
    expect(((await sent.json()) as { messages: unknown[] }).messages).toEqual([]);
  });
});

const correctDestination = (b: InstanceType<typeof AdminBrowser>, id: string, body: Record<string, unknown>) =>
  b.send(destinationRoute, 'POST', `/api/admin/orders/${id}/destination`, body, { params: { id } });
const newDestination = {
  recipient: '佐藤 花子',
  destinationZipCode: '〒５３０－０００１',
  destinationPrefecture: '大阪府',
  destinationCity: '大阪市北区',
  destinationStreet: '梅田１－１－１',
  destinationApartmentEtc: '梅田ビル5階',
};

describe('correcting the delivery address (issue 24 §3)', () => {
  it('corrects it before shipping by the order form’s rules, with both addresses in the audit log and a timeline note', async () => {
    const { staff, b } = await staffBrowser('staff');
    const { order } = await paidOrder();
    await ordersFeature.advanceFulfilment(order.id, 'requested', { actor: { type: 'staff', id: staff.id }, applicationNumber: 'D1' });
    const res = await correctDestination(b, order.id, newDestination);
    expect(res.status, res.text).toBe(200);
    // stored as the order form stores it (NFKC, 郵便番号 as 7 digits)
    expect(await orderRow(order.id)).toMatchObject({
      recipient: '佐藤 花子',
      destinationZipCode: '5300001',
      destinationPrefecture: '大阪府',
      destinationCity: '大阪市北区',
      destinationStreet: '梅田1-1-1',
      destinationApartmentEtc: '梅田ビル5階',
      receiptRecipient: order.receiptRecipient,
    });
    const audit = await auditOf(order.id);
    expect(audit.map((a) => a.action)).toEqual(['order.destination_correct']);
    expect(audit[0]).toMatchObject({
      staffId: staff.id,
      before: { recipient: '山田 太郎', destinationZipCode: '1000005', destinationStreet: '丸の内1-1-1' },
      after: { recipient: '佐藤 花子', destinationZipCode: '5300001', destinationStreet: '梅田1-1-1' },
    });
    const { events } = await ordersFeature.getOrderDetail(order.id);
    const note = events.find((e) => e.kind === 'note');
    expect(JSON.stringify(note)).toContain('お届け先を訂正しました（訂正前：〒100-0005 東京都千代田区丸の内1-1-1 山田 太郎）。');
  });

  it('answers 422 with the order form’s Japanese field messages and changes nothing', async () => {
    const { b } = await staffBrowser('staff');
    const { order } = await paidOrder();
    const res = await correctDestination(b, order.id, {
      ...newDestination,
      recipient: '',
      destinationZipCode: '123',
      destinationPrefecture: '大阪',
      destinationStreet: 'あ'.repeat(101),
    });
    expect(res.status).toBe(422);
    const fields = res.json.error?.fields as Record<string, string>;
    expect(fields.recipient).toBe('お届け先の宛名を入力してください。');
    expect(fields.destinationPrefecture).toBe('都道府県を選択してください。');
    expect(fields.destinationStreet).toBe('町名・番地は100文字以内で入力してください。');
    expect(fields.destinationZipCode).toMatch(/郵便番号/);
    expect(await orderRow(order.id)).toMatchObject({ recipient: '山田 太郎', destinationZipCode: '1000005' });
    expect(await auditOf(order.id)).toEqual([]);
    // 領収書の宛名 is not the address: the form's rule for it is not this route's (strict body)
    const extra = await correctDestination(b, order.id, { ...newDestination, receiptRecipient: '別の会社' });
    expect(extra.status).toBe(422);
  });

  it('is refused with 409 once the order has shipped', async () => {
    const { staff, b } = await staffBrowser('staff');
    const { order } = await paidOrder();
    const actor = { type: 'staff' as const, id: staff.id };
    await ordersFeature.advanceFulfilment(order.id, 'requested', { actor, applicationNumber: 'D2' });
    await ordersFeature.advanceFulfilment(order.id, 'shipped', { actor, carrier: 'sagawa', trackingNumber: '1234567890' });
    const res = await correctDestination(b, order.id, newDestination);
    expect(res.status).toBe(409);
    expect(res.json.error?.message).toBe('お届け先を訂正できるのは、発送前（受付済み・法務局へ請求済み）のご注文だけです。');
    expect(await orderRow(order.id)).toMatchObject({ destinationZipCode: '1000005' });
    expect((await auditOf(order.id)).map((a) => a.action)).not.toContain('order.destination_correct');
  });
});
