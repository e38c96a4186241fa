import 'server-only';

import pino from 'pino';
import { serverConfig } from '@/config/server';

import { currentRequestId } from './http/request-context';

/**
 * Structured logs (security.md "Logs"): cookies, passwords, codes, tokens, card fields and
 * webhook tokens are redacted wherever they appear in a logged object.
 */
export const REDACT_PATHS = [
  'password',
  'currentPassword',
  'newPassword',
  'passwordConfirmation',
  'code',
  'token',
  'csrfToken',
  'secret',
  'card',
  'cardNumber',
  'cvc',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.code',
  '*.token',
  '*.secret',
  '*.card',
  '*.cvc',
  'headers.cookie',
  'headers.authorization',
  'headers["x-csrf-token"]',
  'headers["x-payjp-webhook-token"]',
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'req.headers["x-payjp-webhook-token"]',
  'res.headers["set-cookie"]',
];

/** Properties of PostgreSQL errors (pg's and PGlite's DatabaseError) that name, never quote. */
const DATABASE_ERROR_NAMES = ['severity', 'constraint', 'table', 'column', 'schema', 'dataType', 'routine'] as const;
/** Properties of our own errors (PAY.JP adapter, OIDC) that help and carry no personal data. */
const OTHER_ERROR_NAMES = ['kind', 'status', 'statusCode', 'method', 'path', 'param', 'chargeId', 'timeoutMs', 'reason'] as const;
const MAX_CAUSE_DEPTH = 5;

export interface LoggedError {
  type: string;
  message: string;
  /** the frames only: the first line of `stack` repeats the message, values included */
  stack?: string;
  /** SQLSTATE of a database error (`code` itself is a redacted key: verification codes) */
  sqlState?: string;
  /** e.g. `insert into "orders"`: which statement failed, without its SQL or parameters */
  statement?: string;
  errorCode?: string;
  cause?: LoggedError | string;
  [name: string]: unknown;
}

/**
 * The `err` serializer (issue 11 §6): an error as logged, by allow-list. A failed query carries
 * its SQL and parameters — drizzle's DrizzleQueryError in `message` ("Failed query: … params:
 * name, address, …") and in `query`/`params`, PGlite's error in `query`/`params`/`queryOptions`,
 * pg's in `detail` ("Key (email)=(…) already exists") — so a database error is logged as its
 * SQLSTATE, the names of the constraint/table/column, the kind of statement and a message cut
 * before its first ": " (where PostgreSQL quotes the offending value). Other errors keep their
 * message; no error contributes properties that are not listed here.
 */
export function serializeError(error: unknown, depth = 0): LoggedError | string {
  if (!(error instanceof Error)) return typeof error === 'string' ? error : `non-error thrown: ${typeof error}`;
  const fields = error as Error & Record<string, unknown>;
  const database = isDatabaseError(fields);
  const out: LoggedError = {
    type: error.constructor?.name && error.constructor.name !== 'Error' ? error.constructor.name : error.name,
    message: database ? redactDatabaseMessage(error.message) : error.message,
  };
  const frames = error.stack
    ?.split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
  if (frames) out.stack = frames;
  if (database) {
    if (typeof fields.code === 'string') out.sqlState = fields.code;
    for (const name of DATABASE_ERROR_NAMES) if (typeof fields[name] === 'string') out[name] = fields[name];
    if (typeof fields.query === 'string') {
      const statement = /^\s*(select|insert\s+into|update|delete\s+from|with)\b\s*("[^"]+"|\w+)?/i.exec(fields.query);
      if (statement) out.statement = statement[0].trim().replace(/\s+/g, ' ').toLowerCase();
    }
  } else {
    if (typeof fields.code === 'string' || typeof fields.code === 'number') out.errorCode = String(fields.code);
    for (const name of OTHER_ERROR_NAMES) {
      const value = fields[name];
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out[name] = value;
    }
  }
  if (error.cause !== undefined && depth < MAX_CAUSE_DEPTH) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

function isDatabaseError(error: Record<string, unknown>): boolean {
  return (
    'query' in error ||
    'params' in error ||
    'detail' in error ||
    (typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && 'severity' in error)
  );
}

/** `invalid input syntax for type uuid: "山田"` → `invalid input syntax for type uuid: [redacted]` */
function redactDatabaseMessage(message: string): string {
  const firstLine = message.split('\n', 1)[0] ?? '';
  const colon = firstLine.indexOf(': ');
  return colon === -1 ? firstLine : `${firstLine.slice(0, colon)}: [redacted]`;
}

export function loggerOptions(level: pino.LevelWithSilent): pino.LoggerOptions {
  return {
    level,
    base: { service: 'hojin' },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: (error: unknown) => serializeError(error), error: (error: unknown) => serializeError(error) },
    timestamp: pino.stdTimeFunctions.isoTime,
    // Every line written while a request is handled names it (issue 28 §3; request-context.ts).
    mixin: requestIdMixin,
    // Outside a request the line is the logged object as it is (no empty object per line).
    mixinMergeStrategy: (mergeObject: object, mixinObject: object) =>
      mixinObject === NO_REQUEST ? mergeObject : Object.assign(mixinObject, mergeObject),
  };
}

const NO_REQUEST = Object.freeze({});

function requestIdMixin(): object {
  const requestId = currentRequestId();
  return requestId === undefined ? NO_REQUEST : { requestId };
}

function create() {
  return pino(loggerOptions(serverConfig().logLevel));
}

const globalKey = Symbol.for('hojin.logger');
type GlobalWithLogger = typeof globalThis & { [globalKey]?: pino.Logger };

export const logger: pino.Logger = ((globalThis as GlobalWithLogger)[globalKey] ??= create());
