import type { PayjpApi } from './api';
import { invalidParam, invalidState, noSuch } from './errors';
import type { Params } from './form';
import { allowOnly, bool, int, mergeMetadata, nested, requiredStr, str } from './form';
import { deletedWire, listWire, newestFirst, parsePage, planWire, subscriptionWire, type Wire } from './objects';
import type { PlanRecord, State, SubscriptionRecord } from './state';
import { newId } from './state';

/**
 * PAY.JP's 定期課金: plans, subscriptions and their renewals, on the emulator's clock. What PAY.JP
 * does and what is simplified here is written down in README.md ("Plans and subscriptions").
 * Renewals run when the clock passes a period end: on every API request, once a second, and at
 * each stop on the way when a test moves the clock (`runDue`).
 */

const JST = 9 * 3600;
const DAY = 86_400;
const AMOUNT_MIN = 50;
const AMOUNT_MAX = 9_999_999;

interface BillingContext {
  state: State;
  api: PayjpApi;
  now: () => number;
}

interface JstParts {
  year: number;
  month: number;
  day: number;
  secondOfDay: number;
}

function jst(t: number): JstParts {
  const d = new Date((t + JST) * 1000);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth(), day: d.getUTCDate(), secondOfDay: (((t + JST) % DAY) + DAY) % DAY };
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/** The JST midnight (as Unix seconds) of `day` in the month `months` after t's month; day clamped to the month's length. */
function monthDay(t: number, months: number, day: number): number {
  const p = jst(t);
  const total = p.month + months;
  const year = p.year + Math.floor(total / 12);
  const month = ((total % 12) + 12) % 12;
  return Date.UTC(year, month, Math.min(day, daysInMonth(year, month))) / 1000 - JST;
}

/** t moved by whole calendar months (JST), on `anchorDay` (clamped: Jan 31 → Feb 28 → Mar 31). */
export function addMonths(t: number, months: number, anchorDay: number): number {
  return monthDay(t, months, anchorDay) + jst(t).secondOfDay;
}

/** PAY.JP charges plans with a billing_day at 09:00 JST that day (the month's last day when shorter). */
export function nextBillingTime(t: number, billingDay: number): number {
  for (let k = 0; ; k++) {
    const at = monthDay(t, k, billingDay) + 9 * 3600;
    if (at > t) return at;
  }
}

function previousBillingTime(next: number, billingDay: number): number {
  return monthDay(next, -1, billingDay) + 9 * 3600;
}

function periodEnd(plan: PlanRecord, start: number, anchorDay: number): number {
  if (plan.interval === 'year') return addMonths(start, 12, anchorDay);
  if (plan.billing_day !== null) return nextBillingTime(start, plan.billing_day);
  return addMonths(start, 1, anchorDay);
}

/** 日割り: the amount for the days from `now` to `end` out of the days of [start, end], rounded down. */
export function prorated(amount: number, start: number, end: number, now: number): number {
  const periodDays = Math.max(1, Math.round((end - start) / DAY));
  const remainingDays = Math.min(periodDays, Math.ceil((end - now) / DAY));
  return Math.floor((amount * remainingDays) / periodDays);
}

export class Billing {
  constructor(private readonly ctx: BillingContext) {}

  private get state(): State {
    return this.ctx.state;
  }

  // -------------------------------------------------------------------------------------------
  // Plans

