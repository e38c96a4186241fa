import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Payjp from 'payjp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPayjpEmulator, type PayjpEmulator } from './emulator';
import { tokenId } from './test-helpers';
import type { DeliveryRecord } from './webhooks';

// Webhook delivery against a small local receiver that records what arrives and answers with the
// statuses a test asks for.

interface Received {
  token: string | undefined;
  contentType: string | undefined;
  body: { id: string; object: string; type: string; livemode: boolean; data: { id: string; object: string } };
}

let receiver: Server;
let receiverUrl: string;
let received: Received[] = [];
/** Statuses to answer events of a type with, in order; 200 once used up (and for other types). */
let answers: Record<string, number[]> = {};

let emu: PayjpEmulator;
let payjp: Payjp.Payjp;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Received['body'];
      received.push({ token: req.headers['x-payjp-webhook-token'] as string | undefined, contentType: req.headers['content-type'], body });
      res.writeHead(answers[body.type]?.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/payments/webhook`;
  emu = await startPayjpEmulator({
    port: 0,
    webhookUrl: receiverUrl,
    webhookToken: 'whook_test_receiver_token_0001',
    webhookRetryDelaysMs: [20, 40, 80],
  });
  payjp = Payjp(emu.secretKey, { apibase: emu.apiBase });
});
afterAll(async () => {
  await emu.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});
beforeEach(() => {
  emu.reset();
  received = [];
  answers = {};
});

async function chargeAndSettle(): Promise<Payjp.Charge> {
  const charge = await payjp.charges.create({ amount: 1200, currency: 'jpy', card: await tokenId(emu), metadata: { order_id: 'o1' } });
  expect(await emu.webhooks.idle(10_000)).toBe(true);
  return charge;
}

function chargeEvents(): Received[] {
  return received.filter((r) => r.body.type.startsWith('charge.'));
}

async function control(path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${emu.url}/__control/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return response.json();
}

describe('webhook delivery', () => {
  it('POSTs the Event JSON with X-Payjp-Webhook-Token, matching GET /v1/events/{id}', async () => {
    const charge = await chargeAndSettle();
    const [delivery] = chargeEvents();
    expect(delivery?.token).toBe('whook_test_receiver_token_0001');
    expect(delivery?.contentType).toContain('application/json');
    expect(delivery?.body).toMatchObject({
      object: 'event',
      type: 'charge.succeeded',
      livemode: false,
      data: { object: 'charge', id: charge.id },
    });
    const stored = await payjp.events.retrieve(delivery?.body.id ?? '');
    expect(stored.data).toEqual(delivery?.body.data);
    expect(stored.pending_webhooks).toBe(0);
  });

  it('sends customer and card events too', async () => {
    const customer = await payjp.customers.create({ card: await tokenId(emu) });
    await payjp.customers.cards.create(customer.id, { card: await tokenId(emu, '5555555555554444') });
    await payjp.customers.delete(customer.id);
    await emu.webhooks.idle(10_000);
    const types = received.map((r) => r.body.type).filter((t) => t.startsWith('customer.'));
    expect(types).toEqual(['customer.created', 'customer.card.created', 'customer.deleted']);
  });

  it('retries a delivery answered with a non-2xx status until it succeeds', async () => {
    answers = { 'charge.succeeded': [500, 503] };
    const charge = await payjp.charges.create({ amount: 1200, currency: 'jpy', card: await tokenId(emu) });
    await emu.webhooks.idle(10_000);
    const attempts = emu.webhooks.deliveryLog.filter((d) => d.type === 'charge.succeeded');
    expect(attempts.map((d) => [d.attempt, d.status, d.ok])).toEqual([
      [1, 500, false],
      [2, 503, false],
      [3, 200, true],
    ]);
    expect(new Set(received.filter((r) => r.body.data.id === charge.id).map((r) => r.body.id)).size).toBe(1);
  });

  it('gives up after the configured number of retries', async () => {
    answers = { 'customer.created': [500, 500, 500, 500, 500, 500] };
    await payjp.customers.create({ email: 'a@example.com' });
    await emu.webhooks.idle(10_000);
    const attempts = emu.webhooks.deliveryLog.filter((d) => d.type === 'customer.created');
    expect(attempts).toHaveLength(4);
    expect(attempts.every((d) => !d.ok)).toBe(true);
    expect(emu.webhooks.pending).toBe(0);
  });

  it('retries when the receiver cannot be reached at all', async () => {
    const unreachable = await startPayjpEmulator({ port: 0, webhookUrl: 'http://127.0.0.1:9/nothing', webhookRetryDelaysMs: [10] });
    try {
      const client = Payjp(unreachable.secretKey, { apibase: unreachable.apiBase });
      await client.customers.create({ email: 'a@example.com' });
      await unreachable.webhooks.idle(10_000);
      const attempts = unreachable.webhooks.deliveryLog.filter((d) => d.type === 'customer.created');
      expect(attempts.map((d) => [d.attempt, d.status])).toEqual([
        [1, null],
        [2, null],
      ]);
      expect(attempts[0]?.error).toBeTruthy();
    } finally {
      await unreachable.close();
    }
  });
});

describe('webhook control rules', () => {
  it('duplicates an event: the receiver gets the same event id twice', async () => {
    await control('webhooks', { mode: 'duplicate', type: 'charge.succeeded' });
    const charge = await chargeAndSettle();
    const copies = chargeEvents().filter((r) => r.body.data.id === charge.id);
    expect(copies).toHaveLength(2);
    expect(copies[0]?.body.id).toBe(copies[1]?.body.id);
  });

  it('drops an event: nothing arrives, yet the event is listed by GET /v1/events', async () => {
    await control('webhooks', { mode: 'drop', type: 'charge.succeeded' });
    const charge = await chargeAndSettle();
    expect(chargeEvents()).toHaveLength(0);
    const log = (await control('events-delivered?wait=1')) as { data: DeliveryRecord[] };
    expect(log.data.find((d) => d.type === 'charge.succeeded')).toMatchObject({ dropped: true, status: null });
    const events = await payjp.events.list({ resource_id: charge.id, type: 'charge.succeeded' });
    expect(events.count).toBe(1);
  });

  it('delays an event: it has not arrived when the API answers, and arrives later', async () => {
    await control('webhooks', { mode: 'delay', delay_ms: 400, type: 'charge.succeeded' });
    const charge = await payjp.charges.create({ amount: 1200, currency: 'jpy', card: await tokenId(emu) });
    expect(chargeEvents()).toHaveLength(0);
    const log = (await control('events-delivered?wait=1')) as { idle: boolean; data: DeliveryRecord[] };
    expect(log.idle).toBe(true);
    expect(chargeEvents().map((r) => r.body.data.id)).toEqual([charge.id]);
  });

  it('applies a rule to the given number of events only', async () => {
    await control('webhooks', { mode: 'drop', count: 1 });
    await payjp.customers.create({ email: 'first@example.com' });
    await payjp.customers.create({ email: 'second@example.com' });
    await emu.webhooks.idle(10_000);
    expect(received.map((r) => r.body.type)).toEqual(['customer.created']);
  });

  it('resends an event on request', async () => {
    const charge = await chargeAndSettle();
    const eventId = chargeEvents()[0]?.body.id ?? '';
    await control(`events/${eventId}/resend`, {});
    await emu.webhooks.idle(10_000);
    expect(
      chargeEvents()
        .filter((r) => r.body.data.id === charge.id)
        .map((r) => r.body.id),
    ).toEqual([eventId, eventId]);
  });

  it('reports deliveries through GET /__control/events-delivered and forgets them on reset', async () => {
    await chargeAndSettle();
    const log = (await control('events-delivered')) as { data: DeliveryRecord[] };
    expect(log.data.some((d) => d.type === 'charge.succeeded' && d.ok)).toBe(true);
    await control('reset', {});
    expect(((await control('events-delivered')) as { data: DeliveryRecord[] }).data).toHaveLength(0);
  });

  it('delivers the events of the renewals the clock runs (delivery order is not guaranteed, as at PAY.JP)', async () => {
    const plan = await payjp.plans.create({ amount: 1100, currency: 'jpy', interval: 'month' });
    const customer = await payjp.customers.create({ card: await tokenId(emu) });
    const sub = await payjp.subscriptions.create({ customer: customer.id, plan: plan.id });
    await control('clock', { advance_days: 95 });
    expect(await emu.webhooks.idle(10_000)).toBe(true);
    const count = (type: string) => received.filter((r) => r.body.type === type).length;
    expect([count('charge.succeeded'), count('subscription.created'), count('subscription.renewed')]).toEqual([4, 1, 3]);
    expect(received.filter((r) => r.body.type.startsWith('subscription.')).every((r) => r.body.data.id === sub.id)).toBe(true);
  });
});
