import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { parseEnv } from '@/config/env';

import { createPayjpClient, encodeForm, type PayjpClient } from './client';
import { payjpConfigFrom, publicPayjpSettings, type PayjpConfig } from './config';
import { describePayjpFailure, PayjpApiError, PayjpInvalidResponseError, PayjpNetworkError, PayjpTimeoutError } from './errors';
import { isThreeDSecurePassed } from './schemas';
import { buildThreeDSecureStartUrl } from './three-d-secure';
import { parseWebhookEvent } from './webhook';

// The counterpart is the local PAY.JP emulator (dev/payjp), run as its own process as in
// development: src/ never imports the stand-ins.

const ROOT = path.resolve(__dirname, '..', '..', '..', '..', '..');
const SECRET_KEY = 'sk_test_adaptertest000000000000000';
const PUBLIC_KEY = 'pk_test_adaptertest000000000000000';

let emulator: ChildProcess;
let origin: string;
let config: PayjpConfig;
let payjp: PayjpClient;

function startEmulatorProcess(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    path.join(ROOT, 'node_modules', '.bin', 'tsx'),
    ['dev/payjp/server.ts', '--port', '0', '--webhook-url', 'none', '--secret-key', SECRET_KEY, '--public-key', PUBLIC_KEY],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the emulator did not start:\n${output}`)), 15_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /listening on (http:\/\/[^\s]+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: match[1] });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the emulator exited (${String(code)}):\n${output}`)));
  });
}

beforeAll(async () => {
  const started = await startEmulatorProcess();
  emulator = started.child;
  origin = started.url;
  config = {
    apiBase: `${origin}/v1`,
    secretKey: SECRET_KEY,
    publicKey: PUBLIC_KEY,
    jsUrl: `${origin}/js/v2/pay.js`,
    webhookToken: 'whook_unused_0000000000',
    timeoutMs: 5000,
  };
  payjp = createPayjpClient(config);
});
afterAll(() => {
  emulator.kill('SIGTERM');
});
beforeEach(async () => {
  await control('reset', {});
});

async function control(name: string, body: unknown): Promise<void> {
  const response = await fetch(`${origin}/__control/${name}`, { method: 'POST', body: JSON.stringify(body) });
  expect(response.status).toBe(200);
}

