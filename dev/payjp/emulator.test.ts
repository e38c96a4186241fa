import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Payjp from 'payjp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPayjpEmulator, type PayjpEmulator } from './emulator';
import { createTokenLikePayjpJs, FUTURE_YEAR, passChallenge, signBackUrl, tokenId } from './test-helpers';

// The emulator's conformance suite: the official PAY.JP Node SDK (v2) is the client, so the wire
// format (Basic auth, form encoding, nested metadata, JSON shapes, error envelope) is what a real
// PAY.JP client sends and expects.

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

interface SdkFailure {
  status: number;
  error: { type: string; code?: string; message: string; status: number; param?: string; charge?: string };
}

/** The SDK rejects with superagent's error; PAY.JP's envelope is its response body. */
async function failure(promise: Promise<unknown>): Promise<SdkFailure> {
  try {
    await promise;
  } catch (e) {
    const err = e as { status?: number; response?: { body?: { error: SdkFailure['error'] } } };
    if (err.status === undefined || !err.response?.body?.error) throw e;
    return { status: err.status, error: err.response.body.error };
  }
  throw new Error('expected the request to fail');
}

const CHARGE_KEYS = [
  'amount',
  'amount_refunded',
  'captured',
  'captured_at',
  'card',
  'created',
  'currency',
  'customer',
  'description',
  'expired_at',
  'failure_code',
  'failure_message',
  'fee_rate',
  'id',
  'livemode',
  'metadata',
  'object',
  'paid',
  'refund_reason',
  'refunded',
  'subscription',
  'term_id',
  'three_d_secure_status',
].sort();
const CARD_KEYS = [
  'address_city',
  'address_line1',
  'address_line2',
  'address_state',
  'address_zip',
  'address_zip_check',
  'brand',
  'country',
  'created',
  'customer',
  'cvc_check',
  'email',
  'exp_month',
  'exp_year',
  'fingerprint',
  'id',
  'last4',
  'livemode',
  'metadata',
  'name',
  'object',
  'phone',
  'three_d_secure_status',
].sort();

describe('authentication', () => {
  it('answers 401 auth_error for an unknown secret key', async () => {
    const stranger = Payjp('sk_test_somebodyelse000000000000000', { apibase: emu.apiBase });
    const f = await failure(stranger.charges.list());
    expect(f.status).toBe(401);
    expect(f.error).toMatchObject({ type: 'auth_error', code: 'invalid_api_key', status: 401 });
  });

  it('answers 401 when no key is sent and when the public key is used for anything but tokens', async () => {
    const none = await fetch(`${emu.apiBase}/charges`);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ error: { type: 'auth_error', code: 'no_api_key' } });
    const publicKey = await fetch(`${emu.apiBase}/charges`, {
      headers: { Authorization: `Basic ${Buffer.from(`${emu.publicKey}:`).toString('base64')}` },
    });
    expect(publicKey.status).toBe(401);
  });

  it('refuses raw card data with the secret key unless X-Payjp-Direct-Token-Generate is set (test mode)', async () => {
    const card = { number: '4242424242424242', exp_month: '12', exp_year: FUTURE_YEAR, cvc: '123' };
    const refused = await failure(payjp.tokens.create({ card }));
    expect(refused.status).toBe(401);
    const token = await payjp.tokens.create({ card }, { 'X-Payjp-Direct-Token-Generate': 'true' });
    expect(token.id).toMatch(/^tok_[0-9a-f]{28}$/);
  });
});

