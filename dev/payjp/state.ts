import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ChargeBehaviour, Brand } from './cards';
import type { Metadata } from './form';

/**
 * The emulator's records. Wire objects are built from them in objects.ts; fields PAY.JP does not
 * expose (`seq`, `behaviour`, 3-D Secure bookkeeping) stay here.
 */

export type TdsStatus = 'unverified' | 'verified' | 'attempted' | 'failed' | 'error';

export interface CardRecord {
  id: string;
  created: number;
  seq: number;
  customer: string | null;
  last4: string;
  brand: Brand;
  exp_month: number;
  exp_year: number;
  fingerprint: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  address_state: string | null;
  address_city: string | null;
  address_line1: string | null;
  address_line2: string | null;
  address_zip: string | null;
  country: string | null;
  cvc_check: string;
  address_zip_check: string;
  metadata: Metadata | null;
  three_d_secure_status: TdsStatus | null;
  /** The test-card behaviour when charged (never the number itself). */
  behaviour: ChargeBehaviour | null;
}

export interface TokenRecord {
  id: string;
  created: number;
  seq: number;
  card: CardRecord;
  used: boolean;
  /** Token-time 3-D Secure (`three_d_secure=true` at creation). */
  tds: { startedAt: number; finished: boolean } | null;
}

export interface CustomerRecord {
  id: string;
  created: number;
  seq: number;
  email: string | null;
  description: string | null;
  metadata: Metadata | null;
  default_card: string | null;
  /** Oldest first. */
  cardIds: string[];
}

export interface ChargeRecord {
  id: string;
  created: number;
  seq: number;
  amount: number;
  currency: 'jpy';
  paid: boolean;
  captured: boolean;
  captured_at: number | null;
  expired_at: number | null;
  card: CardRecord;
  customer: string | null;
  description: string | null;
  failure_code: string | null;
  failure_message: string | null;
  metadata: Metadata | null;
  refunded: boolean;
  amount_refunded: number;
  refund_reason: string | null;
  three_d_secure_status: TdsStatus | null;
  /** What the creator asked for; applied when a 3-D Secure charge is finished. */
  requestedCapture: boolean;
  expiryDays: number;
  /** 3-D Secure still open (created with three_d_secure=true and not yet finished). */
  tdsOpen: boolean;
  /** The subscription whose period this charge pays (absent in state files written before subscriptions). */
  subscription?: string | null;
}

export interface PlanRecord {
  id: string;
  created: number;
  seq: number;
  amount: number;
  currency: 'jpy';
  interval: 'month' | 'year';
  name: string | null;
  trial_days: number;
  billing_day: number | null;
  metadata: Metadata | null;
}

export type SubscriptionStatus = 'active' | 'trial' | 'canceled' | 'paused';

export interface SubscriptionRecord {
  id: string;
  created: number;
  seq: number;
  customer: string;
  /** A copy of the plan as it was when it was attached (a deleted plan keeps billing). */
  plan: PlanRecord;
  next_cycle_plan: PlanRecord | null;
  status: SubscriptionStatus;
  prorate: boolean;
  start: number;
  current_period_start: number;
  current_period_end: number;
  trial_start: number | null;
  trial_end: number | null;
  canceled_at: number | null;
  paused_at: number | null;
  resumed_at: number | null;
  metadata: Metadata | null;
  /** Day of the month (JST) monthly periods are anchored to when the plan has no billing_day. */
  anchorDay: number;
}

export interface TdsRequestRecord {
  id: string;
  created: number;
  seq: number;
  resource_id: string;
  state: 'created' | 'in_progress' | 'result_received' | 'finished';
  started_at: number | null;
  result_received_at: number | null;
  finished_at: number | null;
  expired_at: number | null;
  three_d_secure_status: TdsStatus;
}

export interface EventRecord {
  id: string;
  created: number;
  seq: number;
  type: string;
  /** The object as it was when the event happened (wire JSON). */
  data: Record<string, unknown>;
  /** Resource id, for `GET /v1/events?resource_id=`. */
  resourceId: string;
  object: string;
  pending_webhooks: number;
}

