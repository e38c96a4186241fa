import fc from 'fast-check';

import type { RouteTemplate, Segment } from './routes';

/**
 * fast-check arbitraries for one HTTP request against the app. A request is plain data (so a
 * failure prints, and `--replay` regenerates, exactly what was sent); the cookie and CSRF token are
 * symbolic and filled in by the runner with the session it holds at that moment. On the public API
 * (/v1, /mcp) the cookie kind stands for the `Authorization` header instead: 'member' the live API
 * key the runner made, 'pre' a revoked one, 'garbage' a malformed or unknown bearer, 'none' none.
 */
export type CookieKind = 'none' | 'member' | 'pre' | 'garbage';
export type CsrfKind = 'valid' | 'none' | 'garbage' | 'other';

export interface FuzzBody {
  /** text bodies are sent as UTF-8; `bytes` (base64) carries bad UTF-8 */
  kind: 'text' | 'bytes';
  value: string;
}

export interface FuzzRequest {
  kind: 'api' | 'page' | 'lean';
  /** the route template aimed at (for the counts by route); `(bad path)` for paths no route has */
  route: string;
  method: string;
  /** path and query as sent on the request line (may hold bad percent-encoding) */
  path: string;
  cookie: CookieKind;
  csrf: CsrfKind;
  headers: [string, string][];
  body: FuzzBody | null;
  /** which local address (127.0.0.x) the request comes from: a few client identities for the rate limits */
  identity: number;
}

export const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
/**
 * Every other method Node's HTTP parser accepts, CONNECT aside (a tunnel, not a request: the
 * e2e http-methods.spec.ts sends it): TRACE, WebDAV's and the rest. Next cannot take them
 * (TRACE answered 500 on every route, WebDAV an empty 400 on /api); server.ts answers them
 * (docs/decisions/0062). Listed, not read from `http.METHODS`, so a seed generates the same
 * requests on every Node version.
 */
export const ODD_METHODS = [
  'TRACE',
  'PROPFIND',
  'PROPPATCH',
  'MKCOL',
  'COPY',
  'MOVE',
  'LOCK',
  'UNLOCK',
  'SEARCH',
  'REPORT',
  'PURGE',
  'QUERY',
  'MERGE',
  'ACL',
  'BIND',
  'UNBIND',
  'REBIND',
  'CHECKOUT',
  'MKACTIVITY',
  'MKCALENDAR',
  'LINK',
  'UNLINK',
  'SOURCE',
  'NOTIFY',
  'SUBSCRIBE',
  'UNSUBSCRIBE',
  'M-SEARCH',
] as const;

// ---------------------------------------------------------------------------------------------
// Strings

const NASTY = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0007\u0008\u000b\u000c',
  '\u001b[31m赤\u001b[0m',
  '\u007f',
  '\u0085\u2028\u2029',
  '\ud800',
  '\udfff\ud800',
  '\ufeff',
  '\u202e逆順',
  '𠮷野家',
  '👨‍👩‍👧‍👦',
  '🇯🇵',
  'ｶﾌﾞｼｷｶﾞｲｼｬ',
  '株式会社',
  '（株）テスト',
  '髙﨑',
  '%ff',
  '%',
  '%00',
  '../../etc/passwd',
  "' OR 1=1 --",
  '" OR ""="',
  '*',
  'NEAR(a b)',
  '"株式会社"',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e309',
  'tok_',
  'ch_',
  'evnt_',
];

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY), weight: 5 },
  { arbitrary: fc.string({ maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 30 }), weight: 2 },
  {
    arbitrary: fc.string({ unit: fc.constantFrom('\u0000', '\u0001', '\u001f', '\t', '\n', '\r', 'あ', 'ア', 'ｱ', '𠮷'), maxLength: 20 }),
    weight: 2,
  },
  {
    arbitrary: fc.tuple(fc.constantFrom('a', 'あ', '🍣', '\u0000'), fc.integer({ min: 101, max: 20_000 })).map(([c, n]) => c.repeat(n)),
    weight: 1,
  },
);

/** A string, usually of the right kind, sometimes anything. */
function sometimesNasty(good: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof({ arbitrary: good, weight: 3 }, { arbitrary: nastyString, weight: 1 });
}

/** A text field of a form: mostly right, sometimes right but for one control character, sometimes anything. */
function textField(good: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const withControl = fc
    .tuple(good, fc.constantFrom('\u0000', '\u0001', '\u0008', '\u001b', '\u007f', '\u0085', '\u2028'), fc.nat())
    .map(([g, c, at]) => g.slice(0, at % (g.length + 1)) + c + g.slice(at % (g.length + 1)));
  // weighted so that a body is often right in all fields but one, and gets as far as the database
  return fc.oneof({ arbitrary: good, weight: 12 }, { arbitrary: withControl, weight: 2 }, { arbitrary: nastyString, weight: 1 });
}

/**
 * Stands for the member's price of STANDARD_SELECTION, which the runner asks the app for at start:
 * `expectedTotalYen` must match the server's price for an order body to get as far as the database.
 */
export const PRICE_PLACEHOLDER = '__price__';
export const STANDARD_SELECTION = { items: [{ itemId: 'history-full', quantity: 2 }], deliverySpeed: 'normal' } as const;

/**
 * Stands for the date (Japan time) N days before the day of the run, filled in by the runner
 * (`resolveDates`): the change feed keeps 90 days, so a request must name days relative to today
 * to stay valid, or just out of range, on every day the same seed is replayed.
 */
export const daysAgo = (n: number): string => `__daysago_${n}__`;
export const DAYS_AGO_PATTERN = /__daysago_(-?\d+)__/g;

