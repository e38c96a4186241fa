import { describe, expect, it } from 'vitest';

import type { OrderActor } from '@/features/orders';
import * as orders from '@/features/orders/index.server';
import { AppError } from '@/server/http/app-error';
import { createUser } from '../factories/users';
import { createOrder } from '../factories/orders';

const staff: OrderActor = { type: 'staff', id: 'staff-1' };

async function rejection(
  promise: Promise<unknown>,
): Promise<{ status: number; code: string; message: string; fields?: Record<string, string> }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return { status: error.status, code: error.code, message: error.message, fields: error.fields };
}

describe('the orders feature: payment steps', () => {
  it('a payment recorded enters fulfilment as accepted, with one timeline row for each, in the same change', async () => {
    const user = await createUser();
    const order = await createOrder({ userId: user.id, status: 'awaiting_3ds' });
    const paid = await orders.transitionPayment(order.id, ['awaiting_3ds'], { status: 'paid', paidAt: new Date(), payjpChargeId: 'ch_x1' });
    expect(paid?.status).toBe('paid');
    expect(paid?.fulfilmentStatus).toBe('accepted');
    const events = await orders.listOrderEvents(order.id);
    expect(events.map((e) => [e.kind, e.actorType, e.fromStatus, e.toStatus])).toEqual([
      ['payment', 'system', 'awaiting_3ds', 'paid'],
      ['fulfilment', 'system', null, 'accepted'],
    ]);
  });

  it('is a compare-and-set: a step from a state the order has left changes nothing and writes no event', async () => {
    const user = await createUser();
    const order = await createOrder({ userId: user.id, status: 'failed' });
    expect(await orders.transitionPayment(order.id, ['awaiting_3ds'], { status: 'expired' })).toBeNull();
    expect(await orders.listOrderEvents(order.id)).toEqual([]);
  });

  it('refuses a step the state table does not have (a paid order never goes back to charging)', async () => {
    const user = await createUser();
    const order = await createOrder({ userId: user.id, status: 'paid' });
    await expect(orders.transitionPayment(order.id, ['paid'], { status: 'charging' })).rejects.toThrow(/illegal payment transition/);
    expect((await orders.reloadOrder(order.id)).status).toBe('paid');
  });
});

