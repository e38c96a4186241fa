import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Payjp from 'payjp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPayjpEmulator, type PayjpEmulator } from './emulator';
import { addMonths, nextBillingTime, prorated } from './subscriptions';
import { passChallenge, tokenId } from './test-helpers';

// Plans, subscriptions, renewals and the clock, with the official PAY.JP Node SDK as the client.

let emu: PayjpEmulator;
let payjp: Payjp.Payjp;

beforeAll(async () => {
  emu = await startPayjpEmulator({ port: 0, webhookUrl: null });
  payjp = Payjp(emu.secretKey, { apibase: emu.apiBase });
});
afterAll(async () => {
  await emu.close();
});
beforeEach(() => {
  emu.reset();
});

const DAY = 86_400;

async function clock(body: Record<string, number>): Promise<{ now: number; renewals: number }> {
  const response = await fetch(`${emu.url}/__control/clock`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { now: number; renewals: number };
}

async function failure(promise: Promise<unknown>): Promise<{ status: number; code?: string }> {
  try {
    await promise;
  } catch (e) {
    const err = e as { status?: number; response?: { body?: { error?: { code?: string } } } };
    if (err.status === undefined) throw e;
    return { status: err.status, code: err.response?.body?.error?.code };
  }
  throw new Error('expected the request to fail');
}

async function subscriber(number = '4242424242424242'): Promise<Payjp.Customer> {
  return payjp.customers.create({ email: 'member@example.com', card: await tokenId(emu, number) });
}

async function charges(subscription: string): Promise<Payjp.Charge[]> {
  const list = await fetch(`${emu.apiBase}/charges?subscription=${subscription}&limit=100`, {
    headers: { Authorization: `Basic ${Buffer.from(`${emu.secretKey}:`).toString('base64')}` },
  });
  return ((await list.json()) as { data: Payjp.Charge[] }).data.reverse();
}

async function eventTypes(resourceId: string): Promise<string[]> {
  const events = await payjp.events.list({ resource_id: resourceId, limit: 100 });
  return events.data.map((e) => e.type).reverse();
}

describe('plans', () => {
  it('creates, retrieves, updates, lists and deletes plans with PAY.JP fields', async () => {
    const plan = await payjp.plans.create({
      amount: 1100,
      currency: 'jpy',
      interval: 'month',
      name: 'Standard',
      trial_days: 0,
      metadata: { tier: 'standard' },
    });
    expect(plan.id).toMatch(/^pln_[0-9a-f]{28}$/);
    expect(Object.keys(plan).sort()).toEqual(
      ['amount', 'billing_day', 'created', 'currency', 'id', 'interval', 'livemode', 'metadata', 'name', 'object', 'trial_days'].sort(),
    );
    expect(plan).toMatchObject({ object: 'plan', amount: 1100, currency: 'jpy', interval: 'month', billing_day: null, livemode: false });
    const named = await payjp.plans.create({ id: 'pro-yearly', amount: 110_000, currency: 'jpy', interval: 'year' });
    expect(named.id).toBe('pro-yearly');
    expect((await payjp.plans.update(plan.id, { name: 'Standard 2' })).name).toBe('Standard 2');
    expect((await payjp.plans.retrieve(plan.id)).metadata).toEqual({ tier: 'standard' });
    expect((await payjp.plans.list()).count).toBe(2);
    expect(await payjp.plans.delete(named.id)).toEqual({ deleted: true, id: named.id, livemode: false });
    expect((await failure(payjp.plans.retrieve(named.id))).status).toBe(404);
    const bad = await failure(payjp.plans.create({ amount: 1100, currency: 'jpy', interval: 'year', billing_day: 1 }));
    expect(bad).toEqual({ status: 400, code: 'invalid_billing_day' });
  });
});

describe('subscriptions and the clock', () => {
  it('charges at creation, then renews 12 times when the clock moves a year, in order, each with its charge and event', async () => {
    const plan = await payjp.plans.create({ amount: 1100, currency: 'jpy', interval: 'month' });
    const customer = await subscriber();
    const sub = await payjp.subscriptions.create({ customer: customer.id, plan: plan.id, metadata: { member: 'm1' } });
    expect(sub).toMatchObject({ object: 'subscription', status: 'active', customer: customer.id, prorate: false, trial_end: null });
    expect(sub.plan.id).toBe(plan.id);
    expect(sub.current_period_start).toBe(sub.created);
    expect(sub.current_period_end).toBe(addMonths(sub.created, 1, new Date((sub.created + 9 * 3600) * 1000).getUTCDate()));

    const started = Date.now();
    const moved = await clock({ advance_days: 366 });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(moved.renewals).toBe(12);

    const paid = await charges(sub.id);
    expect(paid).toHaveLength(13);
    for (const c of paid)
      expect(c).toMatchObject({ amount: 1100, paid: true, captured: true, subscription: sub.id, customer: customer.id });
    // Each renewal is charged when its period starts, a calendar month after the one before.
    const anchor = new Date((sub.created + 9 * 3600) * 1000).getUTCDate();
    paid.forEach((c, i) => expect(c.created).toBe(addMonths(sub.created, i, anchor)));

    const renewed = await payjp.subscriptions.retrieve(sub.id);
    expect(renewed.current_period_start).toBe(addMonths(sub.created, 12, anchor));
    expect(renewed.status).toBe('active');
    const types = await eventTypes(sub.id);
    expect(types[0]).toBe('subscription.created');
    expect(types.filter((t) => t === 'subscription.renewed')).toHaveLength(12);
    const succeeded = await payjp.events.list({ type: 'charge.succeeded', limit: 100 });
    expect(succeeded.count).toBe(13);
    // The customer object lists the subscription, and so do the customer's subscription endpoints.
    expect((await payjp.customers.retrieve(customer.id)).subscriptions.data[0]?.id).toBe(sub.id);
    expect((await payjp.customers.subscriptions.list(customer.id)).data.map((s) => s.id)).toEqual([sub.id]);
    expect((await payjp.customers.subscriptions.retrieve(customer.id, sub.id)).id).toBe(sub.id);
    expect((await payjp.subscriptions.list({ status: 'active', plan: plan.id })).count).toBe(1);
  });

  it('pauses the subscription when a renewal charge fails (charge.failed), and a new card resumes it with a new period', async () => {
    const plan = await payjp.plans.create({ amount: 1100, currency: 'jpy', interval: 'month' });
    const customer = await subscriber();
    const sub = await payjp.subscriptions.create({ customer: customer.id, plan: plan.id });
    // A card that is declined when charged becomes the default.
    const declining = await payjp.customers.cards.create(customer.id, { card: await tokenId(emu, '4000000000080319'), default: true });
    expect((await clock({ advance_days: 40 })).renewals).toBe(1);
    const paused = await payjp.subscriptions.retrieve(sub.id);
    expect(paused.status).toBe('paused');
    expect(paused.paused_at).toBe(sub.current_period_end);
    const failed = await payjp.events.list({ type: 'charge.failed' });
    expect(failed.count).toBe(1);
    const failedCharge = failed.data[0]?.data as Payjp.Charge;
    expect(failedCharge).toMatchObject({ subscription: sub.id, paid: false, failure_code: 'card_declined' });
    expect((await eventTypes(sub.id)).at(-1)).toBe('subscription.paused');
    // Paused: no more renewals.
    expect((await clock({ advance_days: 40 })).renewals).toBe(0);
    // Resuming on the declining card fails and leaves it paused.
    expect((await failure(payjp.subscriptions.resume(sub.id))).code).toBe('card_declined');
    expect((await payjp.subscriptions.retrieve(sub.id)).status).toBe('paused');
    // A new card: resume charges at once and starts a period from now.
    await payjp.customers.cards.delete(customer.id, declining.id);
    const resumed = await payjp.subscriptions.resume(sub.id);
    expect(resumed.status).toBe('active');
    expect(resumed.resumed_at).toBe(resumed.current_period_start);
    const all = await charges(sub.id);
    expect(all.map((c) => c.paid)).toEqual([true, false, false, true]);
    expect((await eventTypes(sub.id)).at(-1)).toBe('subscription.resumed');
  });

  it('changes plan: at once with a new period, or prorated for the rest of the period', async () => {
    const basic = await payjp.plans.create({ amount: 1000, currency: 'jpy', interval: 'month' });
    const pro = await payjp.plans.create({ amount: 3000, currency: 'jpy', interval: 'month' });
    const customer = await subscriber();
    const sub = await payjp.subscriptions.create({ customer: customer.id, plan: basic.id });
    await clock({ advance_days: 10 });

    const upgraded = await payjp.subscriptions.update(sub.id, { plan: pro.id, prorate: true });
    expect(upgraded.plan.id).toBe(pro.id);
    expect(upgraded.current_period_start).toBe(sub.current_period_start);
    expect(upgraded.current_period_end).toBe(sub.current_period_end);
    const now = (await clock({ advance_seconds: 0 })).now;
    const expected = prorated(3000, sub.current_period_start, sub.current_period_end, now);
    expect(expected).toBeGreaterThan(2000);
    expect(expected).toBeLessThan(3000);
    expect((await charges(sub.id)).map((c) => c.amount)).toEqual([1000, expected]);

    const downgraded = await payjp.subscriptions.update(sub.id, { plan: basic.id });
    expect(downgraded.current_period_start).toBeGreaterThanOrEqual(now);
    expect(downgraded.current_period_start).toBeLessThan(now + 5);
    expect((await charges(sub.id)).map((c) => c.amount)).toEqual([1000, expected, 1000]);
    expect((await eventTypes(sub.id)).filter((t) => t === 'subscription.updated')).toHaveLength(2);

    // next_cycle_plan applies at the next renewal.
    await payjp.subscriptions.update(sub.id, { next_cycle_plan: pro.id });
    await clock({ advance_days: 31 });
    const next = await payjp.subscriptions.retrieve(sub.id);
    expect(next.plan.id).toBe(pro.id);
    expect(next.next_cycle_plan).toBeNull();
    expect((await charges(sub.id)).at(-1)?.amount).toBe(3000);
  });

  it('cancels at the period end (canceled now, deleted at current_period_end, no renewal), and can resume before that', async () => {
    const plan = await payjp.plans.create({ amount: 1100, currency: 'jpy', interval: 'month' });
    const customer = await subscriber();
    const sub = await payjp.subscriptions.create({ customer: customer.id, plan: plan.id });
    const canceled = await payjp.subscriptions.cancel(sub.id);
    expect(canceled.status).toBe('canceled');
    expect(canceled.canceled_at).not.toBeNull();
    // Resumable within the period, without a charge.
    expect((await payjp.subscriptions.resume(sub.id)).status).toBe('active');
    await payjp.subscriptions.cancel(sub.id);
    await clock({ advance_days: 20 });
    expect((await payjp.subscriptions.retrieve(sub.id)).status).toBe('canceled');
    await clock({ advance_days: 20 });
    expect((await failure(payjp.subscriptions.retrieve(sub.id))).status).toBe(404);
    expect(await charges(sub.id)).toHaveLength(1);
    const types = await eventTypes(sub.id);
    expect(types.slice(1)).toEqual(['subscription.canceled', 'subscription.resumed', 'subscription.canceled', 'subscription.deleted']);
    const deleted = await payjp.events.list({ type: 'subscription.deleted' });
    expect(deleted.data[0]?.created).toBe(sub.current_period_end);
  });

  it('deletes at once, refunding the unused days with prorate=true', async () => {
    const plan = await payjp.plans.create({ amount: 3000, currency: 'jpy', interval: 'month' });
    const customer = await subscriber();
    const sub = await payjp.subscriptions.create({ customer: customer.id, plan: plan.id });
    await clock({ advance_days: 10 });
    expect(await payjp.subscriptions.delete(sub.id, { prorate: true })).toEqual({ deleted: true, id: sub.id, livemode: false });
    expect((await failure(payjp.subscriptions.retrieve(sub.id))).status).toBe(404);
    const [charge] = await charges(sub.id);
    expect(charge?.amount_refunded).toBeGreaterThan(1500);
    expect(charge?.amount_refunded).toBeLessThan(3000);
    expect((await clock({ advance_days: 40 })).renewals).toBe(0);
  });

  it('pauses and resumes: no renewal while paused; resumed inside the period without a charge, after it with one', async () => {
    const plan = await payjp.plans.create({ amount: 1100, currency: 'jpy', interval: 'month' });
    const customer = await subscriber();
    const sub = await payjp.subscriptions.create({ customer: customer.id, plan: plan.id });
    expect((await payjp.subscriptions.pause(sub.id)).status).toBe('paused');
    expect((await failure(payjp.subscriptions.pause(sub.id))).status).toBe(400);
    const inside = await payjp.subscriptions.resume(sub.id);
    expect(inside).toMatchObject({ status: 'active', current_period_end: sub.current_period_end });
    expect(await charges(sub.id)).toHaveLength(1);
    await payjp.subscriptions.pause(sub.id);
    expect((await clock({ advance_days: 45 })).renewals).toBe(0);
    const after = await payjp.subscriptions.resume(sub.id);
    expect(after.status).toBe('active');
    expect(after.current_period_start).toBeGreaterThan(sub.current_period_end);
    expect(await charges(sub.id)).toHaveLength(2);
    expect((await eventTypes(sub.id)).slice(1)).toEqual([
      'subscription.paused',
      'subscription.resumed',
      'subscription.paused',
      'subscription.resumed',
    ]);
  });

  it('starts a trial from the plan (trial_days) or trial_end, and charges when it ends', async () => {
    const plan = await payjp.plans.create({ amount: 1100, currency: 'jpy', interval: 'month', trial_days: 14 });
    const customer = await subscriber();
    const sub = await payjp.subscriptions.create({ customer: customer.id, plan: plan.id });
    expect(sub).toMatchObject({ status: 'trial', trial_start: sub.created, trial_end: sub.created + 14 * 86_400 });
    expect(await charges(sub.id)).toHaveLength(0);
    expect((await clock({ advance_days: 15 })).renewals).toBe(1);
    const active = await payjp.subscriptions.retrieve(sub.id);
    expect(active).toMatchObject({ status: 'active', current_period_start: sub.trial_end });
    expect(await charges(sub.id)).toHaveLength(1);

    const now = (await clock({ advance_seconds: 0 })).now;
    const other = await payjp.subscriptions.create({ customer: customer.id, plan: plan.id, trial_end: now + 3 * DAY });
    expect(other.current_period_end).toBe(now + 3 * DAY);
    const skipped = await payjp.subscriptions.create({ customer: customer.id, plan: plan.id, trial_end: 'now' });
    expect(skipped.status).toBe('active');
  });

  it('waits for the billing day (09:00 JST) or charges the days up to it with prorate=true', async () => {
    const plan = await payjp.plans.create({ amount: 3100, currency: 'jpy', interval: 'month', billing_day: 1 });
    const customer = await subscriber();
    const waiting = await payjp.subscriptions.create({ customer: customer.id, plan: plan.id });
    expect(waiting.current_period_end).toBe(nextBillingTime(waiting.created, 1));
    expect(new Date((waiting.current_period_end + 9 * 3600) * 1000).getUTCHours()).toBe(9);
    expect(await charges(waiting.id)).toHaveLength(0);
    const prorating = await payjp.subscriptions.create({ customer: customer.id, plan: plan.id, prorate: true });
    const [first] = await charges(prorating.id);
    expect(first?.amount).toBeGreaterThan(0);
    expect(first?.amount).toBeLessThanOrEqual(3100);
  });

  it('refuses a subscription whose first charge is declined (402, no subscription)', async () => {
    const plan = await payjp.plans.create({ amount: 1100, currency: 'jpy', interval: 'month' });
    const customer = await subscriber('4000000000080319');
    expect(await failure(payjp.subscriptions.create({ customer: customer.id, plan: plan.id }))).toEqual({
      status: 402,
      code: 'card_declined',
    });
    expect((await payjp.subscriptions.list()).count).toBe(0);
  });

  it('subscribes with a card that passed 3-D Secure (three_d_secure_requests)', async () => {
    const plan = await payjp.plans.create({ amount: 1100, currency: 'jpy', interval: 'month' });
    const customer = await subscriber();
    const cardId = customer.default_card ?? '';
    const request = await payjp.three_d_secure_requests.create({ resource_id: cardId });
    await passChallenge(emu, request.id, 'verified');
    expect((await payjp.three_d_secure_requests.retrieve(request.id)).state).toBe('finished');
    expect((await payjp.customers.cards.retrieve(customer.id, cardId)).three_d_secure_status).toBe('verified');
    const sub = await payjp.subscriptions.create({ customer: customer.id, plan: plan.id });
    const [charge] = await charges(sub.id);
    expect(charge?.card?.three_d_secure_status).toBe('verified');
  });

  it('moves the in-process clock the same way (advanceClock returns the renewals run)', async () => {
    const plan = await payjp.plans.create({ amount: 1100, currency: 'jpy', interval: 'year' });
    const customer = await subscriber();
    await payjp.subscriptions.create({ customer: customer.id, plan: plan.id });
    expect(emu.advanceClock(2 * 366 * DAY)).toBe(2);
    const bad = await fetch(`${emu.url}/__control/clock`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ advance_days: 1, advance_seconds: 1 }),
    });
    expect(bad.status).toBe(400);
  });

  it('keeps plans and subscriptions in the state file across a restart', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'payjp-emu-sub-'));
    const stateFile = path.join(dir, 'state.json');
    try {
      const first = await startPayjpEmulator({ port: 0, webhookUrl: null, stateFile });
      const client = Payjp(first.secretKey, { apibase: first.apiBase });
      const plan = await client.plans.create({ amount: 1100, currency: 'jpy', interval: 'month' });
      const customer = await client.customers.create({ card: await tokenId(first) });
      const sub = await client.subscriptions.create({ customer: customer.id, plan: plan.id });
      await first.close();
      const second = await startPayjpEmulator({ port: 0, webhookUrl: null, stateFile });
      const again = Payjp(second.secretKey, { apibase: second.apiBase });
      expect(await again.subscriptions.retrieve(sub.id)).toEqual(sub);
      expect((await again.plans.retrieve(plan.id)).amount).toBe(1100);
      expect(second.advanceClock(32 * DAY)).toBe(1);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