/** A token made the way the payjp.js card iframe makes one: POST /v1/tokens with the public key. */
async function tokenId(number = '4242424242424242', extra: Record<string, string> = {}): Promise<string> {
  const response = await fetch(`${origin}/v1/tokens`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${PUBLIC_KEY}:`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      'card[number]': number,
      'card[exp_month]': '12',
      'card[exp_year]': String(new Date().getFullYear() + 2),
      'card[cvc]': '123',
      'card[name]': 'TARO YAMADA',
      'card[email]': 'taro@example.com',
      ...extra,
    }),
  });
  const body = (await response.json()) as { id?: string };
  if (!body.id) throw new Error(`token creation failed: ${JSON.stringify(body)}`);
  return body.id;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

/** Plays the buyer's browser on the start URL the adapter built: open it, press a button. */
async function answerChallenge(startUrl: string, result: 'verified' | 'failed'): Promise<string | null> {
  const start = await fetch(startUrl);
  expect(start.status).toBe(200);
  const url = new URL(startUrl);
  const form = new URLSearchParams({
    publickey: url.searchParams.get('publickey') ?? '',
    back_url: url.searchParams.get('back_url') ?? '',
    result,
  });
  const submit = await fetch(startUrl.replace(/\/start\?.*$/, '/challenge'), { method: 'POST', body: form, redirect: 'manual' });
  return submit.headers.get('location');
}

describe('configuration', () => {
  it('reads PAYJP_* with defaults that point at the local emulator', () => {
    const c = payjpConfigFrom(parseEnv({}));
    expect(c).toEqual({
      apiBase: 'http://127.0.0.1:4010/v1',
      secretKey: 'sk_test_hojinlocal0000000000000000',
      publicKey: 'pk_test_hojinlocal0000000000000000',
      jsUrl: 'http://localhost:4010/js/v2/pay.js',
      webhookToken: 'whook_hojinlocal_0000000000000000',
      timeoutMs: 15_000,
    });
    expect(publicPayjpSettings(c)).toEqual({ publicKey: c.publicKey, jsUrl: c.jsUrl });
  });

  it('encodes nested parameters the way PAY.JP reads them', () => {
    expect(encodeForm({ amount: 1100, capture: false, card: undefined, metadata: { order_id: 'o 1', n: 2 } }).toString()).toBe(
      'amount=1100&capture=false&metadata%5Border_id%5D=o+1&metadata%5Bn%5D=2',
    );
  });
});

describe('charges', () => {
  it('creates, retrieves and lists a charge; the list finds it by metadata.order_id for reconciliation', async () => {
    const since = Math.floor(Date.now() / 1000) - 1;
    const charge = await payjp.charges.create({
      amount: 1100,
      card: await tokenId(),
      metadata: { order_id: 'ord_42' },
      description: '現在事項全部証明書',
    });
    expect(charge).toMatchObject({
      object: 'charge',
      amount: 1100,
      currency: 'jpy',
      paid: true,
      captured: true,
      metadata: { order_id: 'ord_42' },
    });
    expect(await payjp.charges.retrieve(charge.id)).toEqual(charge);
    const list = await payjp.charges.list({ since, limit: 100 });
    expect(list.data.filter((c) => c.metadata?.order_id === 'ord_42').map((c) => c.id)).toEqual([charge.id]);
  });

  it('authorises, captures and refunds', async () => {
    const charge = await payjp.charges.create({ amount: 2000, card: await tokenId(), capture: false, expiry_days: 7 });
    expect(charge.captured).toBe(false);
    expect((await payjp.charges.capture(charge.id)).captured).toBe(true);
    expect(await payjp.charges.refund(charge.id, { reason: '注文取消', idempotencyKey: 'refund-test-0001' })).toMatchObject({
      refunded: true,
      amount_refunded: 2000,
      refund_reason: '注文取消',
    });
  });

  it('runs the 3-D Secure redirect flow with a start URL whose back_url the emulator accepts', async () => {
    const charge = await payjp.charges.create({
      amount: 1100,
      card: await tokenId(),
      three_d_secure: true,
      metadata: { order_id: 'o3' },
    });
    expect(charge).toMatchObject({ paid: false, three_d_secure_status: 'unverified' });
    const startUrl = await buildThreeDSecureStartUrl(
      { resourceId: charge.id, returnUrl: 'http://localhost:3000/purchase/complete' },
      config,
    );
    expect(startUrl.startsWith(`${config.apiBase}/tds/${charge.id}/start?publickey=${PUBLIC_KEY}&back_url=`)).toBe(true);
    expect(await answerChallenge(startUrl, 'verified')).toBe('http://localhost:3000/purchase/complete');
    const verified = await payjp.charges.retrieve(charge.id);
    expect(isThreeDSecurePassed(verified.three_d_secure_status)).toBe(true);
    expect(await payjp.charges.finishThreeDSecure(charge.id)).toMatchObject({ paid: true, three_d_secure_status: 'verified' });
  });

  it('reports a failed challenge as three_d_secure_failed with the buyer told to use another card', async () => {
    const charge = await payjp.charges.create({ amount: 1100, card: await tokenId(), three_d_secure: true });
    await answerChallenge(
      await buildThreeDSecureStartUrl({ resourceId: charge.id, returnUrl: 'http://localhost:3000/r' }, config),
      'failed',
    );
    const retrieved = await payjp.charges.retrieve(charge.id);
    expect(isThreeDSecurePassed(retrieved.three_d_secure_status)).toBe(false);
    const error = await rejection(payjp.charges.finishThreeDSecure(charge.id));
    expect(error).toBeInstanceOf(PayjpApiError);
    expect(error).toMatchObject({ status: 400, code: 'three_d_secure_failed', outcomeUnknown: false });
    expect(describePayjpFailure(error).action).toBe('use_another_card');
  });

  it('turns a card decline into a PayjpApiError carrying the failed charge id and a Japanese message', async () => {
    const error = await rejection(payjp.charges.create({ amount: 1100, card: await tokenId('4000000000080319') }));
    expect(error).toBeInstanceOf(PayjpApiError);
    const e = error as PayjpApiError;
    expect(e).toMatchObject({
      kind: 'api',
      status: 402,
      type: 'card_error',
      code: 'card_declined',
      isCardError: true,
      outcomeUnknown: false,
    });
    expect(e.chargeId).toMatch(/^ch_/);
    expect(describePayjpFailure(e)).toEqual({
      code: 'card_declined',
      message: 'このカードではお支払いできませんでした。別のカードをお使いいただくか、カード会社にお問い合わせください。',
      action: 'use_another_card',
    });
  });

  it('refuses a malformed id before sending anything', async () => {
    await expect(payjp.charges.retrieve('../customers')).rejects.toThrow(TypeError);
  });
});

describe('failures whose outcome is unknown', () => {
  it('surfaces a timeout as PayjpTimeoutError (outcome unknown) while the charge did get created', async () => {
    await control('next-request', { fail: 'timeout', method: 'POST', path: '/v1/charges' });
    const impatient = createPayjpClient({ ...config, timeoutMs: 300 });
    const error = await rejection(impatient.charges.create({ amount: 900, card: await tokenId(), metadata: { order_id: 'ord_t' } }));
    expect(error).toBeInstanceOf(PayjpTimeoutError);
    expect(error).toMatchObject({ kind: 'timeout', outcomeUnknown: true, timeoutMs: 300 });
    expect(describePayjpFailure(error).action).toBe('wait_for_confirmation');
    const found = (await payjp.charges.list({ limit: 100 })).data.filter((c) => c.metadata?.order_id === 'ord_t');
    expect(found).toHaveLength(1);
  });

  it('treats a 500 on a write as outcome unknown, and on a read as known', async () => {
    await control('next-request', { fail: 500, count: 2 });
    const write = await rejection(payjp.charges.create({ amount: 900, card: 'tok_whatever' }));
    expect(write).toMatchObject({ kind: 'api', status: 500, outcomeUnknown: true });
    const read = await rejection(payjp.charges.list());
    expect(read).toMatchObject({ kind: 'api', status: 500, outcomeUnknown: false });
    expect(describePayjpFailure(read).action).toBe('retry_later');
  });

  it('knows nothing was sent when the connection is refused', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const offline = createPayjpClient({ ...config, apiBase: `http://127.0.0.1:${port}/v1` });
    const error = await rejection(offline.charges.create({ amount: 900, card: 'tok_x' }));
    expect(error).toBeInstanceOf(PayjpNetworkError);
    expect(error).toMatchObject({ neverSent: true, outcomeUnknown: false, reason: 'ECONNREFUSED' });
    expect(describePayjpFailure(error).action).toBe('retry_later');
  });

  it('rejects a 2xx answer that is not the expected object (outcome unknown for a write)', async () => {
    const garbled: typeof fetch = async () => new Response(JSON.stringify({ object: 'charge', id: 'ch_x' }), { status: 200 });
    const client = createPayjpClient(config, garbled);
    const error = await rejection(client.charges.create({ amount: 900, card: 'tok_x' }));
    expect(error).toBeInstanceOf(PayjpInvalidResponseError);
    expect(error).toMatchObject({ outcomeUnknown: true });
  });

  it('maps a wrong secret key to 401 and a message that payment is unavailable', async () => {
    const wrong = createPayjpClient({ ...config, secretKey: 'sk_test_wrong000000000000000000000' });
    const error = await rejection(wrong.charges.list());
    expect(error).toMatchObject({ status: 401, type: 'auth_error', code: 'invalid_api_key' });
    expect(describePayjpFailure(error).action).toBe('contact_support');
  });
});