const alnum = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'), minLength: min, maxLength: max });
const digits = (n: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n });
const uuid = fc.oneof({ arbitrary: fc.uuid(), weight: 4 }, { arbitrary: nastyString, weight: 1 });
// The demo account is left out on purpose: fuzzed wrong passwords must not lock the session the runner holds.
const email = sometimesNasty(fc.oneof(fc.constant('fuzz@example.jp'), fc.emailAddress(), fc.constant('ＦＵＺＺ＠ＥＸＡＭＰＬＥ．ＪＰ')));
const password = sometimesNasty(
  fc.oneof(fc.constant('correct horse battery staple'), fc.constant('password'), fc.string({ minLength: 8, maxLength: 80 })),
);
const itemId = sometimesNasty(fc.constantFrom('history-full', 'current-full', 'closed-full', 'representative', 'no-such-item'));
const corporateNumber = sometimesNasty(
  fc.oneof(fc.constantFrom('8040001999013', '1180301018771', '9040001999013', 'T8040001999013', '８０４０００１９９９０１３'), digits(13)),
);
const prefecture = sometimesNasty(fc.oneof(fc.constantFrom('東京都', '大阪府', '沖縄県'), fc.constantFrom('13', '47', '00', '48')));

// ---------------------------------------------------------------------------------------------
// Valid-ish bodies per route (the shapes of the zod schemas, with nasty values mixed in)

const selection = fc.record({
  items: fc.array(fc.record({ itemId, quantity: fc.oneof(fc.integer({ min: 1, max: 10 }), fc.integer(), fc.double()) }), { maxLength: 4 }),
  deliverySpeed: sometimesNasty(fc.constantFrom('normal', 'express')),
});

const destination = fc.record({
  recipient: textField(fc.constantFrom('山田 太郎', 'ヤマダ タロウ')),
  destinationZipCode: fc.oneof(
    { arbitrary: fc.constant('100-0005'), weight: 6 },
    { arbitrary: sometimesNasty(fc.constantFrom('１００－０００５', '〒100 0005', '0000000')), weight: 1 },
  ),
  destinationPrefecture: fc.oneof(
    { arbitrary: fc.constantFrom('東京都', '大阪府', '沖縄県'), weight: 4 },
    { arbitrary: prefecture, weight: 1 },
  ),
  destinationCity: textField(fc.constantFrom('千代田区', '札幌市中央区')),
  destinationStreet: textField(fc.constantFrom('丸の内1-1-1', '大通西1丁目')),
  destinationApartmentEtc: textField(fc.constantFrom('', 'テストビル 5F')),
  receiptRecipient: textField(fc.constantFrom('株式会社テスト', 'テスト'.repeat(20))),
});

const webhookEvent = fc.record({
  object: sometimesNasty(fc.constant('event')),
  id: sometimesNasty(alnum(10, 30).map((s) => `evnt_${s}`)),
  livemode: fc.boolean(),
  created: fc.oneof(fc.integer({ min: 0, max: 2_000_000_000 }), fc.integer()),
  type: sometimesNasty(
    fc.constantFrom(
      'charge.succeeded',
      'charge.succeeded',
      'charge.failed',
      'charge.updated',
      'charge.captured',
      'customer.created',
      'token.created',
    ),
  ),
  data: fc.record({
    object: sometimesNasty(fc.constantFrom('charge', 'charge', 'charge', 'customer')),
    id: sometimesNasty(alnum(10, 30).map((s) => `ch_${s}`)),
    paid: fc.boolean(),
  }),
});

/**
 * An order that is right in every field but one text field, which carries a control character:
 * such a body passes the price check and reaches the database unless the schemas refuse it.
 */
const ORDER_TEXT_FIELDS = [
  ['company', 'name'],
  ['destination', 'recipient'],
  ['destination', 'destinationCity'],
  ['destination', 'destinationStreet'],
  ['destination', 'destinationApartmentEtc'],
  ['destination', 'receiptRecipient'],
] as const;
const orderOneFieldOff = fc
  .tuple(fc.uuid(), fc.constantFrom(...ORDER_TEXT_FIELDS), fc.constantFrom('\u0000', '\u0001', '\u001b', '\u007f', ''), fc.nat())
  .map(([key, [group, field], control, at]) => {
    const order = {
      idempotencyKey: key,
      company: { corporateNumber: '8040001999013', name: '株式会社商号変更後', kind: '301' },
      selection: STANDARD_SELECTION,
      destination: {
        recipient: '山田 太郎',
        destinationZipCode: '100-0005',
        destinationPrefecture: '東京都',
        destinationCity: '千代田区',
        destinationStreet: '丸の内1-1-1',
        destinationApartmentEtc: 'テストビル 5F',
        receiptRecipient: '株式会社テスト',
      },
      expectedTotalYen: PRICE_PLACEHOLDER,
      agreed: true,
    };
    const target = order[group] as Record<string, string>;
    const value = target[field] ?? '';
    target[field] = value.slice(0, at % (value.length + 1)) + control + value.slice(at % (value.length + 1));
    return order;
  });

// ---- the public API (/v1, /mcp) --------------------------------------------------------------

const tNumber = sometimesNasty(
  fc.oneof(
    fc.constantFrom('T8040001999013', 'T1180301018771', 'T9040001999013', 't8040001999013', 'Ｔ８０４０００１９９９０１３'),
    digits(13).map((d) => `T${d}`),
  ),
);
/** an ISO date, now and then one that does not exist or is not a date at all */
const isoDate = fc.oneof(
  { arbitrary: fc.constantFrom(daysAgo(0), daysAgo(1), daysAgo(30), '2023-10-01', '2023-09-30', '2024-02-29'), weight: 6 },
  { arbitrary: fc.constantFrom('2026-02-30', '2026-13-01', '0000-00-00', '9999-12-31', '2026-1-1', '20260101', 'today'), weight: 2 },
  { arbitrary: nastyString, weight: 1 },
);
/** what a batch item may be: a number, a T-number, an exact name, or anything */
const batchItem = fc.oneof(
  { arbitrary: corporateNumber, weight: 4 },
  { arbitrary: tNumber, weight: 2 },
  { arbitrary: fc.constantFrom('株式会社商号変更後', 'テスト株式会社', ' 8040001999013 ', '8040-0019-99013', 'a'.repeat(201)), weight: 2 },
  { arbitrary: nastyString, weight: 1 },
);
const batchBody = fc.record(
  {
    items: fc.oneof(
      { arbitrary: fc.array(batchItem, { minLength: 1, maxLength: 20 }), weight: 8 },
      { arbitrary: fc.constant([] as string[]), weight: 1 },
      // the limit (1,000), one over it, and every item a near-200-character name
      {
        arbitrary: fc.constantFrom(1000, 1001).map((n) => Array.from({ length: n }, (_, i) => String(8_040_001_999_013 + i * 7))),
        weight: 1,
      },
      { arbitrary: fc.constant(Array.from({ length: 1000 }, () => 'あ'.repeat(200))), weight: 1 },
    ),
    date: isoDate,
  },
  { requiredKeys: ['items'] },
);

