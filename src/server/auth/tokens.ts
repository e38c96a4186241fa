import 'server-only';

import { createHmac, hash, randomBytes, timingSafeEqual } from 'node:crypto';

import { serverSecret } from '@/config/server';

/** 256-bit random token, URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** SHA-256 in hex (Node's one-shot hash: no Hash object per call, it runs on every API request). */
export function sha256Hex(value: string): string {
  return hash('sha256', value, 'hex');
}

export function hmacBase64Url(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('base64url');
}

/** HMAC of `value` under the server's signing key; `value` starts with its purpose (`csrf:v1:` …). */
export function signWithServerSecret(value: string): string {
  return hmacBase64Url(serverSecret(), value);
}

/** Constant-time comparison of two strings (different lengths compare false). */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