describe('customers, cards, tokens, 3-D Secure requests and events', () => {
  it('registers cards for a customer and charges them', async () => {
    const customer = await payjp.customers.create({ email: 'taro@example.com', card: await tokenId(), metadata: { user_id: 'u1' } });
    expect(customer.cards.data).toHaveLength(1);
    const second = await payjp.cards.create(customer.id, { card: await tokenId('3530111333300000'), default: true });
    expect(second.brand).toBe('JCB');
    expect((await payjp.customers.retrieve(customer.id)).default_card).toBe(second.id);
    expect((await payjp.cards.list(customer.id)).count).toBe(2);
    expect((await payjp.cards.retrieve(customer.id, second.id)).last4).toBe('0000');
    const charge = await payjp.charges.create({ amount: 1500, customer: customer.id, card: second.id });
    expect(charge.customer).toBe(customer.id);
    expect(await payjp.cards.delete(customer.id, second.id)).toEqual({ deleted: true, id: second.id, livemode: false });
    expect((await payjp.customers.update(customer.id, { email: 'new@example.com' })).email).toBe('new@example.com');
    expect((await payjp.customers.delete(customer.id)).deleted).toBe(true);
  });

  it('explains a duplicate card registration', async () => {
    const customer = await payjp.customers.create({ card: await tokenId() });
    const error = await rejection(payjp.cards.create(customer.id, { card: await tokenId() }));
    expect(describePayjpFailure(error)).toMatchObject({ code: 'already_have_the_same_card', action: 'none' });
  });

  it('retrieves tokens and finishes token 3-D Secure', async () => {
    const id = await tokenId('4242424242424242', { three_d_secure: 'true' });
    expect((await payjp.tokens.retrieve(id)).card.three_d_secure_status).toBe('unverified');
    await answerChallenge(
      await buildThreeDSecureStartUrl({ resourceId: id, returnUrl: 'http://localhost:3000/cards/return' }, config),
      'verified',
    );
    expect((await payjp.tokens.finishThreeDSecure(id)).card.three_d_secure_status).toBe('verified');
  });

  it('creates and reads a three_d_secure_request for a registered card', async () => {
    const customer = await payjp.customers.create({ card: await tokenId() });
    const request = await payjp.threeDSecureRequests.create({ resource_id: customer.default_card ?? '' });
    expect(request.state).toBe('created');
    await answerChallenge(
      await buildThreeDSecureStartUrl({ resourceId: request.id, returnUrl: 'http://localhost:3000/cards/return' }, config),
      'verified',
    );
    expect(await payjp.threeDSecureRequests.retrieve(request.id)).toMatchObject({ state: 'finished', three_d_secure_status: 'verified' });
  });

  it('lists and retrieves events', async () => {
    const charge = await payjp.charges.create({ amount: 1100, card: await tokenId() });
    const events = await payjp.events.list({ resource_id: charge.id });
    expect(events.data.map((e) => e.type)).toEqual(['charge.succeeded']);
    const event = await payjp.events.retrieve(events.data[0]?.id ?? '');
    expect(event.data).toMatchObject({ object: 'charge', id: charge.id });
  });
});

