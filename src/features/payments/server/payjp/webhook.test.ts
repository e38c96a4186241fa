import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startPayjpEmulator, type PayjpEmulator } from '../../../../../dev/payjp/emulator';
import { tokenId } from '../../../../../dev/payjp/test-helpers';

import { createPayjpClient } from './client';
import { isValidWebhookToken, parseWebhookEvent } from './webhook';

let emu: PayjpEmulator;

beforeAll(async () => {
  emu = await startPayjpEmulator({ port: 0, webhookUrl: null });
});
afterAll(async () => {
  await emu.close();
});

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
  it('parses an event exactly as the emulator (PAY.JP) sends it', async () => {
    const client = createPayjpClient({ apiBase: emu.apiBase, secretKey: emu.secretKey, publicKey: emu.publicKey, jsUrl: emu.jsUrl, webhookToken: emu.webhookToken, timeoutMs: 5000 });
    const charge = await client.charges.create({ amount: 1100, card: await tokenId(emu) });
    const [listed] = (await client.events.list({ resource_id: charge.id })).data;
    const raw = (await (
      await fetch(`${emu.apiBase}/events/${listed?.id ?? ''}`, { headers: { Authorization: `Basic ${Buffer.from(`${emu.secretKey}:`).toString('base64')}` } })
    ).json()) as unknown;
    const parsed = parseWebhookEvent(raw);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(parsed.event).toMatchObject({ type: 'charge.succeeded', data: { object: 'charge', id: charge.id } });
  });

  it('rejects a body that is not an event', () => {
    expect(parseWebhookEvent({ type: 'charge.succeeded' }).ok).toBe(false);
    expect(parseWebhookEvent('evnt_1').ok).toBe(false);
  });
});