describe('tokens', () => {
  it('creates a token with the public key as payjp.js does, and the SDK retrieves it', async () => {
    const created = await createTokenLikePayjpJs(emu, '4242424242424242');
    expect(created.status).toBe(200);
    const token = await payjp.tokens.retrieve(String(created.body.id));
    expect(token).toMatchObject({ object: 'token', livemode: false, used: false });
    expect(token.id).toHaveLength(32);
    expect(Object.keys(token.card).sort()).toEqual(CARD_KEYS);
    expect(token.card).toMatchObject({
      object: 'card',
      brand: 'Visa',
      last4: '4242',
      exp_month: 12,
      exp_year: Number(FUTURE_YEAR),
      name: 'TARO YAMADA',
      email: 'taro@example.com',
      cvc_check: 'passed',
      customer: null,
      three_d_secure_status: null,
    });
    expect(token.card.id).toMatch(/^car_[0-9a-f]{28}$/);
    expect(JSON.stringify(token)).not.toContain('4242424242424242');
  });

  it('detects the brands of the success test cards', async () => {
    const brands: Record<string, string> = { '4242424242424242': 'Visa', '5555555555554444': 'MasterCard', '3530111333300000': 'JCB' };
    for (const [number, brand] of Object.entries(brands)) {
      const token = await payjp.tokens.retrieve(await tokenId(emu, number));
      expect(token.card.brand).toBe(brand);
    }
  });

  it('gives the same card number the same fingerprint', async () => {
    const a = await payjp.tokens.retrieve(await tokenId(emu));
    const b = await payjp.tokens.retrieve(await tokenId(emu));
    const c = await payjp.tokens.retrieve(await tokenId(emu, '5555555555554444'));
    expect(a.card.fingerprint).toBe(b.card.fingerprint);
    expect(a.card.fingerprint).not.toBe(c.card.fingerprint);
  });

  it.each([
    ['4000000000000002', 'card_declined'],
    ['4000000000000069', 'expired_card'],
    ['4000000000000127', 'invalid_cvc'],
    ['4000000000000119', 'processing_error'],
    ['4000003720000278', 'invalid_expiration_date'],
    ['4000000000001110', 'invalid_expiration_date'],
    ['36227206271667', 'unacceptable_brand'],
  ])('refuses test card %s at token time with 402 %s', async (number, code) => {
    const { status, body } = await createTokenLikePayjpJs(emu, number);
    expect(status).toBe(402);
    expect(body.error).toMatchObject({ type: 'card_error', code, status: 402 });
  });

  it('rejects malformed card data with the card_error codes PAY.JP uses', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ 'card[number]': '4242424242424241' }, 'invalid_number'],
      [{ 'card[exp_month]': '13' }, 'invalid_expiry_month'],
      [{ 'card[exp_year]': '2001' }, 'invalid_expiry_year'],
      [{ 'card[cvc]': '12' }, 'invalid_cvc'],
    ];
    for (const [extra, code] of cases) {
      const { status, body } = await createTokenLikePayjpJs(emu, extra['card[number]'] ?? '4242424242424242', extra);
      expect(status).toBe(402);
      expect(body.error?.code).toBe(code);
    }
  });

  it('rejects a cardholder name that EMV 3-D Secure cannot carry', async () => {
    const { status, body } = await createTokenLikePayjpJs(emu, '4242424242424242', { 'card[name]': '山田太郎' });
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ type: 'client_error', code: 'invalid_card_name', param: 'card[name]' });
  });

  it('answers 404 invalid_id for an unknown token', async () => {
    const f = await failure(payjp.tokens.retrieve('tok_doesnotexist'));
    expect(f.status).toBe(404);
    expect(f.error).toMatchObject({ type: 'client_error', code: 'invalid_id', param: 'id' });
  });
});

