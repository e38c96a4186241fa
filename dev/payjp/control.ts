import type { IncomingMessage, ServerResponse } from 'node:http';
import { SignJWT } from 'jose';
import { z } from 'zod';
import type { PayjpApi } from './api';
import { PayjpApiError } from './errors';
import { escapeHtml } from '@/lib/html';
import { page, yen } from './html';
import type { State } from './state';
import type { WebhookDispatcher } from './webhooks';

/**
 * Test-only control API of the emulator itself (never of the app), under /__control/:
 *
 *   POST /__control/reset                      forget everything (state, rules, deliveries, clock)
 *   POST /__control/webhooks                   {"mode":"duplicate"|"delay"|"drop", "count":1, "type"?, "times"?, "delay_ms"?}
 *   GET  /__control/events-delivered[?wait=1]  delivery attempts so far (wait: until the queue is idle)
 *   POST /__control/events/{id}/resend         deliver an event again
 *   POST /__control/next-request               {"fail":500|429|"timeout", "stage"?:"before"|"after", "method"?, "path"?, "count"?}
 *   POST /__control/clock                      {"advance_seconds": 1800} or {"advance_days": 31}: moves the clock,
 *                                              running every subscription renewal due on the way → {now, renewals}
 *   GET  /__control/demo                       a page using pay.js end to end (Playwright uses it)
 *
 * `next-request` makes the next matching /v1 request fail (the 3-D Secure pages included, path
 * `/v1/tds`: a 500 page, or no answer). `stage: "after"` (the default for a
 * timeout) performs the request first and then withholds the answer — a charge exists at "PAY.JP"
 * but the caller never hears of it, which is what reconciliation has to cope with. `stage:
 * "before"` (the default for 500 and 429) fails without doing anything.
 */

const WebhookRuleBody = z.strictObject({
  mode: z.enum(['duplicate', 'delay', 'drop']),
  count: z.number().int().min(1).max(1000).default(1),
  type: z.string().min(1).optional(),
  times: z.number().int().min(2).max(10).optional(),
  delay_ms: z.number().int().min(0).max(600_000).optional(),
});

const NextRequestBody = z.strictObject({
  fail: z.union([z.literal(500), z.literal(429), z.literal('timeout')]),
  stage: z.enum(['before', 'after']).optional(),
  method: z.enum(['GET', 'POST', 'DELETE']).optional(),
  /** Prefix of the request path, e.g. `/v1/charges`. */
  path: z.string().startsWith('/v1').optional(),
  count: z.number().int().min(1).max(100).default(1),
});

const ClockBody = z
  .strictObject({
    advance_seconds: z
      .number()
      .int()
      .min(0)
      .max(5 * 366 * 86_400)
      .optional(),
    advance_days: z
      .number()
      .int()
      .min(0)
      .max(5 * 366)
      .optional(),
  })
  .refine((b) => (b.advance_seconds === undefined) !== (b.advance_days === undefined), {
    message: 'Give exactly one of advance_seconds and advance_days.',
  });

const DemoChargeBody = z.strictObject({
  token: z.string().startsWith('tok_'),
  amount: z.number().int().min(50).max(9_999_999),
});

export interface FailureRule {
  fail: 500 | 429 | 'timeout';
  stage: 'before' | 'after';
  method?: string;
  path?: string;
  remaining: number;
}

export interface ControlDeps {
  api: PayjpApi;
  state: State;
  webhooks: WebhookDispatcher;
  secretKey: string;
  publicKey: string;
  /** Moves the clock, running the subscription renewals that fall due on the way. */
  advanceClock: (seconds: number) => { now: number; renewals: number };
  resetClock: () => void;
  /** The emulator's own origin as it listens (e.g. http://127.0.0.1:4010). */
  selfUrl: () => string;
}

/** A held response is given up on after this long, whatever the client's timeout. */
const HOLD_MS = 5 * 60_000;

export class ControlPlane {
  private failures: FailureRule[] = [];
  private readonly held = new Set<ServerResponse>();

  constructor(private readonly deps: ControlDeps) {}

  reset(): void {
    this.failures = [];
    this.deps.state.clear();
    this.deps.webhooks.reset();
    this.deps.resetClock();
  }

  close(): void {
    for (const res of this.held) res.destroy();
    this.held.clear();
  }