const MCP_TOOLS = ['search_companies', 'get_company', 'check_invoice_registration', 'bulk_check', 'recent_changes'] as const;
const anyJson = fc.jsonValue({ maxDepth: 2 });
/** the arguments of each MCP tool: the input schema's shape with nasty values mixed in */
const MCP_ARGUMENTS: Record<(typeof MCP_TOOLS)[number], fc.Arbitrary<unknown>> = {
  search_companies: fc.record(
    {
      q: sometimesNasty(fc.constantFrom('トヨタ', '株式会社', 'テスト', 'ｶﾌﾞ', '8040001999013', '1000005', 'a'.repeat(101))),
      address: sometimesNasty(fc.constantFrom('丸の内', '東京都港区', '1-1')),
      prefecture: sometimesNasty(fc.constantFrom('13', '01', '47', '48', '1')),
      includeClosed: fc.oneof(fc.boolean(), fc.constantFrom('1', 'true', 0)),
      cursor: sometimesNasty(alnum(10, 80)),
    },
    { requiredKeys: [] },
  ),
  get_company: fc.record({ corporateNumber, asOf: isoDate }, { requiredKeys: ['corporateNumber'] }),
  check_invoice_registration: fc.record({ registrationNumber: tNumber, asOf: isoDate }, { requiredKeys: ['registrationNumber'] }),
  bulk_check: fc.record(
    {
      items: fc.oneof(
        { arbitrary: fc.array(batchItem, { minLength: 1, maxLength: 10 }), weight: 6 },
        { arbitrary: fc.constantFrom(0, 100, 101).map((n) => Array.from({ length: n }, () => '8040001999013')), weight: 1 },
      ),
      date: isoDate,
    },
    { requiredKeys: ['items'] },
  ),
  recent_changes: fc.record(
    {
      since: fc.oneof(
        { arbitrary: fc.constantFrom(daysAgo(1), daysAgo(7), daysAgo(89), daysAgo(91), daysAgo(-1)), weight: 4 },
        // the tool's pattern takes these; no calendar has them
        { arbitrary: fc.constantFrom('2026-02-30', '2026-13-01', '0000-00-00'), weight: 1 },
        { arbitrary: isoDate, weight: 1 },
      ),
      limit: fc.oneof(
        { arbitrary: fc.constantFrom(1, 20, 50), weight: 3 },
        { arbitrary: fc.oneof(fc.constantFrom(51, 0, -1, '20'), fc.double()), weight: 1 },
      ),
      cursor: sometimesNasty(fc.constantFrom('abc.def', 'eyJzIjoiMjAyNi0wMS0wMSJ9.AAAA', '.')),
    },
    { requiredKeys: ['since'] },
  ),
};
const rpcId = fc.oneof(
  { arbitrary: fc.oneof(fc.nat({ max: 1000 }), alnum(1, 8)), weight: 9 },
  { arbitrary: fc.constantFrom(null, 1.5, -1, [], {}), weight: 1 },
);
const rpc = (method: fc.Arbitrary<string>, params: fc.Arbitrary<unknown>) =>
  fc.record(
    {
      jsonrpc: fc.oneof({ arbitrary: fc.constant('2.0'), weight: 9 }, { arbitrary: fc.constantFrom('1.0', 2, null), weight: 1 }),
      id: rpcId,
      method,
      params,
    },
    { requiredKeys: ['jsonrpc', 'id', 'method'] },
  );
const mcpMessage: fc.Arbitrary<unknown> = fc.oneof(
  {
    arbitrary: rpc(
      fc.constant('initialize'),
      fc.record({
        protocolVersion: sometimesNasty(fc.constantFrom('2025-06-18', '2025-03-26', '2024-11-05', '1999-01-01')),
        capabilities: fc.oneof(fc.constant({}), anyJson),
        clientInfo: fc.record({ name: sometimesNasty(fc.constant('fuzz')), version: sometimesNasty(fc.constant('1.0.0')) }),
      }),
    ),
    weight: 2,
  },
  { arbitrary: rpc(fc.constant('tools/list'), fc.oneof(fc.constant({}), fc.record({ cursor: nastyString }))), weight: 2 },
  {
    arbitrary: fc.constantFrom(...MCP_TOOLS).chain((name) =>
      rpc(
        fc.constant('tools/call'),
        fc.record({
          name: fc.oneof({ arbitrary: fc.constant<string>(name), weight: 9 }, { arbitrary: nastyString, weight: 1 }),
          arguments: MCP_ARGUMENTS[name],
        }),
      ),
    ),
    weight: 8,
  },
  { arbitrary: rpc(fc.constantFrom('ping', 'resources/list', 'prompts/list', 'logging/setLevel', 'no/such', ''), anyJson), weight: 1 },
  // notifications (no id): answered 202 with no body
  {
    arbitrary: fc.constantFrom(
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } },
    ),
    weight: 1,
  },
  // a JSON-RPC response sent to the server
  { arbitrary: fc.record({ jsonrpc: fc.constant('2.0'), id: rpcId, result: anyJson }), weight: 1 },
);

