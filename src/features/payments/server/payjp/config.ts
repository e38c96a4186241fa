import 'server-only';

import { getEnv, type Env } from '@/config/env';

/** What the PAY.JP adapter needs from configuration (src/config/env.ts, PAYJP_*). */
export interface PayjpConfig {
  /** e.g. https://api.pay.jp/v1, or the local emulator's http://127.0.0.1:4010/v1 */
  apiBase: string;
  secretKey: string;
  /** Empty when card payment is switched off (`PAYJP_PUBLIC_KEY=`). */
  publicKey: string;
  /** payjp.js v2; PAY.JP's own URL in production. */
  jsUrl: string;
  webhookToken: string;
  /** Per request, including reading the body. */
  timeoutMs: number;
}

export function payjpConfigFrom(env: Env): PayjpConfig {
  return {
    apiBase: env.PAYJP_API_BASE.replace(/\/+$/, ''),
    secretKey: env.PAYJP_SECRET_KEY,
    publicKey: env.PAYJP_PUBLIC_KEY,
    jsUrl: env.PAYJP_JS_URL,
    webhookToken: env.PAYJP_WEBHOOK_TOKEN,
    timeoutMs: env.PAYJP_TIMEOUT_MS,
  };
}

export function getPayjpConfig(): PayjpConfig {
  return payjpConfigFrom(getEnv());
}

/**
 * What `GET /api/payjp/public-key` answers as `{"result": …}`: the public key, or an empty string
 * when card payment is switched off (`PAYJP_PUBLIC_KEY=`). Only the public key and the payjp.js URL
 * are ever sent to the browser.
 */
export function publicPayjpSettings(config: PayjpConfig = getPayjpConfig()): { publicKey: string; jsUrl: string } {
  return { publicKey: config.publicKey, jsUrl: config.jsUrl };
}
