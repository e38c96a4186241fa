import { Writable } from 'node:stream';

import { DrizzleQueryError } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';

import { runWithRequestContext } from './http/request-context';
import { loggerOptions, serializeError } from './logger';

const NAME = '山田 太郎';
const ADDRESS = '丸の内1-1-1 サンプルビル';

/** A logger configured exactly as the app's, writing its lines into an array. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { log: pino(loggerOptions('info'), stream), lines };
}

/** What PGlite throws (it attaches the statement and its values) wrapped as drizzle wraps it. */
function failedInsert() {
  const query = 'insert into "orders" ("recipient", "destination_street") values ($1, $2) returning "id"';
  const params = [NAME, ADDRESS];
  const cause = Object.assign(new Error(`invalid byte sequence for encoding "UTF8": 0x00`), {
    severity: 'ERROR',
    code: '22021',
    routine: 'report_invalid_encoding',
    query,
    params,
    queryOptions: { rowMode: 'array' },
  });
  return new DrizzleQueryError(query, params, cause);
}

describe('serializeError', () => {
  it('logs a failed query as its SQLSTATE and statement, never its parameters', async () => {
    const { log, lines } = capture();
    log.error({ err: failedInsert(), path: '/api/payments/create-payment-history' }, 'unexpected error in API route');
    await new Promise((resolve) => setImmediate(resolve));
    const line = lines.join('');
    expect(line).not.toContain(NAME);
    expect(line).not.toContain('丸の内');
    expect(line).not.toContain('params');
    const logged = JSON.parse(line) as { err: { message: string; statement: string; cause: Record<string, unknown> } };
    expect(logged.err.message).toBe('Failed query: [redacted]');
    expect(logged.err.statement).toBe('insert into "orders"');
    expect(logged.err.cause).toMatchObject({ sqlState: '22021', routine: 'report_invalid_encoding', severity: 'ERROR' });
    expect(logged.err.cause.message).toBe('invalid byte sequence for encoding "UTF8": [redacted]');
  });

  it("drops pg's detail and cuts the quoted value out of the message", () => {
    const unique = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
      severity: 'ERROR',
      code: '23505',
      detail: 'Key (email)=(taro@example.jp) already exists.',
      constraint: 'users_email_unique',
      table: 'users',
    });
    const logged = JSON.stringify(serializeError(unique));
    expect(logged).not.toContain('taro@example.jp');
    expect(JSON.parse(logged)).toMatchObject({ sqlState: '23505', constraint: 'users_email_unique', table: 'users' });
    const syntax = Object.assign(new Error(`invalid input syntax for type uuid: "${NAME}"`), { severity: 'ERROR', code: '22P02' });
    expect(JSON.stringify(serializeError(syntax))).not.toContain(NAME);
  });

  it('keeps the message, stack frames and listed properties of other errors', () => {
    const error = Object.assign(new Error('PAY.JP POST /charges: no answer within 1000 ms'), {
      kind: 'timeout',
      timeoutMs: 1000,
      secret: 'x',
    });
    const logged = serializeError(error);
    expect(logged).toMatchObject({
      type: 'Error',
      message: 'PAY.JP POST /charges: no answer within 1000 ms',
      kind: 'timeout',
      timeoutMs: 1000,
    });
    expect(logged).not.toHaveProperty('secret');
    expect(typeof logged === 'object' && logged.stack?.startsWith('    at ')).toBe(true);
  });
});

describe('the request id in log lines (issue 28 §3)', () => {
  it('is on every line written while a request is handled, and on no other', async () => {
    const { log, lines } = capture();
    runWithRequestContext({ requestId: 'req-42' }, () => {
      log.info({ event: 'inside' }, 'one');
      log.warn('two');
    });
    log.info({ event: 'outside' }, 'three');
    await new Promise((resolve) => setImmediate(resolve));
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(parsed.map((l) => l.requestId)).toEqual(['req-42', 'req-42', undefined]);
    expect(parsed[0]).toMatchObject({ event: 'inside', msg: 'one' });
    expect(parsed[2]).toMatchObject({ event: 'outside', msg: 'three' });
  });
});
