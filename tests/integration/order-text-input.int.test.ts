import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';

import { DESTINATION, newMember, orderBody, startPurchaseStack } from './purchase-support';
import { eq, sql } from 'drizzle-orm';
import { orders } from '@db/schema';
import { getDb } from '@/server/db/client';
import { logger } from '@/server/logger';
import * as createRoute from '@/app/api/payments/create-payment-history/route';

/**
 * Issue 11 §6: control characters in order text fields are refused by the schemas (422, Japanese
 * field message) instead of reaching PostgreSQL (a NUL answered 500), and a failed query is
 * logged without the values it carried (the log printed the whole INSERT with name and address).
 */
const stack = await startPurchaseStack();

afterAll(() => stack.close());

const PATH = '/api/payments/create-payment-history';

async function ordersOf(userId: string) {
  const db = await getDb();
  return db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId));
}

/** Every text field of an order, as a body with `value` put into that field. */
const TEXT_FIELDS: Record<string, (value: string) => Record<string, unknown>> = {
  'destination.recipient': (v) => ({ destination: { ...DESTINATION, recipient: `山田${v}太郎` } }),
  'destination.destinationZipCode': (v) => ({ destination: { ...DESTINATION, destinationZipCode: `100${v}0005` } }),
  'destination.destinationPrefecture': (v) => ({ destination: { ...DESTINATION, destinationPrefecture: `東京都${v}` } }),
  'destination.destinationCity': (v) => ({ destination: { ...DESTINATION, destinationCity: `千代田区${v}` } }),
  'destination.destinationStreet': (v) => ({ destination: { ...DESTINATION, destinationStreet: `丸の内${v}1-1-1` } }),
  'destination.destinationApartmentEtc': (v) => ({ destination: { ...DESTINATION, destinationApartmentEtc: `ビル${v}3階` } }),
  'destination.receiptRecipient': (v) => ({ destination: { ...DESTINATION, receiptRecipient: `株式会社${v}テスト` } }),
};

describe('order text fields', () => {
  it.each(Object.keys(TEXT_FIELDS))('refuses a NUL in %s with 422 JSON and a Japanese message, creating nothing', async (field) => {
    const member = await newMember();
    const res = await member.send(createRoute, PATH, orderBody(TEXT_FIELDS[field]?.('\u0000')));
    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.json.error?.code).toBe('validation_failed');
    expect(res.json.error?.fields?.[field]).toMatch(/[ぁ-んァ-ヶ一-龠]/);
    expect(await ordersOf(member.userId)).toHaveLength(0);
  });

  it('refuses other control characters, line breaks, lone surrogates and noncharacters in a one-line field', async () => {
    const member = await newMember();
    for (const bad of [
      '\u0007',
      '\u001b[2J',
      '\t',
      '\n',
      '\r',
      '\u007f',
      '\u0085',
      '\u009b',
      '\u2028',
      '\ud800',
      '\udfff',
      '\ufffe',
      '\u{10ffff}',
    ]) {
      // Inside the value: at either end, whitespace (tab, line breaks) is trimmed away as spaces are.
      const res = await member.send(createRoute, PATH, orderBody(TEXT_FIELDS['destination.destinationStreet']?.(bad)));
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect(res.json.error?.fields?.['destination.destinationStreet']).toBe(
        '町名・番地に使用できない文字（改行や制御文字など）が含まれています。入力し直してください。',
      );
    }
    expect(await ordersOf(member.userId)).toHaveLength(0);
  });

  it('accepts what people type: kana, kanji outside the BMP and full-width forms', async () => {
    const member = await newMember();
    const res = await member.send(
      createRoute,
      PATH,
      orderBody({
        destination: {
          ...DESTINATION,
          recipient: '𠮷野 ｶﾀｶﾅ',
          destinationApartmentEtc: 'ビル３階',
          destinationZipCode: '１００－０００５',
        },
      }),
    );
    expect(res.status, JSON.stringify(res.json)).toBe(200);
  });

  it('refuses emoji in the address with 422 and the message the form shows, creating nothing (issue 13)', async () => {
    const member = await newMember();
    const res = await member.send(createRoute, PATH, orderBody({ destination: { ...DESTINATION, destinationApartmentEtc: 'ビル🏢３階' } }));
    expect(res.status).toBe(422);
    expect(res.json.error?.code).toBe('validation_failed');
    expect(res.json.error?.fields?.['destination.destinationApartmentEtc']).toBe(
      '建物名・部屋番号に使用できない文字「🏢」が含まれています。絵文字や一部の記号・外国の文字は、お届け伝票や書類に印字できないため、取り除くか別の文字に置き換えてください。',
    );
    expect(await ordersOf(member.userId)).toHaveLength(0);
  });
});

describe('a failed query in a route', () => {
  it('is logged with its SQLSTATE and statement, never the name and address it carried', async () => {
    const member = await newMember();
    const db = await getDb();
    // The order's INSERT fails in the database, after every schema accepted it.
    await db.execute(
      sql.raw(`create function fail_order_insert() returns trigger language plpgsql as $$
      begin raise exception 'disk full'; end $$`),
    );
    await db.execute(sql.raw('create trigger fail_order_insert before insert on orders for each row execute function fail_order_insert()'));
    // The app's own logger, writing into this array (LOG_LEVEL is silent in tests).
    const lines: string[] = [];
    const streamSym = pino.symbols.streamSym as unknown as keyof typeof logger;
    const original = logger[streamSym];
    const level = logger.level;
    Object.assign(logger, { [streamSym]: { write: (line: string) => void lines.push(line) } });
    logger.level = 'info';
    try {
      const recipient = '個人情報 花子';
      const street = '秘密町9-9-9';
      const res = await member.send(
        createRoute,
        PATH,
        orderBody({ destination: { ...DESTINATION, recipient, destinationStreet: street, receiptRecipient: '株式会社秘匿' } }),
      );
      expect(res.status).toBe(500);
      expect(res.json.error?.code).toBe('internal_error');
      const log = lines.join('');
      expect(log).toContain('unexpected error in API route');
      for (const value of [recipient, street, '株式会社秘匿', member.email, '1000005', 'params']) expect(log).not.toContain(value);
      const entry = lines.map((l) => JSON.parse(l) as { msg: string; err?: Record<string, unknown> }).find((l) => l.err);
      expect(entry?.err).toMatchObject({ statement: 'insert into "orders"' });
      expect(JSON.stringify(entry?.err)).toContain('"sqlState":"P0001"');
    } finally {
      Object.assign(logger, { [streamSym]: original });
      logger.level = level;
      await db.execute(sql.raw('drop trigger fail_order_insert on orders'));
      await db.execute(sql.raw('drop function fail_order_insert()'));
    }
  });
});