describe('buildThreeDSecureStartUrl', () => {
  it('refuses ids that are not 3-D Secure resources and non-http return URLs', async () => {
    await expect(buildThreeDSecureStartUrl({ resourceId: 'cus_1', returnUrl: 'http://localhost:3000/' }, config)).rejects.toThrow(
      TypeError,
    );
    await expect(buildThreeDSecureStartUrl({ resourceId: 'ch_1', returnUrl: 'javascript:alert(1)' }, config)).rejects.toThrow(TypeError);
  });
});

describe('webhook events', () => {
  it('parses an event exactly as PAY.JP (the emulator) serves and sends it', async () => {
    const charge = await payjp.charges.create({ amount: 1100, card: await tokenId() });
    const [listed] = (await payjp.events.list({ resource_id: charge.id })).data;
    const raw = (await (
      await fetch(`${config.apiBase}/events/${listed?.id ?? ''}`, {
        headers: { Authorization: `Basic ${Buffer.from(`${SECRET_KEY}:`).toString('base64')}` },
      })
    ).json()) as unknown;
    const parsed = parseWebhookEvent(raw);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(parsed.event).toMatchObject({ type: 'charge.succeeded', data: { object: 'charge', id: charge.id } });
  });
});

describe('refunds', () => {
  async function refundEvents(chargeId: string): Promise<number> {
    const events = await payjp.events.list({ resource_id: chargeId, type: 'charge.refunded', limit: 100 });
    return events.data.length;
  }

  it('refunds in parts up to the charged amount, then refuses', async () => {
    const charge = await payjp.charges.create({ amount: 3000, card: await tokenId() });
    expect(await payjp.charges.refund(charge.id, { amount: 1000, reason: '一部返金', idempotencyKey: 'refund-part-0001' })).toMatchObject({
      amount_refunded: 1000,
      refunded: false,
    });
    expect(await payjp.charges.refund(charge.id, { amount: 2000, idempotencyKey: 'refund-part-0002' })).toMatchObject({
      amount_refunded: 3000,
      refunded: true,
    });
    const error = await rejection(payjp.charges.refund(charge.id, { amount: 1, idempotencyKey: 'refund-part-0003' }));
    expect(error).toBeInstanceOf(PayjpApiError);
    expect(error).toMatchObject({ status: 400, code: 'already_refunded', outcomeUnknown: false });
    expect(await refundEvents(charge.id)).toBe(2);
  });

  it('answers a repeated Idempotency-Key with the first answer and does not refund again', async () => {
    const charge = await payjp.charges.create({ amount: 3000, card: await tokenId() });
    const params = { amount: 1000, reason: '重複送信', idempotencyKey: 'refund-same-key-01' };
    const first = await payjp.charges.refund(charge.id, params);
    const second = await payjp.charges.refund(charge.id, params);
    expect(second).toEqual(first);
    expect((await payjp.charges.retrieve(charge.id)).amount_refunded).toBe(1000);
    expect(await refundEvents(charge.id)).toBe(1);
    // The same key for a different request is a mistake PAY.JP refuses, never a second refund.
    const reused = await rejection(payjp.charges.refund(charge.id, { ...params, amount: 500 }));
    expect(reused).toMatchObject({ status: 400, code: 'idempotency_key_reused' });
    expect((await payjp.charges.retrieve(charge.id)).amount_refunded).toBe(1000);
  });

  it('learns the outcome of a refund whose answer was lost by repeating it with the same key', async () => {
    const charge = await payjp.charges.create({ amount: 3000, card: await tokenId() });
    await control('next-request', { fail: 500, stage: 'after', method: 'POST', path: `/v1/charges/${charge.id}/refund` });
    const params = { amount: 1200, idempotencyKey: 'refund-lost-answer-01' };
    const lost = await rejection(payjp.charges.refund(charge.id, params));
    expect(lost).toMatchObject({ status: 500, outcomeUnknown: true });
    expect(await payjp.charges.refund(charge.id, params)).toMatchObject({ amount_refunded: 1200 });
    expect(await refundEvents(charge.id)).toBe(1);
  });

  it('does nothing on a 500 before the work, and a timeout is an unknown outcome', async () => {
    const charge = await payjp.charges.create({ amount: 3000, card: await tokenId() });
    await control('next-request', { fail: 500, stage: 'before', method: 'POST', path: `/v1/charges/${charge.id}/refund` });
    expect(await rejection(payjp.charges.refund(charge.id, { amount: 100, idempotencyKey: 'refund-before-01' }))).toMatchObject({
      status: 500,
      outcomeUnknown: true,
    });
    expect((await payjp.charges.retrieve(charge.id)).amount_refunded).toBe(0);
    await control('next-request', { fail: 'timeout', method: 'POST', path: `/v1/charges/${charge.id}/refund` });
    const impatient = createPayjpClient({ ...config, timeoutMs: 300 });
    expect(await rejection(impatient.charges.refund(charge.id, { amount: 100, idempotencyKey: 'refund-timeout-01' }))).toBeInstanceOf(
      PayjpTimeoutError,
    );
    expect((await payjp.charges.retrieve(charge.id)).amount_refunded).toBe(100);
    expect(await payjp.charges.refund(charge.id, { amount: 100, idempotencyKey: 'refund-timeout-01' })).toMatchObject({
      amount_refunded: 100,
    });
  });

  it('refuses an Idempotency-Key that could not be a header value', async () => {
    expect(await rejection(payjp.charges.refund('ch_x', { idempotencyKey: 'bad key\r\nX: 1' }))).toBeInstanceOf(TypeError);
  });
});