export interface Snapshot {
  version: 1;
  seq: number;
  tokens: TokenRecord[];
  customers: CustomerRecord[];
  cards: CardRecord[];
  charges: ChargeRecord[];
  tdsRequests: TdsRequestRecord[];
  events: EventRecord[];
  /** Absent in state files written before plans and subscriptions existed. */
  plans?: PlanRecord[];
  subscriptions?: SubscriptionRecord[];
}

/** PAY.JP ids are a prefix plus hex, 32 characters in all (e.g. ch_fa990a4c10672a93053a774730b0a). */
export function newId(prefix: 'tok_' | 'car_' | 'cus_' | 'ch_' | 'evnt_' | 'tdsr_' | 'pln_' | 'sub_'): string {
  const hexLength = 32 - prefix.length;
  return (
    prefix +
    randomBytes(Math.ceil(hexLength / 2))
      .toString('hex')
      .slice(0, hexLength)
  );
}

export class State {
  seq = 0;
  readonly tokens = new Map<string, TokenRecord>();
  readonly customers = new Map<string, CustomerRecord>();
  /** Cards attached to customers. */
  readonly cards = new Map<string, CardRecord>();
  readonly charges = new Map<string, ChargeRecord>();
  readonly tdsRequests = new Map<string, TdsRequestRecord>();
  readonly events = new Map<string, EventRecord>();
  readonly plans = new Map<string, PlanRecord>();
  readonly subscriptions = new Map<string, SubscriptionRecord>();
  /**
   * Answers given to POST requests with an Idempotency-Key, by key: memory only (not in the state
   * file), as a key only has to outlive the retries of one request.
   */
  readonly idempotency = new Map<string, { fingerprint: string; status: number; body: unknown }>();

  private saveTimer: NodeJS.Timeout | undefined;

  constructor(private readonly file: string | undefined) {
    if (file) this.load(file);
  }

  nextSeq(): number {
    this.seq += 1;
    return this.seq;
  }

  clear(): void {
    this.seq = 0;
    for (const map of [
      this.tokens,
      this.customers,
      this.cards,
      this.charges,
      this.tdsRequests,
      this.events,
      this.plans,
      this.subscriptions,
    ])
      map.clear();
    this.idempotency.clear();
    if (this.file) rmSync(this.file, { force: true });
  }

  /** Persists soon (coalescing bursts); a no-op without a state file. */
  changed(): void {
    if (!this.file || this.saveTimer) return;
    this.saveTimer = setTimeout(() => this.flush(), 25);
  }

  flush(): void {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    if (!this.file) return;
    const snapshot: Snapshot = {
      version: 1,
      seq: this.seq,
      tokens: [...this.tokens.values()],
      customers: [...this.customers.values()],
      cards: [...this.cards.values()],
      charges: [...this.charges.values()],
      tdsRequests: [...this.tdsRequests.values()],
      events: [...this.events.values()],
      plans: [...this.plans.values()],
      subscriptions: [...this.subscriptions.values()],
    };
    mkdirSync(path.dirname(this.file), { recursive: true });
    // Write-then-rename so a crash never leaves half a file behind.
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(snapshot));
    renameSync(tmp, this.file);
  }

  private load(file: string): void {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return; // first start: nothing saved yet
    }
    const snapshot = JSON.parse(text) as Snapshot;
    if (snapshot.version !== 1) throw new Error(`${file}: unsupported state version ${String(snapshot.version)}`);
    this.seq = snapshot.seq;
    for (const r of snapshot.tokens) this.tokens.set(r.id, r);
    for (const r of snapshot.customers) this.customers.set(r.id, r);
    for (const r of snapshot.cards) this.cards.set(r.id, r);
    for (const r of snapshot.charges) this.charges.set(r.id, r);
    for (const r of snapshot.tdsRequests) this.tdsRequests.set(r.id, r);
    for (const r of snapshot.events) this.events.set(r.id, r);
    for (const r of snapshot.plans ?? []) this.plans.set(r.id, r);
    for (const r of snapshot.subscriptions ?? []) this.subscriptions.set(r.id, r);
  }
}