  createPlan(params: Params): Wire {
    allowOnly(params, ['id', 'amount', 'currency', 'interval', 'name', 'trial_days', 'billing_day', 'metadata']);
    const id = str(params, 'id');
    if (id !== undefined) {
      if (!/^[A-Za-z0-9_-]{1,100}$/.test(id)) throw invalidParam('invalid_flexible_id', 'id', 'Invalid id.');
      if (this.state.plans.has(id)) throw invalidParam('already_exist_id', 'id', `Plan ${id} already exists.`);
    }
    if (params.amount === undefined) throw invalidParam('missing_param', 'amount', 'Missing required param: amount');
    const amount = int(params, 'amount', 'invalid_amount') ?? 0;
    if (amount < AMOUNT_MIN || amount > AMOUNT_MAX) {
      throw invalidParam('invalid_amount', 'amount', `amount must be between ${AMOUNT_MIN} and ${AMOUNT_MAX}.`);
    }
    const currency = requiredStr(params, 'currency');
    if (currency !== 'jpy') throw invalidParam('invalid_currency', 'currency', `Invalid currency: ${currency}`);
    const interval = requiredStr(params, 'interval');
    if (interval !== 'month' && interval !== 'year') throw invalidParam('invalid_interval', 'interval', `Invalid interval: ${interval}`);
    const trialDays = int(params, 'trial_days', 'invalid_trial_days') ?? 0;
    if (trialDays < 0 || trialDays > 365) throw invalidParam('invalid_trial_days', 'trial_days', 'trial_days must be between 0 and 365.');
    const billingDay = int(params, 'billing_day', 'invalid_billing_day');
    if (billingDay !== undefined) {
      if (billingDay < 1 || billingDay > 31)
        throw invalidParam('invalid_billing_day', 'billing_day', 'billing_day must be between 1 and 31.');
      if (interval !== 'month') throw invalidParam('invalid_billing_day', 'billing_day', 'billing_day is only for interval=month.');
    }
    const name = str(params, 'name');
    const plan: PlanRecord = {
      id: id ?? newId('pln_'),
      created: this.ctx.now(),
      seq: this.state.nextSeq(),
      amount,
      currency: 'jpy',
      interval,
      name: name === undefined || name === '' ? null : name,
      trial_days: trialDays,
      billing_day: billingDay ?? null,
      metadata: mergeMetadata(null, nested(params, 'metadata')),
    };
    this.state.plans.set(plan.id, plan);
    const wire = planWire(plan);
    this.ctx.api.event('plan.created', 'plan', plan.id, wire);
    return wire;
  }

  retrievePlan(id: string): Wire {
    return planWire(this.plan(id));
  }

  updatePlan(id: string, params: Params): Wire {
    const plan = this.plan(id);
    allowOnly(params, ['name', 'metadata']);
    const metadata = mergeMetadata(plan.metadata, nested(params, 'metadata'));
    const name = str(params, 'name');
    if (name !== undefined) plan.name = name === '' ? null : name;
    plan.metadata = metadata;
    const wire = planWire(plan);
    this.ctx.api.event('plan.updated', 'plan', plan.id, wire);
    return wire;
  }

  /** Subscriptions already on the plan keep billing it (they hold a copy). */
  deletePlan(id: string): Wire {
    const plan = this.plan(id);
    this.state.plans.delete(id);
    this.ctx.api.event('plan.deleted', 'plan', id, planWire(plan));
    return deletedWire(id);
  }

  listPlans(params: Params): Wire {
    allowOnly(params, ['limit', 'offset', 'since', 'until']);
    return listWire('/v1/plans', newestFirst(this.state.plans.values()), parsePage(params), planWire);
  }

  private plan(id: string, param = 'id'): PlanRecord {
    const plan = this.state.plans.get(id);
    if (!plan) throw noSuch('plan', id, param);
    return plan;
  }

  // -------------------------------------------------------------------------------------------
  // Subscriptions