type BodyKey = string; // "METHOD template"
const VALIDISH: Record<BodyKey, fc.Arbitrary<unknown>> = {
  'POST /api/users/register': fc.record({ email, password, agreement: fc.oneof(fc.constant(true), fc.boolean()) }),
  'POST /api/users/temp-auth': fc.record({ requestId: uuid, code: sometimesNasty(digits(6)) }),
  'POST /api/users/temp-auth/resend': fc.record({ requestId: uuid }),
  'POST /api/users/login': fc.record({ email, password }),
  'POST /api/users/logout': fc.constant({}),
  'POST /api/users/reset-password-request': fc.record({ email }),
  'POST /api/users/reset-password-verify': fc.record({ token: sometimesNasty(alnum(43, 43)) }),
  'POST /api/users/reset-password': fc.record({ token: sometimesNasty(alnum(43, 43)), password }),
  'POST /api/users/change-password': fc.record({ currentPassword: password, newPassword: password }),
  'POST /api/users/change-email': fc.record({ newEmail: email, currentPassword: password }, { requiredKeys: ['newEmail'] }),
  'POST /api/users/change-email/verify': fc.record({ requestId: uuid, code: sometimesNasty(digits(6)) }),
  'POST /api/users/unregister': fc.record({ confirm: fc.oneof(fc.constant(true), fc.boolean()), currentPassword: password }),
  'POST /api/items/tax': selection,
  'POST /api/payments/create-payment-history': fc.oneof(
    { arbitrary: orderOneFieldOff, weight: 3 },
    {
      arbitrary: fc.record({
        idempotencyKey: uuid,
        company: fc.record({
          corporateNumber: fc.oneof({ arbitrary: fc.constant('8040001999013'), weight: 6 }, { arbitrary: corporateNumber, weight: 1 }),
          name: textField(fc.constant('株式会社商号変更後')),
          kind: fc.oneof(
            { arbitrary: fc.constantFrom('301', '399'), weight: 6 },
            { arbitrary: sometimesNasty(fc.constant('101')), weight: 1 },
          ),
        }),
        selection: fc.oneof({ arbitrary: fc.constant(STANDARD_SELECTION), weight: 4 }, { arbitrary: selection, weight: 1 }),
        destination,
        expectedTotalYen: fc.oneof(
          { arbitrary: fc.constant(PRICE_PLACEHOLDER), weight: 4 },
          { arbitrary: fc.oneof(fc.constantFrom(1050, 2100, 0), fc.integer(), fc.double()), weight: 1 },
        ),
        agreed: fc.oneof({ arbitrary: fc.constant(true), weight: 6 }, { arbitrary: fc.boolean(), weight: 1 }),
      }),
      weight: 2,
    },
  ),
  'POST /api/payments/purchase': fc.record({
    paymentId: uuid,
    card: fc.oneof(
      fc.record({ token: sometimesNasty(alnum(1, 30).map((s) => `tok_${s}`)) }),
      fc.record({ cardId: sometimesNasty(alnum(1, 30).map((s) => `car_${s}`)) }),
    ),
  }),
  'POST /api/payments/receipt-reissue': fc.record({ paymentId: uuid }),
  'POST /api/payments/receipt-addressee': fc.record({
    paymentId: uuid,
    receiptRecipient: sometimesNasty(fc.constantFrom('株式会社サンプル 総務部 御中', '山田 太郎', 'あ'.repeat(101))),
  }),
  'POST /api/credit-cards/card': fc.record({ token: sometimesNasty(alnum(1, 30).map((s) => `tok_${s}`)) }),
  'DELETE /api/credit-cards/card': fc.record({ cardId: sometimesNasty(alnum(1, 30).map((s) => `car_${s}`)) }),
  'POST /api/payments/webhook': webhookEvent,
  'POST /api/api-keys': fc.record({ name: textField(fc.constantFrom('fuzz', '会計システム', 'キー'.repeat(21))) }),
  'POST /v1/companies/batch': batchBody,
  'POST /v1/watch': fc.record({ corporateNumber }),
  'POST /mcp': fc.oneof(
    { arbitrary: mcpMessage, weight: 8 },
    { arbitrary: fc.array(mcpMessage, { minLength: 0, maxLength: 4 }), weight: 1 },
  ),
};

/** Replaces, removes or adds one value somewhere in a JSON value: wrong types, nasty strings, unknown keys. */
function mutate(value: unknown): fc.Arbitrary<unknown> {
  const replacement: fc.Arbitrary<unknown> = fc.oneof(
    nastyString,
    fc.constantFrom(
      null,
      true,
      false,
      0,
      -1,
      1.5,
      1e308,
      -1e308,
      2 ** 53 + 1,
      [],
      {},
      [[]],
      { __proto__: 1 },
      { constructor: { prototype: {} } },
    ),
    fc.jsonValue({ maxDepth: 2 }),
  );
  if (value === null || typeof value !== 'object') return fc.oneof(replacement, fc.constant(value));
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value as Record<string, unknown>);
  return fc.tuple(fc.nat(), fc.integer({ min: 0, max: 4 }), replacement, nastyString).chain(([pick, how, repl, key]) => {
    const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [...value] : { ...(value as Record<string, unknown>) };
    const target = entries[entries.length === 0 ? 0 : pick % entries.length];
    const put = (k: string, v: unknown) => {
      if (Array.isArray(copy)) copy[Number(k)] = v;
      else copy[k] = v;
    };
    if (how === 0 || !target) {
      put(key || 'unknownKey', repl);
      return fc.constant(copy);
    }
    if (how === 1) {
      if (Array.isArray(copy)) copy.splice(Number(target[0]), 1);
      else delete copy[target[0]];
      return fc.constant(copy);
    }
    if (how === 2) {
      put(target[0], repl);
      return fc.constant(copy);
    }
    // mutate deeper
    return mutate(target[1]).map((inner) => {
      put(target[0], inner);
      return copy;
    });
  });
}

