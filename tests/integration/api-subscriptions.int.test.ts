import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';

import { apiSubscriptionPeriods, apiSubscriptions } from '@db/schema';
import { getDb } from '@/server/db/client';
import { currentPlanOf } from '@/features/api/server/plans';
import { syncSubscription } from '@/features/api/index.server';
import * as cardRoute from '@/app/api/credit-cards/card/route';
import * as subscriptionRoute from '@/app/api/api-subscription/route';
import * as returnRoute from '@/app/api/api-subscription/tds-return/route';

import { answerChallenge, emulatorGet, newMember, newToken, startPurchaseStack, type Member } from './purchase-support';

/**
 * The API's paid plans through PAY.JP subscriptions (issue 27 §2, decisions 0111–0113), on the
 * emulator: a card that has not passed 3-D Secure goes through PAY.JP's three_d_secure_requests
 * first; then subscribe, upgrade at once pro rata, downgrade and cancel at the period's end, undo,
 * and a renewal read back from PAY.JP as a period.
 */

const stack = await startPurchaseStack();
afterAll(() => stack.close());

const PATH = '/api/api-subscription';
type View = {
  plan: { id: string; monthlyQuota: number };
  status: string;
  currentPeriodEnd: string | null;
  nextPlan: { id: string } | null;
  periods: { planName: string; amountYen: number; taxYen: number }[];
};

async function cardOf(member: Member, number = '4242424242424242'): Promise<string> {
  const res = await member.send(cardRoute, '/api/credit-cards/card', { token: await newToken(stack, number) });
  return (res.json as unknown as { card: { id: string } }).card.id;
}

async function view(member: Member): Promise<View> {
  return ((await member.get(subscriptionRoute, PATH)).json as unknown as { subscription: View }).subscription;
}

/** Subscribes with a fresh card, answering its 3-D Secure page as the cardholder. */
async function subscribed(member: Member, planId = 'standard'): Promise<View> {
  const cardId = await cardOf(member);
  const started = await member.send(subscriptionRoute, PATH, { planId, cardId });
  expect(started.status).toBe(200);
  const { redirectUrl } = started.json as unknown as { redirectUrl: string };
  expect(redirectUrl).toContain('/tds/tdsr_');
  const back = await answerChallenge(redirectUrl, 'verified');
  expect(back.pathname).toBe('/api/api-subscription/tds-return');
  const returned = await member.get(returnRoute, back.pathname + back.search);
  expect(returned.status).toBe(303);
  expect(returned.headers.get('location')).toContain('/my-page/api?subscription=started');
  return view(member);
}

describe('subscribing to a paid API plan', () => {
  it('sends a card without 3-D Secure through PAY.JP’s request, then subscribes, charges the first month and lifts the quota', async () => {
    const member = await newMember();
    expect((await view(member)).plan.id).toBe('free');
    const v = await subscribed(member);
    expect(v).toMatchObject({ status: 'active', plan: { id: 'standard', monthlyQuota: 100_000 } });
    expect(v.periods).toEqual([expect.objectContaining({ planName: 'スタンダード', amountYen: 5500, taxYen: 500 })]);
    expect((await currentPlanOf(member.userId)).id).toBe('standard');
    const db = await getDb();
    const [row] = await db.select().from(apiSubscriptions).where(eq(apiSubscriptions.userId, member.userId));
    const charges = await emulatorGet<{ data: { amount: number; paid: boolean }[] }>(
      stack,
      `/charges?subscription=${row?.payjpSubscriptionId ?? ''}`,
    );
    expect(charges.data.map((c) => c.amount)).toEqual([5500]);
    // A second subscription while this one runs is refused; the card has passed, so no second 3-D Secure.
    const again = await member.send(subscriptionRoute, PATH, { planId: 'pro', cardId: await cardOf(member, '5555555555554444') });
    expect(again.status).toBe(409);
  });

  it('subscribes nothing when the cardholder fails 3-D Secure', async () => {
    const member = await newMember();
    const cardId = await cardOf(member);
    const started = await member.send(subscriptionRoute, PATH, { planId: 'standard', cardId });
    const back = await answerChallenge((started.json as unknown as { redirectUrl: string }).redirectUrl, 'failed');
    const returned = await member.get(returnRoute, back.pathname + back.search);
    expect(returned.headers.get('location')).toContain('subscription_error=tds_failed');
    expect((await view(member)).plan.id).toBe('free');
    expect((await currentPlanOf(member.userId)).id).toBe('free');
  });

  it('upgrades at once pro rata, downgrades and cancels at the period’s end, and undoes a cancellation', async () => {
    const member = await newMember();
    await subscribed(member, 'standard');
    const up = await member.send(subscriptionRoute, PATH, { planId: 'pro' }, 'PATCH');
    expect(up.status).toBe(200);
    let v = (up.json as unknown as { subscription: View }).subscription;
    expect(v.plan.id).toBe('pro');
    // Upgraded right after subscribing: the days left are (nearly) the whole month.
    expect(v.periods).toHaveLength(2);
    expect(v.periods[0]?.planName).toBe('プロ');
    expect(v.periods[0]?.amountYen).toBeGreaterThan(21_000);
    expect(v.periods[0]?.amountYen).toBeLessThanOrEqual(22_000);

    v = ((await member.send(subscriptionRoute, PATH, { planId: 'standard' }, 'PATCH')).json as unknown as { subscription: View })
      .subscription;
    expect(v).toMatchObject({ plan: { id: 'pro' }, nextPlan: { id: 'standard' }, status: 'active' });
    v = ((await member.send(subscriptionRoute, PATH, {}, 'DELETE')).json as unknown as { subscription: View }).subscription;
    expect(v).toMatchObject({ plan: { id: 'pro' }, status: 'canceled' });
    expect((await currentPlanOf(member.userId)).id).toBe('pro');
    v = ((await member.send(subscriptionRoute, PATH, { planId: 'pro' }, 'PATCH')).json as unknown as { subscription: View }).subscription;
    expect(v).toMatchObject({ plan: { id: 'pro' }, status: 'active', nextPlan: null });
  });

  it('records a renewal read back from PAY.JP once, however often it is read', async () => {
    const member = await newMember();
    await subscribed(member, 'standard');
    const db = await getDb();
    const [row] = await db.select().from(apiSubscriptions).where(eq(apiSubscriptions.userId, member.userId));
    stack.emu.advanceClock(32 * 86_400);
    await syncSubscription(row?.payjpSubscriptionId ?? '');
    await syncSubscription(row?.payjpSubscriptionId ?? '');
    const periods = await db.select().from(apiSubscriptionPeriods).where(eq(apiSubscriptionPeriods.userId, member.userId));
    expect(periods.map((p) => p.amountYen)).toEqual([5500, 5500]);
  });
});
