import { invalidParam } from './errors';
import type { Params } from './form';
import { int } from './form';
import type {
  CardRecord,
  ChargeRecord,
  CustomerRecord,
  EventRecord,
  PlanRecord,
  State,
  SubscriptionRecord,
  TdsRequestRecord,
  TokenRecord,
} from './state';

/** The JSON PAY.JP answers with, built from the emulator's records (field sets per the v1 reference). */

export type Wire = Record<string, unknown>;

export function cardWire(card: CardRecord): Wire {
  return {
    object: 'card',
    id: card.id,
    livemode: false,
    created: card.created,
    name: card.name,
    last4: card.last4,
    exp_month: card.exp_month,
    exp_year: card.exp_year,
    brand: card.brand,
    cvc_check: card.cvc_check,
    fingerprint: card.fingerprint,
    address_state: card.address_state,
    address_city: card.address_city,
    address_line1: card.address_line1,
    address_line2: card.address_line2,
    country: card.country,
    address_zip: card.address_zip,
    address_zip_check: card.address_zip_check,
    customer: card.customer,
    metadata: card.metadata,
    three_d_secure_status: card.three_d_secure_status,
    email: card.email,
    phone: card.phone,
  };
}

export function tokenWire(token: TokenRecord): Wire {
  return {
    object: 'token',
    id: token.id,
    livemode: false,
    created: token.created,
    used: token.used,
    card: cardWire(token.card),
  };
}

export function chargeWire(charge: ChargeRecord): Wire {
  return {
    object: 'charge',
    id: charge.id,
    livemode: false,
    created: charge.created,
    amount: charge.amount,
    currency: charge.currency,
    paid: charge.paid,
    expired_at: charge.expired_at,
    captured: charge.captured,
    captured_at: charge.captured_at,
    card: cardWire(charge.card),
    customer: charge.customer,
    description: charge.description,
    failure_code: charge.failure_code,
    failure_message: charge.failure_message,
    fee_rate: '3.00',
    refunded: charge.refunded,
    amount_refunded: charge.amount_refunded,
    refund_reason: charge.refund_reason,
    subscription: charge.subscription ?? null,
    metadata: charge.metadata,
    three_d_secure_status: charge.three_d_secure_status,
    term_id: null,
  };
}

export function customerWire(state: State, customer: CustomerRecord): Wire {
  const cards = customer.cardIds.map((id) => state.cards.get(id)).filter((c): c is CardRecord => c !== undefined);
  const url = `/v1/customers/${customer.id}/cards`;
  return {
    object: 'customer',
    id: customer.id,
    livemode: false,
    created: customer.created,
    email: customer.email,
    description: customer.description,
    default_card: customer.default_card,
    metadata: customer.metadata,
    cards: listWire(url, newestFirst(cards), { limit: 10, offset: 0 }, cardWire),
    subscriptions: listWire(
      `/v1/customers/${customer.id}/subscriptions`,
      newestFirst([...state.subscriptions.values()].filter((s) => s.customer === customer.id)),
      { limit: 10, offset: 0 },
      subscriptionWire,
    ),
  };
}

export function planWire(plan: PlanRecord): Wire {
  return {
    object: 'plan',
    id: plan.id,
    livemode: false,
    created: plan.created,
    amount: plan.amount,
    currency: plan.currency,
    interval: plan.interval,
    name: plan.name,
    trial_days: plan.trial_days,
    billing_day: plan.billing_day,
    metadata: plan.metadata,
  };
}

export function subscriptionWire(s: SubscriptionRecord): Wire {
  return {
    object: 'subscription',
    id: s.id,
    livemode: false,
    created: s.created,
    start: s.start,
    customer: s.customer,
    plan: planWire(s.plan),
    next_cycle_plan: s.next_cycle_plan ? planWire(s.next_cycle_plan) : null,
    status: s.status,
    prorate: s.prorate,
    current_period_start: s.current_period_start,
    current_period_end: s.current_period_end,
    trial_start: s.trial_start,
    trial_end: s.trial_end,
    canceled_at: s.canceled_at,
    paused_at: s.paused_at,
    resumed_at: s.resumed_at,
    metadata: s.metadata,
  };
}

export function tdsRequestWire(r: TdsRequestRecord): Wire {
  return {
    object: 'three_d_secure_request',
    id: r.id,
    resource_id: r.resource_id,
    livemode: false,
    created: r.created,
    state: r.state,
    started_at: r.started_at,
    result_received_at: r.result_received_at,
    finished_at: r.finished_at,
    expired_at: r.expired_at,
    tenant_id: null,
    three_d_secure_status: r.three_d_secure_status,
  };
}

export function eventWire(e: EventRecord): Wire {
  return {
    object: 'event',
    id: e.id,
    livemode: false,
    created: e.created,
    type: e.type,
    data: e.data,
    pending_webhooks: e.pending_webhooks,
  };
}

export function deletedWire(id: string): Wire {
  return { deleted: true, id, livemode: false };
}

// ---------------------------------------------------------------------------------------------
// Lists: newest first, `limit` 1–100 (default 10), `offset` ≥ 0, `since`/`until` inclusive
// timestamps on `created`; `count` is the number of objects in `data` as PAY.JP returns it.

export interface Page {
  limit: number;
  offset: number;
  since?: number;
  until?: number;
}

export function parsePage(params: Params): Page {
  const limit = int(params, 'limit', 'invalid_querystring') ?? 10;
  if (limit < 1 || limit > 100) throw invalidParam('invalid_querystring', 'limit', 'limit must be between 1 and 100');
  const offset = int(params, 'offset', 'invalid_querystring') ?? 0;
  if (offset < 0) throw invalidParam('invalid_querystring', 'offset', 'offset must be 0 or greater');
  const since = int(params, 'since', 'invalid_timestamp');
  const until = int(params, 'until', 'invalid_timestamp');
  return { limit, offset, since, until };
}

export function newestFirst<T extends { created: number; seq: number }>(items: Iterable<T>): T[] {
  return [...items].sort((a, b) => b.created - a.created || b.seq - a.seq);
}

export function listWire<T extends { created: number }>(url: string, sorted: T[], page: Page, toWire: (item: T) => Wire): Wire {
  const filtered = sorted.filter(
    (item) => (page.since === undefined || item.created >= page.since) && (page.until === undefined || item.created <= page.until),
  );
  const data = filtered.slice(page.offset, page.offset + page.limit).map(toWire);
  return {
    object: 'list',
    data,
    has_more: page.offset + data.length < filtered.length,
    count: data.length,
    url,
  };
}
