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