describe('charges', () => {
  it('charges a token with the object shape PAY.JP documents, keeping nested metadata', async () => {
    const charge = await payjp.charges.create({
      amount: 1100,
      currency: 'jpy',
      card: await tokenId(emu),
      description: '履歴事項全部証明書',
      metadata: { order_id: 'ord_1', kind: 'certificate' },
    });
    expect(Object.keys(charge).sort()).toEqual(CHARGE_KEYS);
    expect(charge.id).toMatch(/^ch_[0-9a-f]{29}$/);
    expect(charge).toMatchObject({
      object: 'charge',
      livemode: false,
      amount: 1100,
      currency: 'jpy',
      paid: true,
      captured: true,
      expired_at: null,
      customer: null,
      refunded: false,
      amount_refunded: 0,
      failure_code: null,
      three_d_secure_status: null,
      description: '履歴事項全部証明書',
      metadata: { order_id: 'ord_1', kind: 'certificate' },
    });
    expect(charge.captured_at).toBeGreaterThanOrEqual(charge.created);
    expect(Object.keys(charge.card ?? {}).sort()).toEqual(CARD_KEYS);
    expect(await payjp.charges.retrieve(charge.id)).toEqual(charge);
  });

  it('refuses to use a token twice (token_already_used)', async () => {
    const token = await tokenId(emu);
    await payjp.charges.create({ amount: 500, currency: 'jpy', card: token });
    const f = await failure(payjp.charges.create({ amount: 500, currency: 'jpy', card: token }));
    expect(f.status).toBe(400);
    expect(f.error).toMatchObject({ type: 'client_error', code: 'token_already_used', param: 'card' });
    expect((await payjp.tokens.retrieve(token)).used).toBe(true);
  });

  it.each([
    ['4000000000080319', 1000, 'card_declined'],
    ['4000000000004012', 1000, 'expired_card'],
    ['4000000000080202', 10_001, 'card_declined'],
    ['4000000000000077', 1000, 'invalid_expiration_date'],
    ['4000000000001111', 1000, 'invalid_expiration_date'],
  ])('declines test card %s at charge time (¥%i) with 402 %s and records the failed charge', async (number, amount, code) => {
    const f = await failure(payjp.charges.create({ amount, currency: 'jpy', card: await tokenId(emu, number) }));
    expect(f.status).toBe(402);
    expect(f.error).toMatchObject({ type: 'card_error', code, status: 402 });
    expect(f.error.charge).toMatch(/^ch_/);
    const failed = await payjp.charges.retrieve(f.error.charge ?? '');
    expect(failed).toMatchObject({ paid: false, captured: false, failure_code: code });
  });

  it('accepts the over-¥10,000 card up to ¥10,000', async () => {
    const charge = await payjp.charges.create({ amount: 10_000, currency: 'jpy', card: await tokenId(emu, '4000000000080202') });
    expect(charge.paid).toBe(true);
  });

  it('validates amount, currency, unknown parameters and expiry_days', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ amount: 49, currency: 'jpy' }, 'invalid_amount', 'amount'],
      [{ amount: 10_000_000, currency: 'jpy' }, 'invalid_amount', 'amount'],
      [{ amount: 500, currency: 'usd' }, 'invalid_currency', 'currency'],
      [{ amount: 500, currency: 'jpy', order: 'x' }, 'no_allowed_param', 'order'],
      [{ amount: 500, currency: 'jpy', expiry_days: 3 }, 'unnecessary_expiry_days', 'expiry_days'],
      [{ amount: 500, currency: 'jpy', capture: false, expiry_days: 61 }, 'invalid_expiry_days', 'expiry_days'],
      [{ currency: 'jpy' }, 'missing_param', 'amount'],
    ];
    for (const [params, code, param] of cases) {
      const f = await failure(payjp.charges.create({ card: await tokenId(emu), ...params }));
      expect(f.status, code).toBe(400);
      expect(f.error).toMatchObject({ type: 'client_error', code, param });
    }
  });

  it('answers 404 invalid_id for an unknown charge', async () => {
    const f = await failure(payjp.charges.retrieve('ch_nope'));
    expect(f.status).toBe(404);
    expect(f.error).toMatchObject({ code: 'invalid_id', message: 'No such charge: ch_nope' });
  });

  it('authorises with capture=false and expiry_days, then captures once', async () => {
    const charge = await payjp.charges.create({ amount: 3000, currency: 'jpy', card: await tokenId(emu), capture: false, expiry_days: 3 });
    expect(charge).toMatchObject({ paid: true, captured: false, captured_at: null });
    // 23:59:59 Asia/Tokyo two days after the request.
    const expiry = new Date(((charge.expired_at ?? 0) + 9 * 3600) * 1000);
    expect(expiry.getUTCHours()).toBe(23);
    expect(expiry.getUTCMinutes()).toBe(59);
    const captured = await payjp.charges.capture(charge.id, { amount: 2500 });
    expect(captured).toMatchObject({ captured: true, amount: 3000, amount_refunded: 500, expired_at: null });
    const again = await failure(payjp.charges.capture(charge.id));
    expect(again.error.code).toBe('already_captured');
  });

  it('refunds partly, then the rest, then refuses', async () => {
    const charge = await payjp.charges.create({ amount: 2000, currency: 'jpy', card: await tokenId(emu) });
    const partial = await payjp.charges.refund(charge.id, { amount: 500, refund_reason: '一部返金' });
    expect(partial).toMatchObject({ refunded: false, amount_refunded: 500, refund_reason: '一部返金' });
    const tooMuch = await failure(payjp.charges.refund(charge.id, { amount: 1600 }));
    expect(tooMuch.error.code).toBe('refund_amount_gt_net');
    const rest = await payjp.charges.refund(charge.id);
    expect(rest).toMatchObject({ refunded: true, amount_refunded: 2000 });
    expect((await failure(payjp.charges.refund(charge.id))).error.code).toBe('already_refunded');
  });

  it('keeps Idempotency-Key answers per key and behind authentication', async () => {
    const charge = await payjp.charges.create({ amount: 2000, currency: 'jpy', card: await tokenId(emu) });
    const refund = (key: string, secret = emu.secretKey, amount = '300') =>
      fetch(`${emu.apiBase}/charges/${charge.id}/refund`, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${Buffer.from(`${secret}:`).toString('base64')}`,
          'Content-Type': 'application/x-www-form-urlencoded',
          'Idempotency-Key': key,
        },
        body: new URLSearchParams({ amount }),
      });
    const first = await refund('emu-key-0001');
    expect(first.status).toBe(200);
    const body = (await first.json()) as { amount_refunded: number };
    expect(body.amount_refunded).toBe(300);
    // Another caller with the key learns nothing of the stored answer.
    const stranger = await refund('emu-key-0001', 'sk_test_someoneelse000000000000');
    expect(stranger.status).toBe(401);
    expect(await (await refund('emu-key-0001')).json()).toEqual(body);
    expect((await refund('emu-key-0001', emu.secretKey, '400')).status).toBe(400);
    expect(((await (await refund('emu-key-0002')).json()) as { amount_refunded: number }).amount_refunded).toBe(600);
    expect((await payjp.events.list({ resource_id: charge.id, type: 'charge.refunded' } as never)).data).toHaveLength(2);
  });

  it('cancels an uncaptured authorisation by refunding it (never partially)', async () => {
    const charge = await payjp.charges.create({ amount: 2000, currency: 'jpy', card: await tokenId(emu), capture: false });
    expect((await failure(payjp.charges.refund(charge.id, { amount: 100 }))).error.code).toBe('invalid_amount_to_not_captured');
    expect(await payjp.charges.refund(charge.id)).toMatchObject({ refunded: true, amount_refunded: 2000, captured: false });
  });

  it('updates description and metadata, an empty value deleting a key', async () => {
    const charge = await payjp.charges.create({ amount: 500, currency: 'jpy', card: await tokenId(emu), metadata: { a: '1', b: '2' } });
    const updated = await payjp.charges.update(charge.id, { description: 'x', metadata: { a: '', c: '3' } });
    expect(updated).toMatchObject({ description: 'x', metadata: { b: '2', c: '3' } });
  });

  it('lists newest first with limit, offset, since and until, and filters by customer', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await payjp.charges.create({ amount: 100 + i, currency: 'jpy', card: await tokenId(emu) })).id);
    }
    const first = await payjp.charges.list({ limit: 2 });
    expect(first).toMatchObject({ object: 'list', count: 2, has_more: true, url: '/v1/charges' });
    expect(first.data.map((c) => c.id)).toEqual([ids[4], ids[3]]);
    const last = await payjp.charges.list({ limit: 2, offset: 4 });
    expect(last).toMatchObject({ count: 1, has_more: false });
    expect(last.data[0]?.id).toBe(ids[0]);
    const created = first.data[0]?.created ?? 0;
    expect((await payjp.charges.list({ since: created + 1 })).count).toBe(0);
    expect((await payjp.charges.list({ until: created, limit: 100 })).count).toBe(5);
    expect((await payjp.charges.list({ customer: 'cus_nobody' })).count).toBe(0);
    const bad = await failure(payjp.charges.list({ limit: 0 }));
    expect(bad.status).toBe(400);
  });
});

describe('customers and cards', () => {
  it('creates a customer from a token; its card becomes the default and keeps the token card id', async () => {
    const token = await payjp.tokens.retrieve(await tokenId(emu));
    const customer = await payjp.customers.create({ email: 'taro@example.com', card: token.id, metadata: { user_id: 'u1' } });
    expect(customer.id).toMatch(/^cus_[0-9a-f]{28}$/);
    expect(customer).toMatchObject({
      object: 'customer',
      livemode: false,
      email: 'taro@example.com',
      default_card: token.card.id,
      metadata: { user_id: 'u1' },
      cards: { object: 'list', count: 1, has_more: false, url: `/v1/customers/${customer.id}/cards` },
      subscriptions: { object: 'list', count: 0 },
    });
    expect(customer.cards.data[0]).toMatchObject({ id: token.card.id, customer: customer.id, last4: '4242' });
  });

  it('accepts a chosen customer id once', async () => {
    await payjp.customers.create({ id: 'user_42' });
    expect((await failure(payjp.customers.create({ id: 'user_42' }))).error.code).toBe('already_exist_id');
  });

  it('adds, lists, updates and deletes cards, moving the default when the default is deleted', async () => {
    const customer = await payjp.customers.create({ card: await tokenId(emu) });
    const first = customer.default_card ?? '';
    const second = await payjp.customers.cards.create(customer.id, { card: await tokenId(emu, '5555555555554444'), default: true });
    expect(second).toMatchObject({ object: 'card', brand: 'MasterCard', customer: customer.id });
    expect((await payjp.customers.retrieve(customer.id)).default_card).toBe(second.id);
    const list = await payjp.customers.cards.list(customer.id);
    expect(list.data.map((c) => c.id)).toEqual([second.id, first]);
    const updated = await payjp.customers.cards.update(customer.id, first, { name: 'HANAKO YAMADA', metadata: { label: '仕事用' } });
    expect(updated).toMatchObject({ name: 'HANAKO YAMADA', metadata: { label: '仕事用' } });
    expect(await payjp.customers.cards.delete(customer.id, second.id)).toEqual({ deleted: true, id: second.id, livemode: false });
    expect((await payjp.customers.retrieve(customer.id)).default_card).toBe(first);
    expect((await failure(payjp.customers.cards.retrieve(customer.id, second.id))).status).toBe(404);
  });

  it('refuses the same card twice for one customer', async () => {
    const customer = await payjp.customers.create({ card: await tokenId(emu) });
    const f = await failure(payjp.customers.cards.create(customer.id, { card: await tokenId(emu) }));
    expect(f.error.code).toBe('already_have_the_same_card');
  });

  it('updates email and default card, and refuses a card the customer does not have', async () => {
    const customer = await payjp.customers.create({ card: await tokenId(emu) });
    const other = await payjp.customers.cards.create(customer.id, { card: await tokenId(emu, '3530111333300000') });
    const updated = await payjp.customers.update(customer.id, { email: 'new@example.com', default_card: other.id });
    expect(updated).toMatchObject({ email: 'new@example.com', default_card: other.id });
    expect((await failure(payjp.customers.update(customer.id, { default_card: 'car_stranger' }))).status).toBe(400);
  });

  it('charges the default card, or a named card, of a customer', async () => {
    const customer = await payjp.customers.create({ card: await tokenId(emu) });
    const jcb = await payjp.customers.cards.create(customer.id, { card: await tokenId(emu, '3530111333300000') });
    const byDefault = await payjp.charges.create({ amount: 800, currency: 'jpy', customer: customer.id });
    expect(byDefault).toMatchObject({ paid: true, customer: customer.id });
    expect(byDefault.card?.id).toBe(customer.default_card);
    const named = await payjp.charges.create({ amount: 800, currency: 'jpy', customer: customer.id, card: jcb.id });
    expect(named.card?.brand).toBe('JCB');
    expect((await payjp.charges.list({ customer: customer.id })).count).toBe(2);
  });

  it('declines a registered charge-time test card at every charge', async () => {
    const customer = await payjp.customers.create({ card: await tokenId(emu, '4000000000080319') });
    const f = await failure(payjp.charges.create({ amount: 800, currency: 'jpy', customer: customer.id }));
    expect(f.status).toBe(402);
    expect(f.error.code).toBe('card_declined');
  });

  it('deletes a customer', async () => {
    const customer = await payjp.customers.create({ card: await tokenId(emu) });
    expect(await payjp.customers.delete(customer.id)).toEqual({ deleted: true, id: customer.id, livemode: false });
    expect((await failure(payjp.customers.retrieve(customer.id))).status).toBe(404);
  });

  it('lists customers', async () => {
    await payjp.customers.create({ email: 'a@example.com' });
    await payjp.customers.create({ email: 'b@example.com' });
    const list = await payjp.customers.list({ limit: 1 });
    expect(list).toMatchObject({ count: 1, has_more: true, url: '/v1/customers' });
    expect(list.data[0]?.email).toBe('b@example.com');
  });
});

describe('3-D Secure on charges (redirect workflow)', () => {
  async function tdsCharge(number = '4242424242424242', amount = 1100): Promise<Payjp.Charge> {
    return payjp.charges.create({
      amount,
      currency: 'jpy',
      card: await tokenId(emu, number),
      three_d_secure: true,
      metadata: { order_id: 'o1' },
    });
  }

  it('creates the charge unpaid and unverified, and tds_finish before the challenge is three_d_secure_incompleted', async () => {
    const charge = await tdsCharge();
    expect(charge).toMatchObject({
      paid: false,
      captured: false,
      captured_at: null,
      expired_at: null,
      three_d_secure_status: 'unverified',
    });
    const f = await failure(payjp.charges.tds_finish(charge.id));
    expect(f.status).toBe(400);
    expect(f.error.code).toBe('three_d_secure_incompleted');
  });

  it('shows a Japanese challenge page, returns to back_url after 認証成功, and tds_finish pays the charge', async () => {
    const charge = await tdsCharge();
    const page = await passChallenge(emu, charge.id, 'verified', 'http://localhost:3000/purchase/3ds-return?x=1');
    expect(page.startStatus).toBe(200);
    expect(page.startHtml).toContain('認証成功');
    expect(page.startHtml).toContain('認証失敗');
    expect(page.startHtml).toContain('1,100円');
    expect(page.status).toBe(303);
    expect(page.location).toBe('http://localhost:3000/purchase/3ds-return?x=1');
    expect((await payjp.charges.retrieve(charge.id)).three_d_secure_status).toBe('verified');
    const finished = await payjp.charges.tds_finish(charge.id);
    expect(finished).toMatchObject({ paid: true, captured: true, three_d_secure_status: 'verified' });
    // Finishing twice is refused; the caller re-reads the charge and sees it paid.
    expect((await failure(payjp.charges.tds_finish(charge.id))).error.code).toBe('not_in_three_d_secure_flow');
  });

  it('leaves the charge unpaid after 認証失敗 (three_d_secure_failed)', async () => {
    const charge = await tdsCharge();
    await passChallenge(emu, charge.id, 'failed');
    expect((await payjp.charges.retrieve(charge.id)).three_d_secure_status).toBe('failed');
    const f = await failure(payjp.charges.tds_finish(charge.id));
    expect(f.error.code).toBe('three_d_secure_failed');
    expect((await payjp.charges.retrieve(charge.id)).paid).toBe(false);
  });

  it('keeps the charge unverified when the buyer abandons the challenge', async () => {
    const charge = await tdsCharge();
    const page = await passChallenge(emu, charge.id, 'abandoned');
    expect(page.status).toBe(303);
    expect((await payjp.charges.retrieve(charge.id)).three_d_secure_status).toBe('unverified');
  });

  it('accepts attempted as passed', async () => {
    const charge = await tdsCharge();
    await passChallenge(emu, charge.id, 'attempted');
    expect(await payjp.charges.tds_finish(charge.id)).toMatchObject({ paid: true, three_d_secure_status: 'attempted' });
  });

  it('times out after 30 minutes (not_in_three_d_secure_flow) and the start page refuses', async () => {
    const charge = await tdsCharge();
    await passChallenge(emu, charge.id, 'verified');
    emu.advanceClock(30 * 60 + 1);
    expect((await failure(payjp.charges.tds_finish(charge.id))).error.code).toBe('not_in_three_d_secure_flow');
    expect((await payjp.charges.retrieve(charge.id)).paid).toBe(false);
    const again = await passChallenge(emu, charge.id, 'verified');
    expect(again.startStatus).toBe(400);
  });

  it('declines at tds_finish when the card is refused at charge time', async () => {
    const charge = await tdsCharge('4000000000080319');
    expect(charge.paid).toBe(false);
    await passChallenge(emu, charge.id, 'verified');
    const f = await failure(payjp.charges.tds_finish(charge.id));
    expect(f.status).toBe(402);
    expect(f.error).toMatchObject({ code: 'card_declined', charge: charge.id });
  });

  it('refuses tds_finish on a charge created without 3-D Secure', async () => {
    const charge = await payjp.charges.create({ amount: 500, currency: 'jpy', card: await tokenId(emu) });
    expect((await failure(payjp.charges.tds_finish(charge.id))).error.code).toBe('not_in_three_d_secure_flow');
  });

  it('refuses a back_url not signed with the secret key, and a wrong public key', async () => {
    const charge = await tdsCharge();
    const forged = await signBackUrl('https://evil.example/', 'sk_test_not_the_merchant_key_000000');
    const bad = await fetch(`${emu.url}/v1/tds/${charge.id}/start?publickey=${emu.publicKey}&back_url=${forged}`);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('署名を検証できませんでした');
    const good = await signBackUrl('http://localhost:3000/r', emu.secretKey);
    const wrongKey = await fetch(`${emu.url}/v1/tds/${charge.id}/start?publickey=pk_test_other&back_url=${good}`);
    expect(wrongKey.status).toBe(400);
    const forgedSubmit = await fetch(`${emu.url}/v1/tds/${charge.id}/challenge`, {
      method: 'POST',
      body: new URLSearchParams({ publickey: emu.publicKey, back_url: forged, result: 'verified' }),
      redirect: 'manual',
    });
    expect(forgedSubmit.status).toBe(400);
    expect((await payjp.charges.retrieve(charge.id)).three_d_secure_status).toBe('unverified');
  });
});

describe('3-D Secure on tokens and registered cards', () => {
  it('holds a three_d_secure token until it is verified and finished', async () => {
    const token = await tokenId(emu, '4242424242424242', { three_d_secure: 'true' });
    expect((await payjp.tokens.retrieve(token)).card.three_d_secure_status).toBe('unverified');
    const early = await failure(payjp.charges.create({ amount: 500, currency: 'jpy', card: token }));
    expect(early.error.code).toBe('unverified_token');
    expect((await failure(payjp.tokens.tds_finish(token))).error.code).toBe('three_d_secure_incompleted');
    await passChallenge(emu, token, 'verified');
    const finished = await payjp.tokens.tds_finish(token);
    expect(finished.card.three_d_secure_status).toBe('verified');
    const customer = await payjp.customers.create({ card: token });
    expect(customer.cards.data[0]?.three_d_secure_status).toBe('verified');
  });

  it('runs a three_d_secure_request for a registered card: created → in_progress → finished', async () => {
    const customer = await payjp.customers.create({ card: await tokenId(emu) });
    const cardId = customer.default_card ?? '';
    const request = await payjp.three_d_secure_requests.create({ resource_id: cardId });
    expect(request.id).toMatch(/^tdsr_[0-9a-f]{27}$/);
    expect(request).toMatchObject({
      object: 'three_d_secure_request',
      resource_id: cardId,
      state: 'created',
      three_d_secure_status: 'unverified',
    });
    const page = await passChallenge(emu, request.id, 'verified');
    expect(page.startHtml).toContain('お支払いは発生しません');
    const done = await payjp.three_d_secure_requests.retrieve(request.id);
    expect(done).toMatchObject({ state: 'finished', three_d_secure_status: 'verified', expired_at: null });
    expect(done.started_at).not.toBeNull();
    expect(done.finished_at).not.toBeNull();
    expect((await payjp.customers.cards.retrieve(customer.id, cardId)).three_d_secure_status).toBe('verified');
    expect((await payjp.three_d_secure_requests.list({ resource_id: cardId })).count).toBe(1);
  });

  it('expires an unfinished three_d_secure_request after 30 minutes', async () => {
    const customer = await payjp.customers.create({ card: await tokenId(emu) });
    const request = await payjp.three_d_secure_requests.create({ resource_id: customer.default_card ?? '' });
    emu.advanceClock(31 * 60);
    expect((await payjp.three_d_secure_requests.retrieve(request.id)).expired_at).not.toBeNull();
  });
});

describe('events', () => {
  it('records charge and customer events that list and retrieve like PAY.JP', async () => {
    const customer = await payjp.customers.create({ card: await tokenId(emu) });
    const charge = await payjp.charges.create({ amount: 700, currency: 'jpy', customer: customer.id });
    await payjp.charges.refund(charge.id);
    const all = await payjp.events.list({ resource_id: charge.id });
    expect(all.data.map((e) => e.type)).toEqual(['charge.refunded', 'charge.succeeded']);
    const event = await payjp.events.retrieve(all.data[1]?.id ?? '');
    expect(event).toMatchObject({ object: 'event', livemode: false, type: 'charge.succeeded', data: { id: charge.id, paid: true } });
    expect(event.id).toMatch(/^evnt_[0-9a-f]{27}$/);
    expect((await payjp.events.list({ type: 'customer.created' })).count).toBe(1);
    expect((await payjp.events.list({ object: 'charge' })).count).toBe(2);
  });
});

describe('control API', () => {
  async function control(path: string, body: unknown): Promise<void> {
    const response = await fetch(`${emu.url}/__control/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
  }

  it('fails the next request with a 500 before doing anything', async () => {
    await control('next-request', { fail: 500, path: '/v1/charges' });
    const f = await failure(payjp.charges.create({ amount: 500, currency: 'jpy', card: await tokenId(emu) }));
    expect(f.status).toBe(500);
    expect(f.error.type).toBe('server_error');
    expect((await payjp.charges.list()).count).toBe(0);
  });

  it('answers 429 over_capacity when told to', async () => {
    await control('next-request', { fail: 429 });
    const f = await failure(payjp.charges.list());
    expect(f.status).toBe(429);
    expect(f.error.code).toBe('over_capacity');
  });

  it('times out after creating the charge, which the caller can then find by metadata (reconciliation)', async () => {
    await control('next-request', { fail: 'timeout', method: 'POST', path: '/v1/charges' });
    const impatient = Payjp(emu.secretKey, { apibase: emu.apiBase, timeout: 300 });
    const token = await tokenId(emu);
    await expect(
      impatient.charges.create({ amount: 900, currency: 'jpy', card: token, metadata: { order_id: 'ord_9' } }),
    ).rejects.toMatchObject({
      timeout: 300,
    });
    const found = (await payjp.charges.list({ limit: 100 })).data.filter((c) => c.metadata?.order_id === 'ord_9');
    expect(found).toHaveLength(1);
    expect(found[0]?.paid).toBe(true);
  });

  it('fails the 3-D Secure page with a 500 when a rule names /v1/tds, and only once', async () => {
    const charge = await payjp.charges.create({ amount: 700, currency: 'jpy', card: await tokenId(emu), three_d_secure: true });
    const start = `${emu.apiBase}/tds/${charge.id}/start?publickey=${emu.publicKey}&back_url=${await signBackUrl('http://localhost/back', emu.secretKey)}`;
    await control('next-request', { fail: 500, method: 'GET', path: '/v1/tds' });
    expect((await fetch(start)).status).toBe(500);
    expect((await fetch(start)).status).toBe(200);
  });

  it('stops (connection refused) and resumes on the same port with its state', async () => {
    const token = await tokenId(emu);
    await emu.stop();
    await expect(fetch(`${emu.apiBase}/tokens/${token}`)).rejects.toThrow();
    await emu.resume();
    const again = Payjp(emu.secretKey, { apibase: emu.apiBase });
    expect((await again.tokens.retrieve(token)).id).toBe(token);
  });

  it('rejects a malformed control request', async () => {
    const response = await fetch(`${emu.url}/__control/next-request`, { method: 'POST', body: '{"fail": 418}' });
    expect(response.status).toBe(400);
  });

  it('creates a 3-D Secure charge for the demo page and points it at the start page', async () => {
    const response = await fetch(`${emu.url}/__control/demo/charges`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: await tokenId(emu), amount: 1100 }),
    });
    const body = (await response.json()) as { charge: { id: string; three_d_secure_status: string }; start_url: string };
    expect(body.charge.three_d_secure_status).toBe('unverified');
    expect(body.start_url).toContain(`/v1/tds/${body.charge.id}/start?publickey=${emu.publicKey}&back_url=`);
    expect((await fetch(body.start_url)).status).toBe(200);
  });
});

describe('payjp.js stand-in and pages', () => {
  it('serves pay.js and the card element from the emulator origin', async () => {
    const js = await fetch(emu.jsUrl);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toContain('javascript');
    expect(await js.text()).toContain('window.Payjp = Payjp');
    const frame = await fetch(`${emu.url}/js/v2/card-element.html`);
    expect(await frame.text()).toContain('カード番号');
  });
});

describe('state file', () => {
  it('keeps customers and their cards across a restart', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'payjp-emu-'));
    const stateFile = path.join(dir, 'state.json');
    try {
      const first = await startPayjpEmulator({ port: 0, webhookUrl: null, stateFile });
      const client = Payjp(first.secretKey, { apibase: first.apiBase });
      const customer = await client.customers.create({ card: await tokenId(first) });
      await first.close();
      const second = await startPayjpEmulator({ port: 0, webhookUrl: null, stateFile });
      const again = Payjp(second.secretKey, { apibase: second.apiBase });
      const restored = await again.customers.retrieve(customer.id);
      expect(restored.default_card).toBe(customer.default_card);
      expect(restored.cards.data[0]?.last4).toBe('4242');
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