function deepNesting(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

function json(value: unknown): FuzzBody {
  return { kind: 'text', value: JSON.stringify(value) ?? 'null' };
}

function bodyArb(key: BodyKey): fc.Arbitrary<FuzzBody | null> {
  const validish = VALIDISH[key] ?? fc.constant({});
  // the public API's bodies are right more often, so that its handlers (not only its schemas) are fuzzed
  const lean = / \/(v1|mcp)(\/|$)/.test(key);
  return fc.oneof(
    { arbitrary: validish.map(json), weight: lean ? 14 : 6 },
    { arbitrary: validish.chain(mutate).map(json), weight: 6 },
    { arbitrary: validish.chain(mutate).chain(mutate).map(json), weight: 2 },
    { arbitrary: fc.jsonValue({ maxDepth: 3 }).map(json), weight: 2 },
    {
      arbitrary: fc
        .constantFrom('', ' ', 'null', '{', '{"a":', '[1,2', 'undefined', '{"a":1}{"b":2}', '\u0000', '"\\ud800"', '{"__proto__":{"x":1}}')
        .map((value): FuzzBody => ({ kind: 'text', value })),
      weight: 2,
    },
    {
      arbitrary: fc.tuple(fc.integer({ min: 10, max: 30_000 }), fc.constantFrom('array' as const, 'object' as const)).map(([d, k]) => ({
        kind: 'text' as const,
        value: deepNesting(d, k),
      })),
      weight: 1,
    },
    {
      // around and over the 64 KiB body limit, up to a few MB
      arbitrary: fc
        .tuple(fc.constantFrom(60_000, 65_536, 70_000, 1_000_000, 3_000_000), fc.constantFrom('a', 'あ', '\u0000'))
        .map(([n, c]) => json({ x: c.repeat(Math.ceil(n / Buffer.byteLength(c))) })),
      weight: 1,
    },
    {
      // bad UTF-8: lone continuation bytes, overlong forms, truncated sequences, inside a JSON string
      arbitrary: fc.tuple(validish, fc.constantFrom('ff', 'c0ae', 'e3', 'eda080', 'f4908080', '80')).map(([v, bad]) => {
        const text = JSON.stringify(v) ?? '{}';
        const inner = text.startsWith('{"')
          ? Buffer.concat([Buffer.from('{"'), Buffer.from(bad, 'hex'), Buffer.from(text.slice(2))])
          : Buffer.from(bad, 'hex');
        return { kind: 'bytes' as const, value: inner.toString('base64') };
      }),
      weight: 2,
    },
    {
      arbitrary: fc
        .dictionary(fc.string({ maxLength: 8 }), nastyString, { maxKeys: 4 })
        .map((d) => ({ kind: 'text' as const, value: new URLSearchParams(d).toString() })),
      weight: 2,
    },
    { arbitrary: fc.constant(null), weight: 2 },
  );
}

// ---------------------------------------------------------------------------------------------
// Paths and query strings

const BAD_ENCODINGS = ['%ff', '%fe%ff', '%', '%zz', '%c0%ae', '%e3%81', '%00', '%2e%2e', '%2f', '%5c', '%u3042', '%%', '%ed%a0%80'];

/** One path segment: sometimes fine, sometimes bad percent-encoding, raw latin-1 bytes or very long. */
const badSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...BAD_ENCODINGS),
  fc.tuple(fc.constantFrom(...BAD_ENCODINGS), fc.constantFrom('', '.pdf', 'x')).map(([a, b]) => a + b),
  // cut on a whole escape: a truncated one would be one more bad encoding, which has cases of its own
  nastyString.map((s) =>
    encodeURIComponent(s.replace(/[\ud800-\udfff]/g, 'x'))
      .slice(0, 3000)
      .replace(/%[0-9A-F]?$/, ''),
  ),
  fc.constantFrom('..', '.', '', 'ÿ', 'Ã©'), // the latter: raw latin-1 bytes on the request line (not UTF-8)
  fc.integer({ min: 200, max: 9000 }).map((n) => 'a'.repeat(n)),
);

/** a path parameter value as it goes on the request line */
const encoded = (a: fc.Arbitrary<string>) => a.map((v) => encodeURIComponent(v.replace(/[\ud800-\udfff]/g, 'x')).slice(0, 3000));

function fillSegment(seg: Segment, route: string): fc.Arbitrary<string> {
  if (seg.type === 'static') return fc.constant(seg.value);
  // the public API's parameters: 13-digit numbers and T-numbers, right or nearly
  // (a number the sample registry has, often: a random 13 digits is a 404 and the handler's answer is never seen)
  if (seg.type === 'dynamic' && seg.name === 'corporateNumber')
    return fc.oneof(
      { arbitrary: fc.constantFrom('8040001999013', '1180301018771', '9040001999013'), weight: 3 },
      { arbitrary: encoded(corporateNumber), weight: 3 },
      { arbitrary: encoded(tNumber), weight: 1 },
      { arbitrary: badSegment, weight: 1 },
    );
  if (seg.type === 'dynamic' && seg.name === 'registrationNumber')
    return fc.oneof(
      { arbitrary: fc.constantFrom('T8040001999013', 'T1180301018771', 'T9040001999013'), weight: 3 },
      { arbitrary: encoded(tNumber), weight: 3 },
      { arbitrary: encoded(corporateNumber), weight: 1 },
      { arbitrary: badSegment, weight: 1 },
    );
  if (seg.type === 'catchAll') return fc.array(fc.oneof(alnum(1, 12), badSegment), { minLength: 1, maxLength: 4 }).map((a) => a.join('/'));
  const good = route.includes('receipt')
    ? fc.uuid().map((u) => `${u}.pdf`)
    : route.includes('/s3/')
      ? fc.uuid()
      : route.startsWith('/sitemaps/')
        ? fc.oneof(
            // the first file exists in any registry (the sample's 5,000 rows fill one): the handler's real answer
            { arbitrary: fc.constant('0.xml'), weight: 3 },
            { arbitrary: fc.nat({ max: 3 }).map((n) => `${n}.xml`), weight: 1 },
            { arbitrary: fc.constantFrom('999999.xml', '1234567.xml', '01.xml', '-1.xml', '0.XML', '0'), weight: 2 },
          )
        : fc.oneof(fc.uuid(), alnum(1, 20));
  return fc.oneof({ arbitrary: good, weight: 2 }, { arbitrary: badSegment, weight: 2 });
}

