import 'server-only';

import pino from 'pino';

import { getEnv } from '@/config/env';

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

function create() {
  const env = getEnv();
  return pino({
    level: env.LOG_LEVEL,
    base: { service: 'hojin' },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
  });
}

const globalKey = Symbol.for('hojin.logger');
type GlobalWithLogger = typeof globalThis & { [globalKey]?: pino.Logger };

export const logger: pino.Logger = ((globalThis as GlobalWithLogger)[globalKey] ??= create());
