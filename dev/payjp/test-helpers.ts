import { SignJWT } from 'jose';
import type { PayjpEmulator } from './emulator';

/** Shared by the emulator's tests and the app adapter's tests (not used by the emulator itself). */

export const FUTURE_YEAR = String(new Date().getFullYear() + 3);

export interface TokenResponse {
  status: number;
  body: Record<string, unknown> & { id?: string; error?: { code?: string; type: string; status: number; message: string } };
}

/**
 * Creates a token the way the payjp.js stand-in's iframe does: POST /v1/tokens with the public key
 * and form-encoded `card[...]` fields.
 */
export async function createTokenLikePayjpJs(
  emulator: Pick<PayjpEmulator, 'apiBase' | 'publicKey'>,
  number: string,
  extra: Record<string, string> = {},
): Promise<TokenResponse> {
  const body = new URLSearchParams({
    'card[number]': number,
    'card[exp_month]': '12',
    'card[exp_year]': FUTURE_YEAR,
    'card[cvc]': number.startsWith('34') || number.startsWith('37') ? '1234' : '123',
    'card[name]': 'TARO YAMADA',
    'card[email]': 'taro@example.com',
    ...extra,
  });
  const response = await fetch(`${emulator.apiBase}/tokens`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${emulator.publicKey}:`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body,
  });
  return { status: response.status, body: (await response.json()) as TokenResponse['body'] };
}

export async function tokenId(
  emulator: Pick<PayjpEmulator, 'apiBase' | 'publicKey'>,
  number = '4242424242424242',
  extra: Record<string, string> = {},
): Promise<string> {
  const { status, body } = await createTokenLikePayjpJs(emulator, number, extra);
  if (status !== 200 || typeof body.id !== 'string') throw new Error(`token creation failed: ${JSON.stringify(body)}`);
  return body.id;
}

export function signBackUrl(url: string, secretKey: string): Promise<string> {
  return new SignJWT({ url }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secretKey));
}

/**
 * Plays the browser on the 3-D Secure pages: opens the start page, then submits the given answer.
 * Returns where the emulator sends the browser (the Location of its 303).
 */
export async function passChallenge(
  emulator: Pick<PayjpEmulator, 'url' | 'publicKey' | 'secretKey'>,
  resourceId: string,
  result: 'verified' | 'failed' | 'attempted' | 'abandoned',
  returnUrl = 'http://localhost:3000/purchase/return',
): Promise<{ startStatus: number; startHtml: string; status: number; location: string | null }> {
  const backUrl = await signBackUrl(returnUrl, emulator.secretKey);
  const start = await fetch(`${emulator.url}/v1/tds/${resourceId}/start?publickey=${emulator.publicKey}&back_url=${backUrl}`);
  const startHtml = await start.text();
  const form = new URLSearchParams({ publickey: emulator.publicKey, back_url: backUrl, result });
  const submit = await fetch(`${emulator.url}/v1/tds/${resourceId}/challenge`, { method: 'POST', body: form, redirect: 'manual' });
  await submit.text();
  return { startStatus: start.status, startHtml, status: submit.status, location: submit.headers.get('location') };
}
