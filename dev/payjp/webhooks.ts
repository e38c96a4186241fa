import { eventWire } from './objects';
import type { EventRecord } from './state';

/**
 * Delivers events as PAY.JP does: a POST of the Event JSON with the account's static token in
 * `X-Payjp-Webhook-Token`, retried when the receiver does not answer 2xx. PAY.JP retries a few
 * times minutes apart; locally the delays are seconds (configurable) and the number of retries is
 * bounded so a stopped app never builds an endless queue.
 *
 * Tests steer deliveries with rules (set through POST /__control/webhooks): `duplicate` sends an
 * event more than once, `delay` holds it back, `drop` never sends it — the three ways PAY.JP's
 * documentation says webhooks can misbehave.
 */

export type WebhookMode = 'duplicate' | 'delay' | 'drop';

export interface WebhookRule {
  mode: WebhookMode;
  /** How many upcoming (matching) events the rule applies to. */
  remaining: number;
  /** Only events of this type, e.g. `charge.succeeded`. */
  type?: string;
  /** duplicate: total number of deliveries (default 2). */
  times?: number;
  /** delay: milliseconds before the first attempt (default 2000). */
  delayMs?: number;
}

export interface DeliveryRecord {
  event_id: string;
  type: string;
  /** 1 for the first attempt of a delivery, 2+ for retries. */
  attempt: number;
  /** Which copy of a duplicated event (1-based). */
  copy: number;
  /** HTTP status, or null when the request failed (refused, timed out). */
  status: number | null;
  ok: boolean;
  error: string | null;
  dropped: boolean;
  at: number;
}

export interface WebhookOptions {
  url: string | null;
  token: string;
  /** Delays before each retry; its length is the number of retries. */
  retryDelaysMs: number[];
  attemptTimeoutMs: number;
  log: (line: string) => void;
}

export class WebhookDispatcher {
  private rules: WebhookRule[] = [];
  private readonly deliveries: DeliveryRecord[] = [];
  private inFlight = 0;
  private waiters: (() => void)[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly controllers = new Set<AbortController>();
  private generation = 0;

  constructor(private readonly options: WebhookOptions) {}

  addRule(rule: WebhookRule): void {
    this.rules.push(rule);
  }

  get deliveryLog(): readonly DeliveryRecord[] {
    return this.deliveries;
  }

  get pending(): number {
    return this.inFlight;
  }

  /** Forgets rules and history and abandons deliveries still queued. */
  reset(): void {
    this.generation += 1;
    this.rules = [];
    this.deliveries.length = 0;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const c of this.controllers) c.abort();
    this.controllers.clear();
    this.inFlight = 0;
    this.settle();
  }

  /** Resolves once nothing is queued, delayed or in flight (or after `timeoutMs`). */
  idle(timeoutMs = 30_000): Promise<boolean> {
    if (this.inFlight === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== done);
        resolve(false);
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.waiters.push(done);
    });
  }

  dispatch(event: EventRecord): void {
    const rule = this.takeRule(event.type);
    if (rule?.mode === 'drop') {
      this.deliveries.push(this.record(event, 0, 1, null, false, 'dropped by control rule', true));
      this.options.log(`webhook ${event.type} ${event.id}: dropped (control rule)`);
      return;
    }
    if (!this.options.url) return;
    const copies = rule?.mode === 'duplicate' ? Math.max(2, rule.times ?? 2) : 1;
    const delay = rule?.mode === 'delay' ? (rule.delayMs ?? 2000) : 0;
    for (let copy = 1; copy <= copies; copy++) {
      event.pending_webhooks += 1;
      this.inFlight += 1;
      this.later(delay, () => void this.attempt(event, copy, 1));
    }
  }

  /** Sends an event again (POST /__control/events/{id}/resend), as PAY.JP's dashboard can. */
  resend(event: EventRecord): void {
    if (!this.options.url) return;
    event.pending_webhooks += 1;
    this.inFlight += 1;
    this.later(0, () => void this.attempt(event, 1, 1));
  }

  close(): void {
    this.reset();
  }

  private takeRule(type: string): WebhookRule | undefined {
    const index = this.rules.findIndex((r) => r.remaining > 0 && (r.type === undefined || r.type === type));
    if (index < 0) return undefined;
    const rule = this.rules[index];
    if (!rule) return undefined;
    rule.remaining -= 1;
    if (rule.remaining <= 0) this.rules.splice(index, 1);
    return rule;
  }

  private later(ms: number, fn: () => void): void {
    const generation = this.generation;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (generation === this.generation) fn();
    }, ms);
    this.timers.add(timer);
  }

  private async attempt(event: EventRecord, copy: number, attempt: number): Promise<void> {
    const url = this.options.url;
    if (!url) return;
    const generation = this.generation;
    const controller = new AbortController();
    this.controllers.add(controller);
    const timer = setTimeout(() => controller.abort(), this.options.attemptTimeoutMs);
    let status: number | null = null;
    let error: string | null = null;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'User-Agent': 'PAY.JP Webhook (hojin local emulator)',
          'X-Payjp-Webhook-Token': this.options.token,
        },
        body: JSON.stringify(eventWire(event)),
        signal: controller.signal,
      });
      status = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch (e) {
      error = controller.signal.aborted
        ? 'timeout'
        : e instanceof Error
          ? e.cause instanceof Error
            ? e.cause.message
            : e.message
          : String(e);
    } finally {
      clearTimeout(timer);
      this.controllers.delete(controller);
    }
    if (generation !== this.generation) return; // reset while in flight
    const ok = status !== null && status >= 200 && status < 300;
    this.deliveries.push(this.record(event, attempt, copy, status, ok, error, false));
    const retryDelay = this.options.retryDelaysMs[attempt - 1];
    if (ok || retryDelay === undefined) {
      if (ok) event.pending_webhooks = Math.max(0, event.pending_webhooks - 1);
      else this.options.log(`webhook ${event.type} ${event.id}: giving up after ${attempt} attempts (${status ?? error})`);
      this.inFlight -= 1;
      this.settle();
      return;
    }
    this.options.log(`webhook ${event.type} ${event.id}: attempt ${attempt} failed (${status ?? error}); retrying in ${retryDelay} ms`);
    this.later(retryDelay, () => void this.attempt(event, copy, attempt + 1));
  }

  private record(
    event: EventRecord,
    attempt: number,
    copy: number,
    status: number | null,
    ok: boolean,
    error: string | null,
    dropped: boolean,
  ): DeliveryRecord {
    return { event_id: event.id, type: event.type, attempt, copy, status, ok, error, dropped, at: Date.now() };
  }

  private settle(): void {
    if (this.inFlight !== 0) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}