  createSubscription(params: Params): Wire {
    allowOnly(params, ['customer', 'plan', 'trial_end', 'prorate', 'metadata']);
    const customerId = requiredStr(params, 'customer');
    if (!this.state.customers.has(customerId)) throw noSuch('customer', customerId, 'customer');
    const plan = this.plan(requiredStr(params, 'plan'), 'plan');
    const trialEnd = this.trialEnd(params);
    const prorate = bool(params, 'prorate') ?? false;
    const metadata = mergeMetadata(null, nested(params, 'metadata'));
    const now = this.ctx.now();
    const sub: SubscriptionRecord = {
      id: newId('sub_'),
      created: now,
      seq: this.state.nextSeq(),
      customer: customerId,
      plan: { ...plan },
      next_cycle_plan: null,
      status: 'active',
      prorate,
      start: now,
      current_period_start: now,
      current_period_end: now,
      trial_start: null,
      trial_end: null,
      canceled_at: null,
      paused_at: null,
      resumed_at: null,
      metadata,
      anchorDay: jst(now).day,
    };
    const trialUntil = trialEnd === 'now' ? undefined : (trialEnd ?? (plan.trial_days > 0 ? now + plan.trial_days * DAY : undefined));
    if (trialUntil !== undefined) {
      this.startTrial(sub, now, trialUntil);
    } else if (plan.billing_day !== null) {
      // A billing day: the first charge waits for it, unless prorate=true charges the days up to it now.
      const next = nextBillingTime(now, plan.billing_day);
      sub.current_period_end = next;
      if (prorate) this.chargeOrThrow(sub, prorated(plan.amount, previousBillingTime(next, plan.billing_day), next, now));
    } else {
      this.chargeOrThrow(sub, plan.amount);
      sub.current_period_end = periodEnd(plan, now, sub.anchorDay);
    }
    this.state.subscriptions.set(sub.id, sub);
    return this.changed(sub, 'subscription.created');
  }

  retrieveSubscription(id: string): Wire {
    return subscriptionWire(this.subscription(id));
  }

  retrieveCustomerSubscription(customerId: string, id: string): Wire {
    if (!this.state.customers.has(customerId)) throw noSuch('customer', customerId);
    const sub = this.state.subscriptions.get(id);
    if (sub?.customer !== customerId) throw noSuch('subscription', id);
    return subscriptionWire(sub);
  }

  listSubscriptions(params: Params, customerId?: string): Wire {
    allowOnly(params, ['limit', 'offset', 'since', 'until', 'plan', 'status', ...(customerId === undefined ? ['customer'] : [])]);
    if (customerId !== undefined && !this.state.customers.has(customerId)) throw noSuch('customer', customerId);
    const customer = customerId ?? str(params, 'customer');
    const plan = str(params, 'plan');
    const status = str(params, 'status');
    const items = [...this.state.subscriptions.values()].filter(
      (s) =>
        (customer === undefined || s.customer === customer) &&
        (plan === undefined || s.plan.id === plan) &&
        (status === undefined || s.status === status),
    );
    const url = customerId === undefined ? '/v1/subscriptions' : `/v1/customers/${customerId}/subscriptions`;
    return listWire(url, newestFirst(items), parsePage(params), subscriptionWire);
  }

  updateSubscription(id: string, params: Params): Wire {
    const sub = this.subscription(id);
    allowOnly(params, ['plan', 'trial_end', 'prorate', 'next_cycle_plan', 'metadata']);
    const metadata = mergeMetadata(sub.metadata, nested(params, 'metadata'));
    const trialEnd = this.trialEnd(params);
    const prorate = bool(params, 'prorate');
    const planId = str(params, 'plan');
    const newPlan = planId === undefined ? undefined : { ...this.plan(planId, 'plan') };
    const nextCycle = str(params, 'next_cycle_plan');
    const nextCyclePlan = nextCycle === undefined ? undefined : nextCycle === '' ? null : { ...this.plan(nextCycle, 'next_cycle_plan') };
    const now = this.ctx.now();

    if (newPlan && sub.status === 'active' && typeof trialEnd !== 'number') {
      if (prorate ?? false) {
        // Prorated plan change: the new plan's price for the rest of the current period is charged
        // now; the period stays; nothing is refunded for the old plan.
        this.chargeOrThrow(sub, prorated(newPlan.amount, sub.current_period_start, sub.current_period_end, now));
      } else {
        // Plain plan change: the new plan's full price now and a new period from now (trial_days ignored).
        this.chargeOrThrow(sub, newPlan.amount);
        sub.anchorDay = jst(now).day;
        sub.current_period_start = now;
        sub.current_period_end = periodEnd(newPlan, now, sub.anchorDay);
      }
    }
    if (newPlan) sub.plan = newPlan;
    if (typeof trialEnd === 'number') this.startTrial(sub, now, trialEnd);
    else if (trialEnd === 'now' && sub.status === 'trial') {
      sub.trial_end = now;
      sub.current_period_end = now;
      this.renew(sub);
    }
    if (prorate !== undefined) sub.prorate = prorate;
    if (nextCyclePlan !== undefined) sub.next_cycle_plan = nextCyclePlan;
    sub.metadata = metadata;
    return this.changed(sub, 'subscription.updated');
  }

