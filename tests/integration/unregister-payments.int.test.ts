/**
 * Unregistering while a payment is under way (docs/decisions/0049): the check for orders in
 * progress and the closing are one transaction holding the member's row lock, which a charge's
 * claim takes too. A payment started at the same moment either blocks the unregister (named in
 * the refusal) or finds the account closed and charges nothing — never a charge for a member whose
 * address is gone. A payment waiting for 3-D Secure blocks the unregister until it is finished or
 * cancelled.
 */
import { randomUUID } from 'node:crypto';

import { afterAll, describe, expect, it } from 'vitest';

import { Member, chargesOfOrder, newToken, orderBody, startPurchaseStack } from './purchase-support';
import { eq } from 'drizzle-orm';
import { orders, users } from '@db/schema';
import { getDb } from '@/server/db/client';
import { createUser } from '../factories/users';
import { hashPassword } from '@/features/accounts/server/passwords';
import { createSession } from '@/server/auth/session';
import { csrfTokenFor } from '@/server/auth/csrf';
import { cookieName } from '@/server/auth/cookies';
import { purchase } from '@/features/payments/server/order-payment';
import * as createRoute from '@/app/api/payments/create-payment-history/route';
import * as purchaseRoute from '@/app/api/payments/purchase/route';
import * as cancelRoute from '@/app/api/payments/cancel/route';
import * as unregisterRoute from '@/app/api/users/unregister/route';

const stack = await startPurchaseStack();

afterAll(() => stack.close());

const PASSWORD = 'sakura-fuji-umi-2026';

/** A member with a password (unregistering asks for it), logged in. */
async function memberWithPassword(): Promise<Member> {
  const email = `leaver-${randomUUID().slice(0, 8)}@example.jp`;
  const user = await createUser({ email, passwordHash: await hashPassword(PASSWORD), emailVerifiedAt: new Date() });
  const { token } = await createSession(user.id);
  return new Member(user.id, email, `${cookieName('session')}=${token}`, csrfTokenFor(token));
}

async function newOrder(member: Member): Promise<{ paymentId: string; orderNumber: string }> {
  const created = await member.send(createRoute, '/api/payments/create-payment-history', orderBody());
  expect(created.status, JSON.stringify(created.json)).toBe(200);
  const paymentId = String(created.json.paymentId);
  const db = await getDb();
  const [row] = await db.select({ orderNumber: orders.orderNumber }).from(orders).where(eq(orders.id, paymentId));
  return { paymentId, orderNumber: row?.orderNumber ?? '' };
}

const unregister = (member: Member) => member.send(unregisterRoute, '/api/users/unregister', { confirm: true, currentPassword: PASSWORD });

async function accountOf(member: Member) {
  const db = await getDb();
  const [row] = await db.select({ email: users.email, deletedAt: users.deletedAt }).from(users).where(eq(users.id, member.userId));
  return row;
}

async function statusOf(paymentId: string): Promise<string | undefined> {
  const db = await getDb();
  const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, paymentId));
  return row?.status;
}

describe('unregistering while a payment is under way', () => {
  it('refuses while a payment waits for 3-D Secure, naming the order; once it is cancelled the member may leave', async () => {
    const member = await memberWithPassword();
    const { paymentId, orderNumber } = await newOrder(member);
    const paid = await member.send(purchaseRoute, '/api/payments/purchase', { paymentId, card: { token: await newToken(stack) } });
    expect(paid.json.status).toBe('awaiting_3ds');

    const refused = await unregister(member);
    expect(refused.status).toBe(409);
    expect(refused.json.error?.code).toBe('orders_in_progress');
    expect(refused.json.error?.message).toBe(
      `お支払い手続き中のご注文（注文番号：${orderNumber}）があるため、退会できません。お支払いを完了するか、お申込みを取り消してから、あらためて退会してください。ご注文の状況はお支払い履歴でご確認いただけます。`,
    );
    expect(await accountOf(member)).toMatchObject({ email: member.email, deletedAt: null });

    const cancelled = await member.send(cancelRoute, '/api/payments/cancel', { paymentId });
    expect(cancelled.status, JSON.stringify(cancelled.json)).toBe(200);
    expect((await unregister(member)).status).toBe(200);
    expect((await accountOf(member))?.deletedAt).toBeInstanceOf(Date);
  });

  it('a payment claimed after the account was closed charges nothing', async () => {
    const member = await memberWithPassword();
    const { paymentId } = await newOrder(member);
    expect((await unregister(member)).status).toBe(200);
    // The purchase request got past its session check just before the closing (called directly).
    await expect(purchase(member.userId, { paymentId, card: { token: await newToken(stack) } })).rejects.toMatchObject({
      code: 'unauthorized',
    });
    expect(await statusOf(paymentId)).toBe('pending');
    expect(await chargesOfOrder(stack, paymentId)).toHaveLength(0);
  });

  it('a payment and the unregister sent at the same moment: one of them wins, never both', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 6; round++) {
      const member = await memberWithPassword();
      const { paymentId, orderNumber } = await newOrder(member);
      const token = await newToken(stack);
      const [left, paid] = await Promise.all([
        unregister(member),
        // The payment's request starts while the unregister's is on its way (as from another tab).
        member.send(purchaseRoute, '/api/payments/purchase', { paymentId, card: { token } }),
      ]);
      const charges = await chargesOfOrder(stack, paymentId);
      if (left.status === 200) {
        // Closed first: the payment was refused and PAY.JP was never asked.
        outcomes.add('closed');
        expect(paid.status, JSON.stringify(paid.json)).toBe(401);
        expect(charges).toHaveLength(0);
        expect(await statusOf(paymentId)).toBe('pending');
        expect((await accountOf(member))?.deletedAt).toBeInstanceOf(Date);
      } else {
        // Charged first: the unregister was refused naming the order; the account is intact.
        outcomes.add('refused');
        expect(left.status, JSON.stringify(left.json)).toBe(409);
        expect(left.json.error?.message).toContain(`お支払い手続き中のご注文（注文番号：${orderNumber}）`);
        expect(paid.json.status).toBe('awaiting_3ds');
        expect(charges).toHaveLength(1);
        expect(await accountOf(member)).toMatchObject({ email: member.email, deletedAt: null });
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });
});
