import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';

import { apiSubscriptionPeriods, apiSubscriptions, webhookDeliveries, webhookEvents } from '@db/schema';
import { getDb } from '@/server/db/client';
import { currentPlanOf } from '@/features/api/server/plans';
import { checkSubscriptions, createWebhookEndpoint, syncSubscription } from '@/features/api/index.server';
import * as cardRoute from '@/app/api/credit-cards/card/route';
import * as subscriptionRoute from '@/app/api/api-subscription/route';
import * as returnRoute from '@/app/api/api-subscription/tds-return/route';
import * as webhookRoute from '@/app/api/payments/webhook/route';

import { call } from '../support/requests';

import { answerChallenge, emulatorGet, mailsTo, newMember, newToken, startPurchaseStack, type Member } from './purchase-support';

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

/** Moves the emulator's clock (renewals run on the way); its time after. */
async function advance(seconds: number): Promise<{ now: number; renewals: number }> {
  const res = await fetch(`${stack.emu.url}/__control/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advance_seconds: seconds }),
  });
  return (await res.json()) as { now: number; renewals: number };
}

async function view(member: Member): Promise<View> {
  return ((await member.get(subscriptionRoute, PATH)).json as unknown as { subscription: View }).subscription;
}

/** Subscribes with a fresh card, answering its 3-D Secure page as the cardholder. */
async function subscribed(member: Member, planId = 'standard', number = '4242424242424242'): Promise<View> {
  const cardId = await cardOf(member, number);
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

  it('records a renewal read back from PAY.JP once, however often it is read, and tells the member’s webhook once', async () => {
    const member = await newMember();
    await subscribed(member, 'standard');
    await createWebhookEndpoint(member.userId, { url: 'http://127.0.0.1:9/billing', eventTypes: ['billing.renewed'] });
    const db = await getDb();
    const [row] = await db.select().from(apiSubscriptions).where(eq(apiSubscriptions.userId, member.userId));
    stack.emu.advanceClock(32 * 86_400);
    await syncSubscription(row?.payjpSubscriptionId ?? '');
    await syncSubscription(row?.payjpSubscriptionId ?? '');
    const periods = await db.select().from(apiSubscriptionPeriods).where(eq(apiSubscriptionPeriods.userId, member.userId));
    expect(periods.map((p) => p.amountYen)).toEqual([5500, 5500]);
    // The renewal (not the first month, paid before the endpoint existed) is one billing.renewed event with one delivery.
    const events = await db.select().from(webhookEvents).where(eq(webhookEvents.userId, member.userId));
    expect(events.map((e) => e.type)).toEqual(['billing.renewed']);
    expect(events[0]?.payload).toMatchObject({ type: 'billing.renewed', data: { plan: 'standard', amountYen: 5500, taxYen: 500 } });
    expect(
      await db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.eventId, events[0]?.id ?? '')),
    ).toHaveLength(1);
  });
});

describe('a year of renewals, a failed renewal, the grace, the free plan and a new card', () => {
  it('records each renewal with its mail, keeps the paid quota through the grace, drops to free, and resumes with a new card; the ledger equals the periods', async () => {
    const member = await newMember();
    await subscribed(member, 'standard');
    const db = await getDb();
    const [row] = await db.select().from(apiSubscriptions).where(eq(apiSubscriptions.userId, member.userId));
    const subId = row?.payjpSubscriptionId ?? '';
    const at = (s: number) => new Date(s * 1000);

    // 12 renewals as the emulator's clock runs a year; the periodic check reads them back (no webhook here).
    let clock = await advance(366 * 86_400);
    expect(clock.renewals).toBeGreaterThanOrEqual(12);
    expect((await checkSubscriptions({ now: at(clock.now) })).ran).toBe(true);
    let periods = await db.select().from(apiSubscriptionPeriods).where(eq(apiSubscriptionPeriods.userId, member.userId));
    expect(periods).toHaveLength(13);
    expect(periods.every((p) => p.amountYen === 5500 && p.taxYen === 500)).toBe(true);

    // The next renewal fails: a card that is refused when charged becomes the default.
    await member.send(cardRoute, '/api/credit-cards/card', { token: await newToken(stack, '4000000000080319') });
    clock = await advance(32 * 86_400);
    await checkSubscriptions({ now: at(clock.now) });
    const [paused] = await db.select().from(apiSubscriptions).where(eq(apiSubscriptions.userId, member.userId));
    expect(paused?.status).toBe('paused');
    expect((await currentPlanOf(member.userId, at(clock.now))).id).toBe('standard'); // the grace
    await expect
      .poll(async () => (await mailsTo(stack, member.email)).map((m) => m.subject), { timeout: 10_000 })
      .toEqual(expect.arrayContaining([expect.stringContaining('更新の決済ができませんでした')]));

    // Past the grace: the free plan, mailed once.
    const after = at(clock.now + 8 * 86_400);
    expect((await checkSubscriptions({ now: after })).lapsed).toBe(1);
    expect((await checkSubscriptions({ now: after })).lapsed).toBe(0);
    expect((await currentPlanOf(member.userId, after)).id).toBe('free');
    expect((await view(member)).status).toBe('lapsed');
    await expect
      .poll(async () => (await mailsTo(stack, member.email)).map((m) => m.subject), { timeout: 10_000 })
      .toEqual(expect.arrayContaining([expect.stringContaining('フリープランになりました')]));

    // A new card (through its 3-D Secure) resumes it: charged now, paid again.
    const v = await subscribed(member, 'standard', '5555555555554444');
    expect(v.status).toBe('active');
    expect(v.plan.id).toBe('standard');
    periods = await db.select().from(apiSubscriptionPeriods).where(eq(apiSubscriptionPeriods.userId, member.userId));
    expect(periods).toHaveLength(14);

    // The emulator's ledger of paid charges equals the periods, one for one.
    const charges = await emulatorGet<{ data: { id: string; amount: number; paid: boolean }[] }>(
      stack,
      `/charges?subscription=${subId}&limit=100`,
    );
    const paidCharges = charges.data.filter((c) => c.paid);
    expect(paidCharges.map((c) => c.id).sort()).toEqual(periods.map((p) => p.payjpChargeId).sort());
    expect(paidCharges.reduce((a, c) => a + c.amount, 0)).toBe(periods.reduce((a, p) => a + p.amountYen, 0));
    await expect
      .poll(async () => (await mailsTo(stack, member.email)).filter((m) => m.subject.includes('お支払いが完了しました')).length, {
        timeout: 15_000,
      })
      .toBe(14);
  });
});

describe('renewals by webhook', () => {
  it('reads a subscription.renewed and its charge.succeeded back from PAY.JP: one period, whatever the body says, however often delivered', async () => {
    const member = await newMember();
    await subscribed(member, 'standard');
    const db = await getDb();
    const [row] = await db.select().from(apiSubscriptions).where(eq(apiSubscriptions.userId, member.userId));
    const subId = row?.payjpSubscriptionId ?? '';
    await advance(32 * 86_400);
    const events = await emulatorGet<{ data: { id: string; type: string; data: { id: string; object: string } }[] }>(
      stack,
      `/events?resource_id=${subId}&type=subscription.renewed&limit=1`,
    );
    const renewed = events.data[0];
    expect(renewed).toBeDefined();
    const deliver = (event: unknown) =>
      call(webhookRoute, '/api/payments/webhook', {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'x-payjp-webhook-token': stack.emu.webhookToken },
        body: JSON.stringify(event),
      });
    // The body claims another plan and amount: only what PAY.JP answers when asked counts.
    const forged = { ...renewed, data: { ...renewed?.data, plan: { id: 'hojin_api_pro_22000', amount: 1 } } };
    expect((await deliver(forged)).status).toBe(200);
    expect((await deliver(forged)).json).toMatchObject({ duplicate: true });
    const periods = await db.select().from(apiSubscriptionPeriods).where(eq(apiSubscriptionPeriods.userId, member.userId));
    expect(periods.map((p) => [p.planId, p.amountYen])).toEqual([
      ['standard', 5500],
      ['standard', 5500],
    ]);
  });
});