  pauseSubscription(id: string): Wire {
    const sub = this.subscription(id);
    if (sub.status !== 'active' && sub.status !== 'trial') {
      throw invalidState('invalid_status', `Subscription ${id} is ${sub.status}; only active or trial subscriptions can be paused.`);
    }
    sub.status = 'paused';
    sub.paused_at = this.ctx.now();
    return this.changed(sub, 'subscription.paused');
  }

  resumeSubscription(id: string, params: Params): Wire {
    const sub = this.subscription(id);
    allowOnly(params, ['trial_end', 'prorate']);
    if (sub.status !== 'paused' && sub.status !== 'canceled') {
      throw invalidState('invalid_status', `Subscription ${id} is ${sub.status}; only paused or canceled subscriptions can be resumed.`);
    }
    const trialEnd = this.trialEnd(params);
    const prorate = bool(params, 'prorate') ?? sub.prorate;
    const now = this.ctx.now();
    if (typeof trialEnd === 'number') {
      this.startTrial(sub, now, trialEnd);
    } else if (trialEnd === undefined && now < sub.current_period_end) {
      // Still inside a paid (or trial) period: nothing to charge.
      sub.status = sub.trial_end !== null && now < sub.trial_end ? 'trial' : 'active';
    } else {
      // The period is over (e.g. paused by a failed renewal): charge now and start a new period.
      const plan = sub.next_cycle_plan ?? sub.plan;
      let amount = plan.amount;
      let end = periodEnd(plan, now, jst(now).day);
      if (plan.billing_day !== null) {
        end = nextBillingTime(now, plan.billing_day);
        if (prorate) amount = prorated(plan.amount, previousBillingTime(end, plan.billing_day), end, now);
      }
      this.chargeOrThrow(sub, amount);
      sub.plan = plan;
      sub.next_cycle_plan = null;
      sub.anchorDay = jst(now).day;
      sub.current_period_start = now;
      sub.current_period_end = end;
      sub.status = 'active';
    }
    sub.canceled_at = null;
    sub.resumed_at = now;
    return this.changed(sub, 'subscription.resumed');
  }

  /** Cancels at the period end: `canceled` now (still resumable), deleted at current_period_end. */
  cancelSubscription(id: string): Wire {
    const sub = this.subscription(id);
    if (sub.status === 'canceled') throw invalidState('invalid_status', `Subscription ${id} is already canceled.`);
    sub.status = 'canceled';
    sub.canceled_at = this.ctx.now();
    return this.changed(sub, 'subscription.canceled');
  }

  /** Deletes at once; prorate=true refunds the unused days of the period's charge. */
  deleteSubscription(id: string, params: Params): Wire {
    const sub = this.subscription(id);
    allowOnly(params, ['prorate']);
    const prorate = bool(params, 'prorate') ?? false;
    const now = this.ctx.now();
    if (prorate && (sub.status === 'active' || sub.status === 'canceled') && now < sub.current_period_end) {
      const paid = newestFirst([...this.state.charges.values()].filter((c) => c.subscription === sub.id && c.paid && !c.refunded))[0];
      if (paid && paid.created >= sub.current_period_start) {
        const refund = Math.min(
          paid.amount - paid.amount_refunded,
          prorated(paid.amount, sub.current_period_start, sub.current_period_end, now),
        );
        if (refund >= 1) this.ctx.api.refundCharge(paid.id, { amount: String(refund) });
      }
    }
    this.state.subscriptions.delete(sub.id);
    this.ctx.api.event('subscription.deleted', 'subscription', sub.id, subscriptionWire(sub));
    return deletedWire(sub.id);
  }

