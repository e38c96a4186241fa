import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { PayjpApi } from './api';
import { ControlPlane } from './control';
import { authError, methodNotAllowed, notFound, overCapacity, PayjpApiError, serverError } from './errors';
import { parseParams, type Params } from './form';
import { escapeHtml } from '@/lib/html';
import { page } from './html';
import { State } from './state';
import { Billing } from './subscriptions';
import { tdsChallengeSubmit, tdsStartPage } from './tds';
import { WebhookDispatcher } from './webhooks';

/**
 * A PAY.JP-compatible emulator (API v1 subset, payjp.js v2 stand-in, 3-D Secure pages, webhooks)
 * for development and tests. It runs as its own HTTP server — `tsx dev/payjp/server.ts`, or
 * in-process through `startPayjpEmulator()` in tests — and is never imported by src/.
 */

export const DEFAULT_SECRET_KEY = 'sk_test_hojinlocal0000000000000000';
export const DEFAULT_PUBLIC_KEY = 'pk_test_hojinlocal0000000000000000';
export const DEFAULT_WEBHOOK_TOKEN = 'whook_hojinlocal_0000000000000000';
export const DEFAULT_WEBHOOK_URL = 'http://localhost:3000/api/payments/webhook';

export interface PayjpEmulatorOptions {
  /** 0 picks a free port. Default 4010. */
  port?: number;
  host?: string;
  secretKey?: string;
  publicKey?: string;
  /** Where events are POSTed; null turns delivery off. */
  webhookUrl?: string | null;
  webhookToken?: string;
  /** Delays before each webhook retry (default 1 s, 5 s, 25 s: three retries). */
  webhookRetryDelaysMs?: number[];
  webhookAttemptTimeoutMs?: number;
  /** Keep state in this JSON file across restarts; memory only when unset. */
  stateFile?: string;
  /** One line per notable happening (webhook retries, start-up); silent by default. */
  log?: (line: string) => void;
}

export interface PayjpEmulator {
  /** Origin, e.g. http://127.0.0.1:4010 */
  url: string;
  /** `${url}/v1` — what the app's PAYJP_API_BASE and the SDK's `apibase` point at. */
  apiBase: string;
  /** `${url}/js/v2/pay.js` — the app's PAYJP_JS_URL. */
  jsUrl: string;
  secretKey: string;
  publicKey: string;
  webhookToken: string;
  webhooks: WebhookDispatcher;
  /** Empties state, rules and the delivery log (same as POST /__control/reset). */
  reset(): void;
  /**
   * Moves the emulator's clock forward (e.g. past the 30-minute 3-D Secure window), running every
   * subscription renewal that falls due on the way, in order. Returns how many ran.
   */
  advanceClock(seconds: number): number;
  /**
   * PAY.JP goes away: the listener closes and open connections are cut, so callers get
   * ECONNREFUSED, as when the service is down. State, rules and the clock are kept for `resume()`.
   */
  stop(): Promise<void>;
  /** Listens again on the same address and port after `stop()`. */
  resume(): Promise<void>;
  close(): Promise<void>;
}

// __dirname rather than import.meta.url: the file is loaded as CommonJS by tsx and Playwright and
// Node would take any module mentioning import.meta for ESM.
const PUBLIC_DIR = path.join(__dirname, 'public');
const MAX_BODY = 1024 * 1024;

const STATIC_FILES: Record<string, { file: string; type: string }> = {
  '/js/v2/pay.js': { file: 'pay.js', type: 'text/javascript; charset=utf-8' },
  '/js/v2/card-element.html': { file: 'card-element.html', type: 'text/html; charset=utf-8' },
  '/js/v2/card-element.js': { file: 'card-element.js', type: 'text/javascript; charset=utf-8' },
};

type Handler = (match: RegExpExecArray, params: Params) => unknown;
interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  pattern: RegExp;
  handler: Handler;
}