  takeFailure(method: string, pathname: string): FailureRule | undefined {
    const index = this.failures.findIndex(
      (f) => (f.method === undefined || f.method === method) && (f.path === undefined || pathname.startsWith(f.path)),
    );
    const rule = this.failures[index];
    if (!rule) return undefined;
    rule.remaining -= 1;
    if (rule.remaining <= 0) this.failures.splice(index, 1);
    return rule;
  }

  /** Never answers: the caller sees a timeout. The socket is closed when the caller gives up. */
  hold(req: IncomingMessage, res: ServerResponse): void {
    this.held.add(res);
    const timer = setTimeout(() => res.destroy(), HOLD_MS);
    res.on('close', () => {
      clearTimeout(timer);
      this.held.delete(res);
    });
    req.resume();
  }

  /** Returns false when the path is not a control endpoint. */
  async handle(req: IncomingMessage, res: ServerResponse, url: URL, body: string): Promise<boolean> {
    const method = req.method ?? 'GET';
    const path = url.pathname;
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(JSON.stringify(value, null, 2));
    };
    const parse = <T extends z.ZodType>(schema: T): z.infer<T> | undefined => {
      let raw: unknown;
      try {
        raw = body === '' ? {} : JSON.parse(body);
      } catch {
        json(400, { error: { message: 'Body must be JSON.' } });
        return undefined;
      }
      const result = schema.safeParse(raw);
      if (!result.success) {
        json(400, { error: { message: z.prettifyError(result.error) } });
        return undefined;
      }
      return result.data;
    };

