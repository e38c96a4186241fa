import { describe, expect, it } from 'vitest';

import { call } from '../support/requests';
import { createSession } from '@/server/auth/session';
import { cookieName } from '@/server/auth/cookies';
import { PaymentHistoryPageSchema } from '@/features/receipts';
import { createUser } from '../factories/users';
import { createOrder } from '../factories/orders';
import * as orders from '@/features/orders/index.server';
import * as route from '@/app/api/payments/histories-per-page/route';
import * as receiptRoute from '@/app/api/download/receipt/[file]/route';

async function member() {
  const user = await createUser();
  const { token } = await createSession(user.id);
  return { user, cookie: `${cookieName('session')}=${token}` };
}

async function history(cookie: string, query = '') {
  const res = await call(route, `/api/payments/histories-per-page${query}`, { headers: { cookie } });
  return { ...res, page: res.status === 200 ? PaymentHistoryPageSchema.parse(res.json) : null };
}

const minutes = (n: number) => new Date(Date.UTC(2026, 10, 20, 3, 0) + n * 60_000);

describe('GET /api/payments/histories-per-page', () => {
  it('answers an empty first page for a member without orders', async () => {
    const { cookie } = await member();
    const res = await history(cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.page).toEqual({ page: 1, size: 10, total: 0, totalPages: 1, histories: [] });
  });

  it('lists the member’s orders newest first with items, amounts, statuses in Japanese and receipt links when paid', async () => {
    const { user, cookie } = await member();
    const older = await createOrder({
      userId: user.id,
      createdAt: minutes(0),
      items: [
        { itemId: 'history-full', quantity: 2 },
        { itemId: 'representative', quantity: 1 },
      ],
      deliverySpeed: 'express',
    });
    const failed = await createOrder({ userId: user.id, status: 'failed', createdAt: minutes(10) });
    await createOrder({ userId: user.id, status: 'pending', createdAt: minutes(20) }); // a draft: not listed
    const newest = await createOrder({ userId: user.id, createdAt: minutes(30), items: [{ itemId: 'current-full', quantity: 1 }] });

    const { page } = await history(cookie);
    expect(page?.total).toBe(3);
    expect(page?.histories.map((h) => h.paymentId)).toEqual([newest.id, failed.id, older.id]);
    expect(page?.histories[2]).toEqual({
      paymentId: older.id,
      orderNumber: older.orderNumber,
      orderedAt: minutes(0).toISOString(),
      paidAt: minutes(1).toISOString(),
      companyName: '株式会社テスト工業',
      corporateNumber: '1234567890123',
      items: [
        { itemId: 'history-full', name: '履歴事項全部証明書', quantity: 2 },
        { itemId: 'representative', name: '代表者事項証明書', quantity: 1 },
      ],
      amountYen: older.amountYen,
      isFirstPurchase: false,
      deliverySpeed: 'express',
      deliverySpeedLabel: '速達',
      orderStatus: 'paid',
      orderStatusLabel: '受付済み',
      paymentStatusLabel: 'お支払い完了',
      statusMeaning: null,
      resumable: false,
      paymentDeadline: null,
      receiptUrl: `/api/download/receipt/${older.id}.pdf`,
      receiptIssued: false,
      receiptAddressee: '株式会社サンプル商事',
      receipt: null,
      fulfilment: {
        status: 'accepted',
        label: '受付済み',
        steps: [
          { status: 'accepted', label: '受付済み', done: true },
          { status: 'requested', label: '法務局へ請求済み', done: false },
          { status: 'shipped', label: '発送済み', done: false },
          { status: 'completed', label: '完了', done: false },
        ],
        shipment: null,
        refundedYen: 0,
      },
      refunds: [],
    });
    // 500×2 + 1,100×2 + 500 + 1,100 + 880 (express) = 5,680
    expect(older.amountYen).toBe(5680);
    expect(page?.histories[1]).toMatchObject({
      orderStatusLabel: 'ご注文未成立',
      paymentStatusLabel: 'お支払い未完了',
      paidAt: null,
      receiptUrl: null,
      deliverySpeedLabel: '通常',
      fulfilment: null,
    });

    // After a download the row says the receipt was issued (later downloads give the same original).
    const file = `${older.id}.pdf`;
    const req = new (await import('next/server')).NextRequest(`http://localhost:3000/api/download/receipt/${file}`, {
      headers: { cookie },
    });
    expect((await receiptRoute.GET(req, { params: Promise.resolve({ file }) })).status).toBe(200);
    expect((await history(cookie)).page?.histories[2]).toMatchObject({
      receiptIssued: true,
      receipt: { serialNumber: expect.stringMatching(/^R-\d{4}-\d{6,}$/), reissue: null, reissuesLeft: 5 },
    });
  });

  it('shows fulfilment as the orders feature says it: 法務局へ請求済み → 発送済み with the tracking link → 完了, or 返金済み with the amount', async () => {
    const { user, cookie } = await member();
    const staff = { type: 'staff', id: 'staff-history' } as const;
    const shipped = await createOrder({ userId: user.id, createdAt: minutes(0) });
    const refunded = await createOrder({ userId: user.id, createdAt: minutes(10) });
    const partly = await createOrder({ userId: user.id, createdAt: minutes(20) });
    await orders.advanceFulfilment(shipped.id, 'requested', { actor: staff, applicationNumber: 'A-100' });
    const row = (id: string) => history(cookie).then((h) => h.page?.histories.find((x) => x.paymentId === id));
    expect((await row(shipped.id))?.orderStatusLabel).toBe('法務局へ請求済み');
    await orders.advanceFulfilment(shipped.id, 'shipped', { actor: staff, carrier: 'japanpost', trackingNumber: '123456789012' });
    const afterShipping = await row(shipped.id);
    expect(afterShipping?.orderStatusLabel).toBe('発送済み');
    expect(afterShipping?.fulfilment?.steps.map((s) => s.done)).toEqual([true, true, true, false]);
    expect(afterShipping?.fulfilment?.shipment).toEqual({
      carrierLabel: '日本郵便',
      trackingNumber: '123456789012',
      trackingUrl: expect.stringMatching(/^https:\/\/trackings\.post\.japanpost\.jp\/.*123456789012$/) as string,
    });
    await orders.advanceFulfilment(shipped.id, 'completed', { actor: staff });
    expect((await row(shipped.id))?.orderStatusLabel).toBe('完了');

    await orders.advanceFulfilment(refunded.id, 'requested', { actor: staff, applicationNumber: 'A-101' });
    await orders.advanceFulfilment(refunded.id, 'shipped', { actor: staff, carrier: 'yamato', trackingNumber: '999999999999' });
    await orders.recordRefund(refunded.id, { actor: staff, amountYen: refunded.amountYen, reason: '誤発送' });
    const back = await row(refunded.id);
    expect(back?.orderStatusLabel).toBe(`返金済み（${refunded.amountYen.toLocaleString('ja-JP')}円）`);
    expect(back?.fulfilment).toMatchObject({ status: 'refunded', refundedYen: refunded.amountYen });

    await orders.recordRefund(partly.id, { actor: staff, amountYen: 500, reason: '代表者事項証明書が発行されなかったため' });
    expect((await row(partly.id))?.orderStatusLabel).toBe('受付済み・一部返金（500円）');
  });

  it('pages with ?page and ?size and never shows another member’s orders', async () => {
    const { user, cookie } = await member();
    const other = await member();
    await createOrder({ userId: other.user.id });
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.unshift((await createOrder({ userId: user.id, createdAt: minutes(i) })).id);

    const first = (await history(cookie, '?page=1&size=2')).page;
    const second = (await history(cookie, '?page=2&size=2')).page;
    const third = (await history(cookie, '?page=3&size=2')).page;
    const beyond = (await history(cookie, '?page=4&size=2')).page;
    expect(first).toMatchObject({ page: 1, size: 2, total: 5, totalPages: 3 });
    expect([...(first?.histories ?? []), ...(second?.histories ?? []), ...(third?.histories ?? [])].map((h) => h.paymentId)).toEqual(ids);
    expect(beyond?.histories).toEqual([]);
  });

  it('rejects page and size values that are not small positive integers', async () => {
    const { cookie } = await member();
    for (const query of [
      '?page=0',
      '?page=-1',
      '?page=abc',
      '?page=1.5',
      '?page=1001',
      '?size=0',
      '?size=51',
      '?size=',
      '?page=1&page=2',
      '?sort=asc',
    ]) {
      const res = await history(cookie, query);
      expect(res.status, query).toBe(400);
      expect(res.json.error?.code, query).toBe('bad_request');
    }
  });

  it('answers 401 without a session', async () => {
    const res = await call(route, '/api/payments/histories-per-page');
    expect(res.status).toBe(401);
  });
});