describe('the orders feature: fulfilment steps', () => {
  it('goes accepted → requested → shipped → completed with the actor, the numbers and notes on the timeline', async () => {
    const user = await createUser();
    const order = await createOrder({ userId: user.id });
    await orders.advanceFulfilment(order.id, 'requested', { actor: staff, applicationNumber: '20261125-0001', expectedFrom: 'accepted' });
    const shipped = await orders.advanceFulfilment(order.id, 'shipped', {
      actor: staff,
      carrier: 'japanpost',
      trackingNumber: '1234-5678-9012',
      note: 'レターパックで発送',
    });
    expect(shipped).toMatchObject({
      fulfilmentStatus: 'shipped',
      applicationNumber: '20261125-0001',
      carrier: 'japanpost',
      trackingNumber: '123456789012',
    });
    const done = await orders.advanceFulfilment(order.id, 'completed', { actor: staff });
    expect(done.completedAt).not.toBeNull();
    const detail = await orders.getOrderDetail(order.id);
    expect(detail.memberEmail).toBe(user.email);
    expect(detail.events.map((e) => [e.kind, e.actorType, e.actorId, e.fromStatus, e.toStatus, e.note])).toEqual([
      ['fulfilment', 'staff', 'staff-1', 'accepted', 'requested', null],
      ['fulfilment', 'staff', 'staff-1', 'requested', 'shipped', 'レターパックで発送'],
      ['fulfilment', 'staff', 'staff-1', 'shipped', 'completed', null],
    ]);
    // stored as the carrier's rule gives it: digits only
    expect(detail.events[1]?.data).toEqual({ carrier: 'japanpost', trackingNumber: '123456789012' });
  });

  it('refuses a skipped step (409), a step from a stale page (409), a missing number (422), an unpaid order (409)', async () => {
    const user = await createUser();
    const order = await createOrder({ userId: user.id });
    expect(
      await rejection(orders.advanceFulfilment(order.id, 'shipped', { actor: staff, carrier: 'yamato', trackingNumber: '1' })),
    ).toMatchObject({
      status: 409,
      message: '「受付済み」のご注文を「発送済み」にはできません。',
    });
    expect(await rejection(orders.advanceFulfilment(order.id, 'requested', { actor: staff }))).toMatchObject({
      status: 422,
      fields: { applicationNumber: '申請番号を入力してください。' },
    });
    await orders.advanceFulfilment(order.id, 'requested', { actor: staff, applicationNumber: 'A-1' });
    expect(
      await rejection(
        orders.advanceFulfilment(order.id, 'requested', { actor: staff, applicationNumber: 'A-2', expectedFrom: 'accepted' }),
      ),
    ).toMatchObject({
      status: 409,
    });
    const unpaid = await createOrder({ userId: user.id, status: 'awaiting_3ds' });
    expect((await rejection(orders.advanceFulfilment(unpaid.id, 'requested', { actor: staff, applicationNumber: 'A-3' }))).status).toBe(
      409,
    );
    expect((await orders.reloadOrder(order.id)).applicationNumber).toBe('A-1');
  });

  it('records a partial refund without changing the state, and the last yen before shipping cancels the order', async () => {
    const user = await createUser();
    const order = await createOrder({ userId: user.id });
    const part = await orders.recordRefund(order.id, { actor: staff, amountYen: 500, reason: '代表者事項証明書が発行されなかったため' });
    expect(part).toMatchObject({ fulfilmentStatus: 'accepted', refundedYen: 500 });
    expect(await rejection(orders.recordRefund(order.id, { actor: staff, amountYen: order.amountYen, reason: 'x' }))).toMatchObject({
      status: 422,
    });
    const rest = await orders.recordRefund(order.id, { actor: staff, amountYen: order.amountYen - 500, reason: 'ご依頼によるキャンセル' });
    expect(rest).toMatchObject({ fulfilmentStatus: 'cancelled', refundedYen: order.amountYen });
    expect((await rejection(orders.recordRefund(order.id, { actor: staff, amountYen: 1, reason: 'x' }))).status).toBe(409);
    const events = await orders.listOrderEvents(order.id);
    expect(events.map((e) => [e.kind, e.fromStatus, e.toStatus, e.note])).toEqual([
      ['refund', 'accepted', 'accepted', '代表者事項証明書が発行されなかったため'],
      ['refund', 'accepted', 'cancelled', 'ご依頼によるキャンセル'],
    ]);
  });

  it('a full refund after shipping marks the order refunded', async () => {
    const user = await createUser();
    const order = await createOrder({ userId: user.id });
    await orders.advanceFulfilment(order.id, 'requested', { actor: staff, applicationNumber: 'A' });
    await orders.advanceFulfilment(order.id, 'shipped', { actor: staff, carrier: 'sagawa', trackingNumber: '1234567890' });
    const refunded = await orders.recordRefund(order.id, { actor: staff, amountYen: order.amountYen, reason: '誤発送' });
    expect(refunded.fulfilmentStatus).toBe('refunded');
    expect((await rejection(orders.advanceFulfilment(order.id, 'completed', { actor: staff }))).status).toBe(409);
  });
});

describe('the orders feature: the staff queue', () => {
  it('lists paid orders express first, then oldest first, filters, and pages with a cursor', async () => {
    const user = await createUser();
    const base = Date.UTC(2020, 0, 1, 0, 0);
    const corporateNumber = '5111101000006';
    const made = [];
    for (let i = 0; i < 3; i++) {
      made.push(
        await createOrder({
          userId: user.id,
          createdAt: new Date(base + i * 3_600_000),
          deliverySpeed: i === 1 ? 'express' : 'normal',
          overrides: { corporateNumber },
        }),
      );
    }
    await createOrder({ userId: user.id, status: 'failed', overrides: { corporateNumber } });
    const first = await orders.listOrdersForStaff({ corporateNumber }, { limit: 2 });
    expect(first.rows.map((r) => r.order.id)).toEqual([made[1]?.id, made[0]?.id]);
    expect(first.rows[0]?.memberEmail).toBe(user.email);
    const second = await orders.listOrdersForStaff({ corporateNumber }, { limit: 2, after: first.next ?? undefined });
    expect(second.rows.map((r) => r.order.id)).toEqual([made[2]?.id]);
    expect(second.next).toBeNull();
    const express = await orders.listOrdersForStaff({ corporateNumber, express: true }, { limit: 10 });
    expect(express.rows.map((r) => r.order.id)).toEqual([made[1]?.id]);
    const byMail = await orders.listOrdersForStaff(
      { memberEmail: user.email?.toUpperCase(), fulfilmentStatuses: ['accepted'] },
      { limit: 10 },
    );
    expect(byMail.rows).toHaveLength(3);
  });
});