  // -------------------------------------------------------------------------------------------
  // Renewals

  /**
   * Runs every period end up to `upTo`, earliest first, moving the clock to each one on the way
   * (`setClock`) so charges and events carry the time they fall due. Returns how many ran.
   */
  runDue(upTo: number, setClock: (t: number) => void): number {
    let ran = 0;
    for (;;) {
      let next: SubscriptionRecord | undefined;
      for (const s of this.state.subscriptions.values()) {
        if (s.status === 'paused' || s.current_period_end > upTo) continue;
        if (
          !next ||
          s.current_period_end < next.current_period_end ||
          (s.current_period_end === next.current_period_end && s.seq < next.seq)
        )
          next = s;
      }
      if (!next) return ran;
      if (next.current_period_end > this.ctx.now()) setClock(next.current_period_end);
      if (next.status === 'canceled') {
        this.state.subscriptions.delete(next.id);
        this.ctx.api.event('subscription.deleted', 'subscription', next.id, subscriptionWire(next));
      } else {
        this.renew(next);
      }
      ran += 1;
    }
  }

  /** A period end of an active or trial subscription: charge the next period, or pause on failure. */
  private renew(sub: SubscriptionRecord): void {
    const plan = sub.next_cycle_plan ?? sub.plan;
    const start = sub.current_period_end;
    const end = periodEnd(plan, start, sub.anchorDay);
    const full = plan.billing_day !== null ? previousBillingTime(end, plan.billing_day) : start;
    const amount = sub.prorate && full < start ? prorated(plan.amount, full, end, start) : plan.amount;
    const result = amount >= AMOUNT_MIN ? this.ctx.api.chargeForSubscription(sub.customer, amount, sub.id) : undefined;
    if (result && 'error' in result) {
      // PAY.JP: a failed renewal leaves the subscription paused (charge.failed has been emitted).
      sub.status = 'paused';
      sub.paused_at = this.ctx.now();
      this.changed(sub, 'subscription.paused');
      return;
    }
    sub.plan = plan;
    sub.next_cycle_plan = null;
    sub.status = 'active';
    sub.current_period_start = start;
    sub.current_period_end = end;
    this.changed(sub, 'subscription.renewed');
  }

  // -------------------------------------------------------------------------------------------

  private startTrial(sub: SubscriptionRecord, now: number, until: number): void {
    sub.status = 'trial';
    sub.trial_start = now;
    sub.trial_end = until;
    sub.current_period_start = now;
    sub.current_period_end = until;
  }

  /** Charges the subscription's customer now; a refused card fails the request (402, nothing changed). */
  private chargeOrThrow(sub: SubscriptionRecord, amount: number): void {
    if (amount < AMOUNT_MIN) return;
    const result = this.ctx.api.chargeForSubscription(sub.customer, amount, sub.id);
    if ('error' in result) throw result.error;
  }

  private trialEnd(params: Params): number | 'now' | undefined {
    const value = str(params, 'trial_end');
    if (value === undefined || value === 'now') return value;
    const t = int(params, 'trial_end', 'invalid_timestamp') ?? 0;
    const now = this.ctx.now();
    if (t <= now || t > now + 5 * 366 * DAY) {
      throw invalidParam('invalid_timestamp', 'trial_end', 'trial_end must be in the future (at most 5 years ahead) or "now".');
    }
    return t;
  }

  private changed(sub: SubscriptionRecord, type: string): Wire {
    const wire = subscriptionWire(sub);
    this.ctx.api.event(type, 'subscription', sub.id, wire);
    return wire;
  }

  private subscription(id: string): SubscriptionRecord {
    const sub = this.state.subscriptions.get(id);
    if (!sub) throw noSuch('subscription', id);
    return sub;
  }
}