export async function startPayjpEmulator(options: PayjpEmulatorOptions = {}): Promise<PayjpEmulator> {
  const secretKey = options.secretKey ?? DEFAULT_SECRET_KEY;
  const publicKey = options.publicKey ?? DEFAULT_PUBLIC_KEY;
  const webhookToken = options.webhookToken ?? DEFAULT_WEBHOOK_TOKEN;
  const log = options.log ?? (() => undefined);
  let clockOffset = 0;
  /** Set while one request or one run of renewals is handled: everything it records carries one time. */
  let frozenAt: number | undefined;
  const now = () => frozenAt ?? Math.floor(Date.now() / 1000) + clockOffset;
  const setClock = (t: number) => {
    clockOffset = t - Math.floor(Date.now() / 1000);
    if (frozenAt !== undefined) frozenAt = t;
  };
  const atOneInstant = <T>(fn: () => T): T => {
    if (frozenAt !== undefined) return fn();
    frozenAt = now();
    try {
      return fn();
    } finally {
      frozenAt = undefined;
    }
  };

  /** Set once the server listens. */
  let url = '';
  const state = new State(options.stateFile);
  const webhooks = new WebhookDispatcher({
    url: options.webhookUrl === undefined ? DEFAULT_WEBHOOK_URL : options.webhookUrl,
    token: webhookToken,
    retryDelaysMs: options.webhookRetryDelaysMs ?? [1000, 5000, 25_000],
    attemptTimeoutMs: options.webhookAttemptTimeoutMs ?? 10_000,
    log,
  });
  const api = new PayjpApi({
    state,
    now,
    emit: (event) => {
      // Deliver after the API response has gone out, as PAY.JP does (asynchronously).
      setImmediate(() => webhooks.dispatch(event));
    },
  });

  const billing = new Billing({ state, api, now });
  /** Runs the renewals that fall due up to `target`, in order, and leaves the clock at `target`. */
  const advanceTo = (target: number): number => {
    const ran = atOneInstant(() => billing.runDue(target, setClock));
    if (target > now()) setClock(target);
    if (ran > 0) state.changed();
    return ran;
  };
  // Renewals also fall due as real time passes (a dev server left running).
  const renewalTimer = setInterval(() => advanceTo(now()), 1000);
  renewalTimer.unref();

  const id = '([A-Za-z0-9_-]+)';
  const routes: Route[] = [
    { method: 'POST', pattern: /^\/v1\/tokens$/, handler: (_m, p) => api.createToken(p) },
    { method: 'GET', pattern: new RegExp(`^/v1/tokens/${id}$`), handler: (m) => api.retrieveToken(m[1] ?? '') },
    { method: 'POST', pattern: new RegExp(`^/v1/tokens/${id}/tds_finish$`), handler: (m) => api.finishTokenTds(m[1] ?? '') },
    { method: 'POST', pattern: /^\/v1\/customers$/, handler: (_m, p) => api.createCustomer(p) },
    { method: 'GET', pattern: /^\/v1\/customers$/, handler: (_m, p) => api.listCustomers(p) },
    { method: 'GET', pattern: new RegExp(`^/v1/customers/${id}$`), handler: (m) => api.retrieveCustomer(m[1] ?? '') },
    { method: 'POST', pattern: new RegExp(`^/v1/customers/${id}$`), handler: (m, p) => api.updateCustomer(m[1] ?? '', p) },
    { method: 'DELETE', pattern: new RegExp(`^/v1/customers/${id}$`), handler: (m) => api.deleteCustomer(m[1] ?? '') },
    { method: 'POST', pattern: new RegExp(`^/v1/customers/${id}/cards$`), handler: (m, p) => api.createCard(m[1] ?? '', p) },
    { method: 'GET', pattern: new RegExp(`^/v1/customers/${id}/cards$`), handler: (m, p) => api.listCards(m[1] ?? '', p) },
    { method: 'GET', pattern: new RegExp(`^/v1/customers/${id}/cards/${id}$`), handler: (m) => api.retrieveCard(m[1] ?? '', m[2] ?? '') },
    {
      method: 'POST',
      pattern: new RegExp(`^/v1/customers/${id}/cards/${id}$`),
      handler: (m, p) => api.updateCard(m[1] ?? '', m[2] ?? '', p),
    },
    { method: 'DELETE', pattern: new RegExp(`^/v1/customers/${id}/cards/${id}$`), handler: (m) => api.deleteCard(m[1] ?? '', m[2] ?? '') },
    { method: 'POST', pattern: /^\/v1\/charges$/, handler: (_m, p) => api.createCharge(p) },
    { method: 'GET', pattern: /^\/v1\/charges$/, handler: (_m, p) => api.listCharges(p) },
    { method: 'GET', pattern: new RegExp(`^/v1/charges/${id}$`), handler: (m) => api.retrieveCharge(m[1] ?? '') },
    { method: 'POST', pattern: new RegExp(`^/v1/charges/${id}$`), handler: (m, p) => api.updateCharge(m[1] ?? '', p) },
    { method: 'POST', pattern: new RegExp(`^/v1/charges/${id}/capture$`), handler: (m, p) => api.captureCharge(m[1] ?? '', p) },
    { method: 'POST', pattern: new RegExp(`^/v1/charges/${id}/refund$`), handler: (m, p) => api.refundCharge(m[1] ?? '', p) },
    { method: 'POST', pattern: new RegExp(`^/v1/charges/${id}/tds_finish$`), handler: (m) => api.finishChargeTds(m[1] ?? '') },
    { method: 'POST', pattern: /^\/v1\/three_d_secure_requests$/, handler: (_m, p) => api.createTdsRequest(p) },
    { method: 'GET', pattern: /^\/v1\/three_d_secure_requests$/, handler: (_m, p) => api.listTdsRequests(p) },
    { method: 'GET', pattern: new RegExp(`^/v1/three_d_secure_requests/${id}$`), handler: (m) => api.retrieveTdsRequest(m[1] ?? '') },
    { method: 'POST', pattern: /^\/v1\/plans$/, handler: (_m, p) => billing.createPlan(p) },
    { method: 'GET', pattern: /^\/v1\/plans$/, handler: (_m, p) => billing.listPlans(p) },
    { method: 'GET', pattern: new RegExp(`^/v1/plans/${id}$`), handler: (m) => billing.retrievePlan(m[1] ?? '') },
    { method: 'POST', pattern: new RegExp(`^/v1/plans/${id}$`), handler: (m, p) => billing.updatePlan(m[1] ?? '', p) },
    { method: 'DELETE', pattern: new RegExp(`^/v1/plans/${id}$`), handler: (m) => billing.deletePlan(m[1] ?? '') },
    { method: 'POST', pattern: /^\/v1\/subscriptions$/, handler: (_m, p) => billing.createSubscription(p) },
    { method: 'GET', pattern: /^\/v1\/subscriptions$/, handler: (_m, p) => billing.listSubscriptions(p) },
    { method: 'GET', pattern: new RegExp(`^/v1/subscriptions/${id}$`), handler: (m) => billing.retrieveSubscription(m[1] ?? '') },
    { method: 'POST', pattern: new RegExp(`^/v1/subscriptions/${id}$`), handler: (m, p) => billing.updateSubscription(m[1] ?? '', p) },
    { method: 'DELETE', pattern: new RegExp(`^/v1/subscriptions/${id}$`), handler: (m, p) => billing.deleteSubscription(m[1] ?? '', p) },
    { method: 'POST', pattern: new RegExp(`^/v1/subscriptions/${id}/pause$`), handler: (m) => billing.pauseSubscription(m[1] ?? '') },
    {
      method: 'POST',
      pattern: new RegExp(`^/v1/subscriptions/${id}/resume$`),
      handler: (m, p) => billing.resumeSubscription(m[1] ?? '', p),
    },
    { method: 'POST', pattern: new RegExp(`^/v1/subscriptions/${id}/cancel$`), handler: (m) => billing.cancelSubscription(m[1] ?? '') },
    {
      method: 'GET',
      pattern: new RegExp(`^/v1/customers/${id}/subscriptions$`),
      handler: (m, p) => billing.listSubscriptions(p, m[1] ?? ''),
    },
    {
      method: 'GET',
      pattern: new RegExp(`^/v1/customers/${id}/subscriptions/${id}$`),
      handler: (m) => billing.retrieveCustomerSubscription(m[1] ?? '', m[2] ?? ''),
    },
    { method: 'GET', pattern: /^\/v1\/events$/, handler: (_m, p) => api.listEvents(p) },
    { method: 'GET', pattern: new RegExp(`^/v1/events/${id}$`), handler: (m) => api.retrieveEvent(m[1] ?? '') },
  ];

  const control = new ControlPlane({
    api,
    state,
    webhooks,
    secretKey,
    publicKey,
    advanceClock: (seconds) => {
      const renewals = advanceTo(now() + seconds);
      return { now: now(), renewals };
    },
    resetClock: () => {
      clockOffset = 0;
    },
    selfUrl: () => url,
  });

  /** Who may call this path with this key (PAY.JP: public keys only create tokens). */
  function authorise(req: IncomingMessage, method: string, pathname: string): void {
    const header = req.headers.authorization ?? '';
    const match = /^Basic\s+(.+)$/i.exec(header);
    if (!match?.[1]) throw authError('no_api_key', 'You did not provide an API key. Use HTTP Basic auth with your key as the username.');
    const key = Buffer.from(match[1], 'base64').toString('utf8').split(':')[0] ?? '';
    const tokenCreation = method === 'POST' && pathname === '/v1/tokens';
    if (key === secretKey) {
      // Creating a token from raw card data with the secret key is a test-mode-only escape hatch.
      if (tokenCreation && req.headers['x-payjp-direct-token-generate'] !== 'true') {
        throw authError(
          'invalid_api_key',
          'Tokens are created with the public key (payjp.js), or in test mode with the secret key and X-Payjp-Direct-Token-Generate: true.',
        );
      }
      return;
    }
    if (key === publicKey && tokenCreation) return;
    if (key === publicKey) throw authError('invalid_api_key', 'A public key can only create tokens. Use your secret key.');
    throw authError('invalid_api_key', `Invalid API Key: ${key.slice(0, 12)}…`);
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = req.method ?? 'GET';
    const pathname = url.pathname.replace(/\/+$/, '');
    const failure = control.takeFailure(method, pathname);
    if (failure?.stage === 'before') {
      if (failure.fail === 'timeout') return control.hold(req, res);
      return sendJson(res, failure.fail === 429 ? overCapacity().toJSON() : serverError().toJSON(), failure.fail);
    }
    let status = 200;
    let body: unknown;
    let replayed = false;
    const idempotencyKey = method === 'POST' ? headerValue(req.headers['idempotency-key']) : undefined;
    let raw = '';
    try {
      raw = await readBody(req);
      const params = method === 'POST' ? parseParams(raw) : parseParams(url.search.slice(1));
      // Idempotency-Key (POST only): the same key with the same request answers what the first one
      // answered — its status and body — without doing the work again; the same key with another
      // request is refused. Checked after authentication, so an unauthenticated call never reads a
      // stored answer. Synchronous from here to the handler: two requests with one key cannot both
      // miss the store.
      if (idempotencyKey !== undefined) {
        authorise(req, method, pathname);
        const fingerprint = `${method} ${pathname} ${raw}`;
        const stored = state.idempotency.get(idempotencyKey);
        if (stored) {
          if (stored.fingerprint !== fingerprint) {
            throw new PayjpApiError({
              type: 'client_error',
              code: 'idempotency_key_reused',
              message: 'The Idempotency-Key was used with a different request.',
              status: 400,
            });
          }
          status = stored.status;
          body = stored.body;
          replayed = true;
        }
      }
      const candidates = routes.filter((r) => r.pattern.test(pathname));
      if (candidates.length === 0) throw notFound(pathname);
      const route = candidates.find((r) => r.method === method);
      if (!route) throw methodNotAllowed(method, pathname);
      authorise(req, method, pathname);
      if (!replayed) {
        advanceTo(now());
        const match = route.pattern.exec(pathname);
        if (!match) throw notFound(pathname);
        body = atOneInstant(() => route.handler(match, params));
      }
    } catch (error) {
      if (!(error instanceof PayjpApiError)) throw error;
      status = error.status;
      body = error.toJSON();
    } finally {
      state.changed();
    }
    // Stored whatever the outcome and before a withheld answer (stage "after"): a retry with the
    // same key then learns what happened instead of doing it twice.
    if (idempotencyKey !== undefined && !replayed && status !== 401) {
      state.idempotency.set(idempotencyKey, { fingerprint: `${method} ${pathname} ${raw}`, status, body });
    }
    if (failure?.stage === 'after') {
      // The work is done (a charge may exist) but the client never learns it: the case the app must
      // reconcile rather than retry.
      if (failure.fail === 'timeout') return control.hold(req, res);
      return sendJson(res, serverError().toJSON(), 500);
    }
    sendJson(res, body, status);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://emulator.invalid');
    const method = req.method ?? 'GET';
    const tds = /^\/v1\/tds\/([A-Za-z0-9_-]+)\/(start|challenge)$/.exec(url.pathname);
    if (tds) {
      // The 3-D Secure pages fail on request too (path `/v1/tds`): what the buyer's browser meets
      // when PAY.JP has trouble between the charge and the return to the shop.
      const failure = control.takeFailure(method, url.pathname);
      if (failure?.fail === 'timeout') return control.hold(req, res);
      if (failure) return sendHtml(res, failure.fail, page('Error', `<h1>${failure.fail}</h1>`));
      const target = tds[1] ?? '';
      const config = { publicKey, secretKey };
      let result;
      if (tds[2] === 'start' && method === 'GET') result = await tdsStartPage(api, config, target, url.searchParams);
      else if (tds[2] === 'challenge' && method === 'POST') {
        result = await tdsChallengeSubmit(api, config, target, new URLSearchParams(await readBody(req)));
      } else return sendHtml(res, 405, page('Method Not Allowed', '<h1>405</h1>'));
      state.changed();
      return sendHtml(res, result.status, result.html, result.location);
    }
    if (url.pathname.startsWith('/v1/') || url.pathname === '/v1') return handleApi(req, res, url);
    const file = STATIC_FILES[url.pathname];
    if (file && method === 'GET') {
      const content = await readFile(path.join(PUBLIC_DIR, file.file));
      res.writeHead(200, {
        'Content-Type': file.type,
        'Cache-Control': 'no-store',
        // The card element is framed by the merchant's page on another origin.
        'Access-Control-Allow-Origin': '*',
        'X-Content-Type-Options': 'nosniff',
      });
      res.end(content);
      return;
    }
    if (url.pathname.startsWith('/__control/')) {
      const handled = await control.handle(req, res, url, await readBody(req));
      state.changed();
      if (handled) return;
    }
    if (url.pathname === '/' && method === 'GET') {
      return sendHtml(
        res,
        200,
        page(
          'PAY.JP エミュレーター',
          `<h1>PAY.JP エミュレーター（開発用）</h1>
<p>PAY.JP API v1 の一部、payjp.js v2 の代替、3Dセキュアの画面、Webhook 送信を再現するローカル専用のサーバーです。</p>
<ul>
<li>API: <code>${escapeHtml(`http://${req.headers.host ?? ''}/v1`)}</code></li>
<li>payjp.js: <code>/js/v2/pay.js</code></li>
<li><a href="/__control/demo">動作確認用のデモページ</a></li>
</ul>`,
        ),
      );
    }
    sendHtml(res, 404, page('Not Found', '<h1>ページが見つかりません</h1>'));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(`internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (!res.headersSent) sendJson(res, serverError().toJSON(), 500);
      else res.destroy();
    });
  });

  const listen = (port: number, host: string) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(options.port ?? 4010, options.host ?? '127.0.0.1');
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  url = `http://${host}:${address.port}`;
  log(`PAY.JP emulator listening on ${url} (API ${url}/v1, payjp.js ${url}/js/v2/pay.js)`);

  return {
    url,
    apiBase: `${url}/v1`,
    jsUrl: `${url}/js/v2/pay.js`,
    secretKey,
    publicKey,
    webhookToken,
    webhooks,
    reset: () => control.reset(),
    advanceClock: (seconds) => advanceTo(now() + seconds),
    stop: async () => {
      control.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
    resume: () => listen(address.port, address.address),
    close: async () => {
      clearInterval(renewalTimer);
      webhooks.close();
      control.close();
      state.flush();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

function headerValue(value: string | string[] | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first === '' ? undefined : first;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new PayjpApiError({ type: 'client_error', code: 'invalid_param_key', message: 'Request body too large.', status: 400 }));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function sendJson(res: ServerResponse, body: unknown, status = 200): void {
  const text = JSON.stringify(body, null, 2);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(text);
}

export function sendHtml(res: ServerResponse, status: number, html: string, location?: string): void {
  const headers: Record<string, string> = {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
  };
  if (location) headers.Location = location;
  res.writeHead(status, headers);
  res.end(html);
}