const QUERY_PARAMS: Record<string, fc.Arbitrary<[string, string][]>> = {
  '/api/address/zipcode-to-address': fc
    .tuple(sometimesNasty(fc.constantFrom('1000005', '100-0005', '１００－０００５', '9999999')))
    .map(([z]) => [['zipcode', z]]),
  '/api/corporates/search': searchQuery(),
  '/api/corporates-search/search': searchQuery(),
  '/api/corporates/reference': corporateNumber.map((c) => [['corporateNumber', c]]),
  '/api/corporates-search/get-corp-info': corporateNumber.map((c) => [['corporateNumber', c]]),
  '/api/payments/latest': uuid.map((u) => [['paymentId', u]]),
  '/api/payments/tds-return': uuid.map((u) => [['paymentId', u]]),
  '/api/payments/histories-per-page': fc
    .tuple(sometimesNasty(fc.constantFrom('1', '2', '0', '-1', '999999')), sometimesNasty(fc.constantFrom('10', '20', '0', '1000')))
    .map(([p, s]) => [
      ['page', p],
      ['size', s],
    ]),
  '/api/items/tax': fc
    .tuple(
      sometimesNasty(fc.constantFrom('history-full:2,representative:1', 'history-full:11', 'a:b')),
      sometimesNasty(fc.constantFrom('normal', 'express')),
    )
    .map(([i, d]) => [
      ['items', i],
      ['deliverySpeed', d],
    ]),
  '/api/users/login-social': sometimesNasty(
    fc.constantFrom('/', '/my-page/basic-info', '//evil.example', 'https://evil.example/', '/\\evil'),
  ).map((n) => [['nextPage', n]]),
  '/api/users/register-social': fc
    .tuple(sometimesNasty(fc.constantFrom('true', 'false')), sometimesNasty(fc.constantFrom('/', '//evil.example')))
    .map(([a, n]) => [
      ['agreement', a],
      ['nextPage', n],
    ]),
  '/api/users/login-social/callback': socialCallback(),
  '/api/users/register-social/callback': socialCallback(),
  '/search-service/result': fc.oneof(
    corporateNumber.map((c) => [['corporateNumber', c]] as [string, string][]),
    searchQuery(),
  ),
  '/search': searchQuery(),
  '/purchase/completion': uuid.map((u) => [['paymentId', u]]),
  '/purchase/confirmation': sometimesNasty(fc.constantFrom('card_declined', 'three_d_secure_failed', 'not_found')).map((e) => [
    ['payment_error', e],
  ]),
  '/login': fc
    .tuple(sometimesNasty(fc.constantFrom('/', '//evil.example')), sometimesNasty(fc.constantFrom('social_failed', 'x')))
    .map(([n, e]) => [
      ['nextPage', n],
      ['error', e],
    ]),
  // the public API (/v1)
  '/v1/companies': fc.oneof(
    searchQuery(),
    // a search that is right in every field, so that the search itself runs
    fc
      .record(
        {
          q: fc.constantFrom('トヨタ', '株式会社', 'テスト', 'ｶﾌﾞｼｷｶﾞｲｼｬ', '8040001999013', '100-0005', 'TOYOTA', '商号'),
          prefecture: fc.constantFrom('13', '23', '01', '47'),
          kind: fc.constantFrom('301', '101,301', '399'),
          includeClosed: fc.constant('1'),
        },
        { requiredKeys: ['q'] },
      )
      .map((r) => Object.entries(r) as [string, string][]),
  ),
  '/v1/companies/[corporateNumber]': isoDate.map((d): [string, string][] => [['asOf', d]]),
  '/v1/invoice-registrations/[registrationNumber]': isoDate.map((d): [string, string][] => [['asOf', d]]),
  '/v1/changes': fc
    .record(
      {
        since: fc.oneof(
          // recent (inside the feed's 90 days), old (outside), tomorrow, and not a date
          { arbitrary: fc.constantFrom(daysAgo(0), daysAgo(1), daysAgo(7), daysAgo(30), daysAgo(89)), weight: 6 },
          { arbitrary: fc.constantFrom(daysAgo(91), daysAgo(365), '2000-01-01', daysAgo(-1)), weight: 2 },
          { arbitrary: isoDate, weight: 2 },
        ),
        limit: sometimesNasty(fc.constantFrom('1', '20', '100', '500', '501', '0', '-1', '1.5', '1e2', 'abc')),
        // a cursor is signed by the server: any the fuzzer makes up is refused, so it comes now and then
        cursor: fc.oneof(
          { arbitrary: fc.constant(null), weight: 4 },
          { arbitrary: sometimesNasty(fc.constantFrom('abc.def', 'eyJzIjoiMjAyNi0wMS0wMSJ9.AAAA', '.', 'a'.repeat(513))), weight: 1 },
        ),
      },
      { requiredKeys: ['since'] },
    )
    .map((r) => Object.entries(r).filter(([, v]) => v !== null) as [string, string][]),
  '/v1/watch': sometimesNasty(fc.constantFrom('1', '2', '0', '1000', '1001', 'x')).map((p) => [['page', p]]),
};

function searchQuery(): fc.Arbitrary<[string, string][]> {
  return fc
    .record(
      {
        q: sometimesNasty(fc.constantFrom('トヨタ', '株式会社', 'テスト', 'ｶﾌﾞ', '8040001999013', 'a', '商号')),
        address: sometimesNasty(fc.constantFrom('丸の内二丁目', '大手町1', '1-1', '町', '－－', '東京都港区')),
        prefecture: sometimesNasty(fc.constantFrom('13', '23', '01', '47', '48', '1')),
        kind: sometimesNasty(fc.constantFrom('301', '101,301', '999')),
        includeClosed: sometimesNasty(fc.constantFrom('1', 'true', '0')),
        cursor: sometimesNasty(alnum(10, 80)),
      },
      { requiredKeys: ['q'] },
    )
    .map((r) => Object.entries(r) as [string, string][]);
}

function socialCallback(): fc.Arbitrary<[string, string][]> {
  return fc
    .record(
      { code: sometimesNasty(alnum(5, 40)), state: sometimesNasty(alnum(5, 40)), error: fc.constantFrom('access_denied', 'server_error') },
      { requiredKeys: [] },
    )
    .map((r) => Object.entries(r) as [string, string][]);
}

function encodeQuery(pairs: [string, string][]): string {
  return pairs
    .map(([k, v]) => `${encodeURIComponent(k.replace(/[\ud800-\udfff]/g, 'x'))}=${encodeURIComponent(v.replace(/[\ud800-\udfff]/g, 'x'))}`)
    .join('&');
}