describe('plans and subscriptions (issue 27)', () => {
  it('ensures a monthly plan by id once, accepts it when it exists, and refuses one with another amount', async () => {
    const { ensurePayjpPlan } = await import('../plans');
    await ensurePayjpPlan({ id: 'hojin_api_standard_5500', amount: 5500, name: 'hojin API スタンダード' }, payjp);
    await ensurePayjpPlan({ id: 'hojin_api_standard_5500', amount: 5500, name: 'hojin API スタンダード' }, payjp);
    expect(await payjp.plans.retrieve('hojin_api_standard_5500')).toMatchObject({ amount: 5500, interval: 'month', currency: 'jpy' });
    await expect(ensurePayjpPlan({ id: 'hojin_api_standard_5500', amount: 6600, name: 'x' }, payjp)).rejects.toThrow(/5500 yen/);
  });

  it('creates, changes, cancels and resumes a subscription, each answer parsed', async () => {
    await payjp.plans.create({ id: 'p_small', amount: 1100, interval: 'month' });
    await payjp.plans.create({ id: 'p_large', amount: 3300, interval: 'month' });
    const customer = await payjp.customers.create({ card: await tokenId() });
    const sub = await payjp.subscriptions.create({ customer: customer.id, plan: 'p_small', metadata: { user_id: 'u1' } });
    expect(sub).toMatchObject({ status: 'active', customer: customer.id, plan: { id: 'p_small', amount: 1100 } });
    const later = await payjp.subscriptions.update(sub.id, { next_cycle_plan: 'p_large' });
    expect(later.next_cycle_plan?.id).toBe('p_large');
    const canceled = await payjp.subscriptions.cancel(sub.id);
    expect(canceled.status).toBe('canceled');
    expect((await payjp.subscriptions.resume(sub.id)).status).toBe('active');
    expect((await payjp.subscriptions.retrieve(sub.id)).id).toBe(sub.id);
  });
});
