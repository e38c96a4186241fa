import { describe, expect, it } from 'vitest';

import { isValidWebhookToken, parseWebhookEvent } from './webhook';

// A real event from the emulator is parsed in client.test.ts ("webhook events").

describe('webhook token', () => {
  it('accepts only the configured token', () => {
    const expected = 'whook_hojinlocal_0000000000000000';
    expect(isValidWebhookToken(expected, expected)).toBe(true);
    expect(isValidWebhookToken('whook_hojinlocal_0000000000000001', expected)).toBe(false);
    expect(isValidWebhookToken('short', expected)).toBe(false);
    expect(isValidWebhookToken(null, expected)).toBe(false);
    expect(isValidWebhookToken('', '')).toBe(false);
  });
});

describe('webhook body', () => {
  it('rejects a body that is not an event', () => {
    expect(parseWebhookEvent({ type: 'charge.succeeded' }).ok).toBe(false);
    expect(parseWebhookEvent('evnt_1').ok).toBe(false);
    expect(
      parseWebhookEvent({
        object: 'event',
        id: 'evnt_1',
        livemode: false,
        created: 1,
        type: 'charge.succeeded',
        data: { object: 'charge' },
      }).ok,
    ).toBe(false);
  });
});

describe('webhook ids and type', () => {
  const event = (overrides: Record<string, unknown>, data: Record<string, unknown> = {}) => ({
    object: 'event',
    id: 'evnt_0123456789abcdef0123456789a',
    livemode: false,
    created: 1,
    type: 'charge.succeeded',
    ...overrides,
    data: { object: 'charge', id: 'ch_fa990a4c10672a93053a774730b0a', ...data },
  });

  it('accepts the ids and types PAY.JP sends', () => {
    expect(parseWebhookEvent(event({})).ok).toBe(true);
    expect(parseWebhookEvent(event({ type: 'customer.card.created' }, { object: 'card', id: 'car_1a2b' })).ok).toBe(true);
  });

  // Found by `npm run fuzz`: a NUL in the event reached the INSERT into payjp_webhook_events → 500.
  it('refuses NUL and other control characters in the event id, type and resource id', () => {
    expect(parseWebhookEvent(event({ type: 'a\u0000b' })).ok).toBe(false);
    expect(parseWebhookEvent(event({ type: 'charge.succeeded\n' })).ok).toBe(false);
    expect(parseWebhookEvent(event({ id: 'evnt_\u0000' })).ok).toBe(false);
    expect(parseWebhookEvent(event({}, { id: 'ch_\u001f\u0000' })).ok).toBe(false);
    expect(parseWebhookEvent(event({}, { id: 'ｶﾌﾞｼｷｶﾞｲｼｬ' })).ok).toBe(false);
  });
});