function queryArb(template: string): fc.Arbitrary<string> {
  const known = QUERY_PARAMS[template] ?? fc.constant([] as [string, string][]);
  return fc.oneof(
    { arbitrary: fc.constant(''), weight: 3 },
    { arbitrary: known.map((p) => (p.length ? `?${encodeQuery(p)}` : '')), weight: 6 },
    {
      // extra, repeated and unknown parameters
      arbitrary: fc
        .tuple(
          known,
          fc.array(fc.tuple(fc.oneof(fc.constantFrom('q', 'page', 'cursor', 'paymentId'), fc.string({ maxLength: 8 })), nastyString), {
            maxLength: 3,
          }),
        )
        .map(([p, extra]) => `?${encodeQuery([...p, ...extra])}`),
      weight: 2,
    },
    {
      // bad percent-encoding in keys and values, a lone `?`, `&&`, `=` without a key
      arbitrary: fc.tuple(known, fc.constantFrom(...BAD_ENCODINGS), fc.constantFrom('k', 'v')).map(([p, bad, where]) => {
        const base = encodeQuery(p);
        return where === 'k' ? `?${bad}=1&${base}` : `?${base}${base ? '&' : ''}${p[0]?.[0] ?? 'q'}=${bad}`;
      }),
      weight: 2,
    },
    { arbitrary: fc.constantFrom('?', '?&&', '?=', '?==', '?a', '?q=%', '?' + 'q=a&'.repeat(500)), weight: 1 },
  );
}

