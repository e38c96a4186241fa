import { afterAll, describe, expect, it } from 'vitest';

import { DESTINATION, newMember, orderBody, startPurchaseStack, type Member } from './purchase-support';
import * as createRoute from '@/app/api/payments/create-payment-history/route';
import * as addressesRoute from '@/app/api/users/addresses/route';

/**
 * Saved delivery addresses (issue 24 §4, docs/decisions/0063): before, a member's second order
 * started from an empty form — nothing was kept — and /api/users/addresses did not exist (404).
 */
const stack = await startPurchaseStack();

afterAll(() => stack.close());

type Saved = typeof DESTINATION & { id: string };

async function saved(member: Member): Promise<Saved[]> {
  const res = await member.get(addressesRoute, '/api/users/addresses');
  expect(res.status).toBe(200);
  return (res.json as unknown as { addresses: Saved[] }).addresses;
}

async function order(member: Member, destination: Record<string, string> = DESTINATION) {
  const res = await member.send(createRoute, '/api/payments/create-payment-history', orderBody({ destination }));
  expect(res.status, JSON.stringify(res.json)).toBe(200);
}

describe('saved delivery addresses', () => {
  it('keeps the destination of a confirmed order for the next one, once per destination', async () => {
    const member = await newMember();
    expect(await saved(member)).toEqual([]);
    await order(member);
    const first = await saved(member);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ ...DESTINATION, destinationZipCode: DESTINATION.destinationZipCode.replace('-', '') });
    await order(member);
    expect(await saved(member)).toHaveLength(1);
    // another destination: the newest first
    await order(member, { ...DESTINATION, recipient: '別の 宛名' });
    expect((await saved(member)).map((a) => a.recipient)).toEqual(['別の 宛名', DESTINATION.recipient]);
  });

  it('keeps at most 10, dropping the least recently used', async () => {
    const member = await newMember();
    for (let i = 1; i <= 11; i++) await order(member, { ...DESTINATION, destinationApartmentEtc: `${i}号室` });
    const list = await saved(member);
    expect(list).toHaveLength(10);
    expect(list.map((a) => a.destinationApartmentEtc)).not.toContain('1号室');
    expect(list[0]?.destinationApartmentEtc).toBe('11号室');
  });

  it('edits and deletes only the member’s own, with Japanese messages', async () => {
    const member = await newMember();
    await order(member);
    await order(member, { ...DESTINATION, recipient: '二つ目' });
    const [second, first] = await saved(member);
    const edited = await member.send(
      addressesRoute,
      '/api/users/addresses',
      { id: first!.id, destination: { ...DESTINATION, destinationStreet: '丸の内2-2-2', destinationZipCode: '１００－０００５' } },
      'PUT',
    );
    expect(edited.status).toBe(200);
    expect((await saved(member)).find((a) => a.id === first!.id)).toMatchObject({
      destinationStreet: '丸の内2-2-2',
      destinationZipCode: '1000005',
    });

    // the same as the other entry: refused, nothing changed
    const dup = await member.send(
      addressesRoute,
      '/api/users/addresses',
      { id: first!.id, destination: { ...DESTINATION, recipient: '二つ目' } },
      'PUT',
    );
    expect(dup.status).toBe(409);
    expect(dup.json.error?.message).toBe('同じお届け先がすでに保存されています。');
    // bad input: the order API's messages, not a 500
    const bad = await member.send(
      addressesRoute,
      '/api/users/addresses',
      { id: first!.id, destination: { ...DESTINATION, destinationZipCode: 'abc' } },
      'PUT',
    );
    expect(bad.status).toBe(422);
    expect(bad.json.error?.message).toMatch(/[ぁ-ん]/);

    const stranger = await newMember();
    const theirs = await stranger.send(addressesRoute, '/api/users/addresses', { id: second!.id, destination: DESTINATION }, 'PUT');
    expect(theirs.status).toBe(404);
    expect((await stranger.send(addressesRoute, '/api/users/addresses', { id: second!.id }, 'DELETE')).status).toBe(404);
    expect(await saved(member)).toHaveLength(2);

    const del = await member.send(addressesRoute, '/api/users/addresses', { id: second!.id }, 'DELETE');
    expect(del.status).toBe(200);
    expect((await saved(member)).map((a) => a.id)).toEqual([first!.id]);
  });

  it('keeps nothing for the shared demo account', async () => {
    const demo = await newMember({ isDemo: true });
    await order(demo);
    expect(await saved(demo)).toEqual([]);
  });
});