    if (method === 'POST' && path === '/__control/reset') {
      this.reset();
      json(200, { ok: true });
      return true;
    }
    if (method === 'POST' && path === '/__control/webhooks') {
      const rule = parse(WebhookRuleBody);
      if (!rule) return true;
      this.deps.webhooks.addRule({ mode: rule.mode, remaining: rule.count, type: rule.type, times: rule.times, delayMs: rule.delay_ms });
      json(200, { ok: true });
      return true;
    }
    if (method === 'GET' && path === '/__control/events-delivered') {
      const idle = url.searchParams.has('wait') ? await this.deps.webhooks.idle(15_000) : this.deps.webhooks.pending === 0;
      json(200, { object: 'list', idle, pending: this.deps.webhooks.pending, data: this.deps.webhooks.deliveryLog });
      return true;
    }
    const resend = /^\/__control\/events\/([A-Za-z0-9_]+)\/resend$/.exec(path);
    if (method === 'POST' && resend) {
      const event = this.deps.state.events.get(resend[1] ?? '');
      if (!event) {
        json(404, { error: { message: 'No such event.' } });
        return true;
      }
      this.deps.webhooks.resend(event);
      json(200, { ok: true });
      return true;
    }
    if (method === 'POST' && path === '/__control/next-request') {
      const rule = parse(NextRequestBody);
      if (!rule) return true;
      this.failures.push({
        fail: rule.fail,
        stage: rule.stage ?? (rule.fail === 'timeout' ? 'after' : 'before'),
        method: rule.method,
        path: rule.path,
        remaining: rule.count,
      });
      json(200, { ok: true });
      return true;
    }
    if (method === 'POST' && path === '/__control/clock') {
      const clock = parse(ClockBody);
      if (!clock) return true;
      json(200, this.deps.advanceClock(clock.advance_seconds ?? (clock.advance_days ?? 0) * 86_400));
      return true;
    }
    if (method === 'GET' && path === '/__control/demo') {
      // pay.js always comes from the listening origin. Open the page as http://localhost:PORT and the
      // card iframe (127.0.0.1:PORT) is cross-origin to it, as PAY.JP's iframe is to the site.
      const self = this.deps.selfUrl();
      res.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        'Content-Security-Policy': `default-src 'self'; script-src 'self' 'unsafe-inline' ${self}; frame-src 'self' ${self}; style-src 'unsafe-inline'; object-src 'none'; base-uri 'none'`,
      });
      res.end(this.demoPage(self));
      return true;
    }
    if (method === 'POST' && path === '/__control/demo/charges') {
      const input = parse(DemoChargeBody);
      if (!input) return true;
      try {
        const charge = this.deps.api.createCharge({
          amount: String(input.amount),
          currency: 'jpy',
          card: input.token,
          three_d_secure: 'true',
          metadata: { source: 'emulator-demo' },
        });
        const id = String(charge.id);
        const origin = `http://${req.headers.host ?? ''}`;
        const backUrl = await new SignJWT({ url: `${origin}/__control/demo/return?charge=${id}` })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .sign(new TextEncoder().encode(this.deps.secretKey));
        const startUrl = `${origin}/v1/tds/${id}/start?publickey=${encodeURIComponent(this.deps.publicKey)}&back_url=${backUrl}`;
        json(200, { charge, start_url: startUrl });
      } catch (error) {
        if (!(error instanceof PayjpApiError)) throw error;
        json(error.status, error.toJSON());
      }
      return true;
    }
    if (method === 'GET' && path === '/__control/demo/return') {
      this.html(res, 200, this.demoReturnPage(url.searchParams.get('charge') ?? ''));
      return true;
    }
    return false;
  }

  private html(res: ServerResponse, status: number, html: string): void {
    res.writeHead(status, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'",
    });
    res.end(html);
  }

  private demoPage(self: string): string {
    const pk = JSON.stringify(this.deps.publicKey);
    return page(
      'PAY.JP エミュレーター デモ',
      `<h1>カードでのお支払い（デモ）</h1>
<p class="note">エミュレーターの payjp.js 代替と3Dセキュアを通しで確かめるためのページです。テストカード 4242 4242 4242 4242 を使えます。</p>
<form id="demo" novalidate>
  <label for="name">カード名義（半角英字）</label>
  <input id="name" type="text" value="TARO YAMADA" autocomplete="cc-name">
  <label for="email">メールアドレス</label>
  <input id="email" type="email" value="taro@example.com" autocomplete="email">
  <label for="amount">金額（円）</label>
  <input id="amount" type="number" value="1100" min="50">
  <label>カード情報</label>
  <div id="card-element"></div>
  <p id="error" class="error" role="alert" data-testid="demo-error"></p>
  <div class="actions"><button class="primary" id="pay" type="submit" data-testid="demo-pay">支払う</button></div>
</form>
<script src="${escapeHtml(self)}/js/v2/pay.js"></script>
<script>
  const payjp = Payjp(${pk}, { threeDSecureWorkflow: 'redirect' });
  const elements = payjp.elements();
  const card = elements.create('card');
  card.mount('#card-element');
  const errorBox = document.getElementById('error');
  card.on('change', (event) => { errorBox.textContent = event.error ? event.error.message : ''; });
  document.getElementById('demo').addEventListener('submit', async (e) => {
    e.preventDefault();
    errorBox.textContent = '';
    const result = await payjp.createToken(card, { card: { name: document.getElementById('name').value, email: document.getElementById('email').value } });
    if (result.error) { errorBox.textContent = result.error.message; return; }
    const response = await fetch('/__control/demo/charges', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: result.id, amount: Number(document.getElementById('amount').value) }),
    });
    const body = await response.json();
    if (!response.ok) { errorBox.textContent = body.error.message; return; }
    location.href = body.start_url;
  });
</script>`,
    );
  }

  private demoReturnPage(chargeId: string): string {
    let finishError = '';
    try {
      const current = this.deps.api.retrieveCharge(chargeId);
      // What the app does on return: finish only a verified (or attempted) charge.
      if (current.three_d_secure_status === 'verified' || current.three_d_secure_status === 'attempted') {
        this.deps.api.finishChargeTds(chargeId);
      }
    } catch (error) {
      if (!(error instanceof PayjpApiError)) throw error;
      finishError = `${error.body.code ?? ''}: ${error.body.message}`;
    }
    let charge: Record<string, unknown>;
    try {
      charge = this.deps.api.retrieveCharge(chargeId);
    } catch {
      return page('支払いが見つかりません', '<h1>支払いが見つかりません</h1>');
    }
    const paid = charge.paid === true;
    return page(
      paid ? 'お支払いが完了しました' : 'お支払いは完了していません',
      `<h1>${paid ? 'お支払いが完了しました' : 'お支払いは完了していません'}</h1>
<dl>
  <dt>支払いID</dt><dd><code data-testid="charge-id">${escapeHtml(chargeId)}</code></dd>
  <dt>金額</dt><dd>${escapeHtml(yen(Number(charge.amount)))}</dd>
  <dt>paid</dt><dd data-testid="charge-paid">${paid ? 'true' : 'false'}</dd>
  <dt>3Dセキュア</dt><dd data-testid="tds-status">${escapeHtml(String(charge.three_d_secure_status))}</dd>
</dl>
${finishError ? `<p class="error" data-testid="finish-error">${escapeHtml(finishError)}</p>` : ''}
<p><a href="/__control/demo">デモに戻る</a></p>`,
    );
  }
}