function pathArb(route: RouteTemplate): fc.Arbitrary<string> {
  const segs = fc.tuple(...route.segments.map((s) => fillSegment(s, route.template))).map((parts) => `/${parts.join('/')}`);
  const variant = fc.oneof(
    segs.map((p) => `${p}/`),
    fc.tuple(segs, badSegment).map(([p, b]) => `${p}/${b}`),
    segs.map((p) => p.replace(/\//g, '//')),
    segs.map((p) => p.toUpperCase()),
  );
  return fc.oneof({ arbitrary: segs, weight: 12 }, { arbitrary: variant, weight: 2 });
}

/** Paths that belong to no route: the bare /api, unknown /api and /v1 paths, and bad page paths. */
const badPath: fc.Arbitrary<{ kind: 'api' | 'page' | 'lean'; path: string }> = fc.oneof(
  fc
    .constantFrom(
      '/v1',
      '/v1/',
      '/v1/%ff',
      '/v1/..',
      '/v1/%2e%2e/api/health',
      '/mcp/',
      '/mcp/x',
      '/v1/companies/8040001999013/x',
      '/v1//companies',
    )
    .map((path) => ({ kind: 'lean' as const, path })),
  fc
    .array(fc.oneof(alnum(1, 10), badSegment), { minLength: 1, maxLength: 3 })
    .map((parts) => ({ kind: 'lean' as const, path: `/v1/${parts.join('/')}` })),
  fc
    .constantFrom('/api', '/api/', '/api/%ff', '/api/%', '/api/%00', '/api/..', '/api/%2e%2e/etc/passwd', '/api/users', '/api/users/%ff')
    .map((path) => ({ kind: 'api' as const, path })),
  fc
    .array(fc.oneof(alnum(1, 10), badSegment), { minLength: 1, maxLength: 3 })
    .map((parts) => ({ kind: 'api' as const, path: `/api/${parts.join('/')}` })),
  fc
    .array(fc.oneof(alnum(1, 10), badSegment), { minLength: 1, maxLength: 3 })
    .map((parts) => ({ kind: 'page' as const, path: `/${parts.join('/')}` })),
  fc
    .constantFrom(
      '/%ff',
      '/search/%ff',
      '/purchase/%c0%ae%c0%ae/',
      '/_next/%ff',
      '/_next/static/%ff.js',
      '/favicon.ico/%ff',
      '/login/..%2f..%2f',
    )
    .map((path) => ({ kind: 'page' as const, path })),
);

// ---------------------------------------------------------------------------------------------
// Headers

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/JSON;charset=UTF-8',
  'application/json; charset=shift_jis',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'text/plain',
  'application/json\u00ff',
  '',
];

const headersArb = fc.record({
  xrw: fc.oneof(
    { arbitrary: fc.constant('XMLHttpRequest'), weight: 4 },
    { arbitrary: fc.constantFrom(null, 'xmlhttprequest', 'fetch'), weight: 1 },
  ),
  origin: fc.oneof(
    { arbitrary: fc.constant('same'), weight: 2 },
    { arbitrary: fc.constantFrom(null, 'https://evil.example', 'null', 'http://127.0.0.1.evil.example'), weight: 1 },
  ),
  site: fc.oneof(
    { arbitrary: fc.constant(null), weight: 3 },
    { arbitrary: fc.constantFrom('same-origin', 'same-site', 'cross-site', 'none'), weight: 1 },
  ),
  contentType: fc.oneof(
    { arbitrary: fc.constant('application/json'), weight: 5 },
    { arbitrary: fc.constantFrom(...CONTENT_TYPES), weight: 2 },
    { arbitrary: fc.constant(null), weight: 1 },
  ),
  extra: fc.array(
    fc.oneof(
      fc.tuple(fc.constant('x-forwarded-for'), fc.oneof(fc.ipV4(), fc.constant('1.1.1.1, 2.2.2.2'), fc.constant('garbage'))),
      fc.tuple(fc.constant('x-real-ip'), fc.ipV4()),
      fc.tuple(fc.constant('accept'), fc.constantFrom('text/html', 'application/json', '*/*', 'text/x-component')),
      fc.tuple(fc.constant('rsc'), fc.constant('1')),
      fc.tuple(fc.constant('next-router-prefetch'), fc.constant('1')),
      fc.tuple(fc.constant('accept-language'), fc.constantFrom('ja-JP', 'en', '*', 'zz-ZZ;q=2')),
      fc.tuple(fc.constant('range'), fc.constantFrom('bytes=0-10', 'bytes=99999999-', 'bytes=abc')),
      fc.tuple(fc.constant('if-none-match'), fc.constantFrom('*', '"x"')),
      fc.tuple(fc.constant('x-payjp-webhook-token'), fc.constantFrom('__valid__', 'wrong-token', '')),
    ),
    { maxLength: 3 },
  ),
});

// ---------------------------------------------------------------------------------------------
// One request

/** `accept` of an MCP client (the Streamable HTTP transport wants both), most of the time. */
const mcpHeaders: fc.Arbitrary<[string, string][]> = fc
  .tuple(
    fc.oneof(
      { arbitrary: fc.constant('application/json, text/event-stream'), weight: 8 },
      { arbitrary: fc.constantFrom(null, 'application/json', 'text/event-stream', '*/*', 'text/html'), weight: 2 },
    ),
    fc.oneof(
      { arbitrary: fc.constant(null), weight: 6 },
      { arbitrary: fc.constantFrom('2025-06-18', '2025-03-26', '2024-11-05', '1999-01-01', 'garbage'), weight: 2 },
    ),
  )
  .map(([accept, version]) => [
    ...(accept ? [['accept', accept] as [string, string]] : []),
    ...(version ? [['mcp-protocol-version', version] as [string, string]] : []),
  ]);

export function requestArb(routes: RouteTemplate[]): fc.Arbitrary<FuzzRequest> {
  const api = routes.filter((r) => r.kind === 'api');
  const pages = routes.filter((r) => r.kind === 'page');
  const lean = routes.filter((r) => r.kind === 'lean');
  const mcp = lean.filter((r) => r.template === '/mcp');
  const routeChoice = fc.oneof(
    { arbitrary: fc.constantFrom(...api).map((r) => ({ r, bad: null })), weight: 16 },
    ...(lean.length ? [{ arbitrary: fc.constantFrom(...lean).map((r) => ({ r, bad: null })), weight: 6 }] : []),
    // /mcp once more: one route, but a protocol and five tools behind it
    ...(mcp.length ? [{ arbitrary: fc.constantFrom(...mcp).map((r) => ({ r, bad: null })), weight: 1 }] : []),
    { arbitrary: fc.constantFrom(...pages).map((r) => ({ r, bad: null })), weight: 3 },
    { arbitrary: badPath.map((b) => ({ r: null, bad: b })), weight: 2 },
  );
  return routeChoice.chain(({ r, bad }) => {
    const kind = r?.kind ?? bad?.kind ?? 'api';
    const declared = r?.declared.length ? r.declared : ['GET'];
    const methodArb =
      kind === 'page'
        ? fc.oneof(
            { arbitrary: fc.constant('GET'), weight: 6 },
            { arbitrary: fc.constantFrom(...METHODS), weight: 1 },
            { arbitrary: fc.constantFrom(...ODD_METHODS), weight: 1 },
          )
        : fc.oneof(
            { arbitrary: fc.constantFrom(...declared), weight: 5 },
            { arbitrary: fc.constantFrom(...METHODS), weight: 2 },
            { arbitrary: fc.constantFrom(...ODD_METHODS), weight: 1 },
          );
    const path = r
      ? fc.tuple(pathArb(r), queryArb(r.template)).map(([p, q]) => p + q)
      : fc.tuple(fc.constant(bad?.path ?? '/api'), queryArb('')).map(([p, q]) => p + q);
    return fc
      .record({
        // Most requests look like the app's own browser code (so they get past the CSRF and session
        // checks into the handlers); the rest pick every header on its own.
        browserLike: fc.oneof({ arbitrary: fc.constant(true), weight: 3 }, { arbitrary: fc.constant(false), weight: 2 }),
        method: methodArb,
        path,
        cookie: fc.oneof(
          { arbitrary: fc.constant<CookieKind>('member'), weight: 5 },
          { arbitrary: fc.constantFrom<CookieKind>('none', 'pre', 'garbage'), weight: 3 },
        ),
        csrf: fc.oneof(
          { arbitrary: fc.constant<CsrfKind>('valid'), weight: 5 },
          { arbitrary: fc.constantFrom<CsrfKind>('none', 'garbage', 'other'), weight: 1 },
        ),
        headers: headersArb,
        mcp: mcpHeaders,
        webhookToken: fc.constantFrom('__valid__', '__valid__', '__valid__', 'wrong-token', null),
        identity: fc.integer({ min: 0, max: 7 }),
      })
      .map((base) =>
        base.browserLike
          ? {
              ...base,
              cookie: base.cookie === 'garbage' ? ('member' as const) : base.cookie,
              csrf: 'valid' as const,
              headers: {
                ...base.headers,
                xrw: 'XMLHttpRequest',
                origin: 'same',
                site: 'same-origin',
                contentType: 'application/json',
                // Next answers RSC requests to a route with a 307 to `?_rsc`; our own fetches send none.
                extra: base.headers.extra.filter(([k]) => k !== 'rsc' && k !== 'next-router-prefetch'),
              },
            }
          : base,
      )
      .chain((base) => {
        const hasBody = !['GET', 'HEAD'].includes(base.method);
        const body = hasBody
          ? bodyArb(`${base.method} ${r?.template ?? ''}`)
          : fc.oneof(
              { arbitrary: fc.constant(null), weight: 9 },
              { arbitrary: fc.constant<FuzzBody>({ kind: 'text', value: '{}' }), weight: 1 },
            );
        return body.map((b): FuzzRequest => {
          const headers: [string, string][] = [];
          const h = base.headers;
          if (h.xrw) headers.push(['x-requested-with', h.xrw]);
          if (h.origin) headers.push(['origin', h.origin]);
          if (h.site) headers.push(['sec-fetch-site', h.site]);
          if (b && h.contentType !== null) headers.push(['content-type', h.contentType]);
          // an MCP client's accept (the transport's own 406 otherwise) before the extra headers, which may replace it
          if (r?.template === '/mcp') headers.push(...base.mcp);
          headers.push(...(r?.template === '/mcp' ? h.extra.filter(([k]) => k !== 'accept') : h.extra));
          if (r?.template === '/api/payments/webhook' && base.webhookToken && !headers.some(([k]) => k === 'x-payjp-webhook-token')) {
            headers.push(['x-payjp-webhook-token', base.webhookToken]);
          }
          return {
            kind,
            route: r ? `${r.template}` : `(no route) ${kind === 'api' ? '/api/…' : kind === 'lean' ? '/v1/…' : '/…'}`,
            method: base.method,
            path: base.path,
            cookie: base.cookie,
            csrf: base.csrf,
            headers,
            body: b,
            identity: base.identity,
          };
        });
      });
  });
}
