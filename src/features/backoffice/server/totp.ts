import 'server-only';

import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

import { serverSecret } from '@/config/server';
import { getSiteInfo } from '@/config/site';

/**
 * TOTP for staff logins (RFC 6238 via otpauth: SHA-1, 6 digits, 30-second steps — what every
 * authenticator app reads from an otpauth:// URI). A code is accepted for the current step and
 * one step either side (clock drift), and only when its step is later than the last accepted
 * one, so a code can never be used twice (the caller stores the step atomically).
 *
 * The secret is kept encrypted at rest (AES-256-GCM, key derived from SESSION_SECRET with HKDF),
 * so a database dump alone does not hand out second factors.
 */
export const TOTP_PERIOD = 30;
export const TOTP_WINDOW = 1;

function key(): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret(), 'hojin', 'staff-totp-secret:v1', 32));
}

export function encryptSecret(base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(), iv);
  const ct = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.');
}

export function decryptSecret(stored: string): string {
  const [version, iv, tag, ct] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !ct) throw new Error('unknown TOTP secret format');
  const decipher = createDecipheriv('aes-256-gcm', key(), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
}

/** A new 160-bit secret (RFC 4226 §4 recommends 160 bits), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secretBase32: string, label = 'staff'): TOTP {
  return new TOTP({
    issuer: `${getSiteInfo().serviceName} 管理画面`,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The 30-second step a moment falls in. */
export function totpStep(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD);
}

/**
 * The step of a code that is valid now (±TOTP_WINDOW steps) and later than `lastStep`, or null.
 * Pure: the caller records the returned step so the same code cannot be replayed.
 */
export function acceptedTotpStep(secretBase32: string, code: string, lastStep: number | null, now: Date): number | null {
  const delta = totp(secretBase32).validate({ token: code, timestamp: now.getTime(), window: TOTP_WINDOW });
  if (delta === null) return null;
  const step = totpStep(now) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** The code an authenticator shows at `now` (tests and the enrolment check use it). */
export function totpCodeAt(secretBase32: string, now: Date): string {
  return totp(secretBase32).generate({ timestamp: now.getTime() });
}

export function totpUri(secretBase32: string, email: string): string {
  return totp(secretBase32, email).toString();
}

export async function totpQrDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

export function totpQrTerminal(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'terminal', small: true, errorCorrectionLevel: 'M' });
}

/** "ABCD EFGH …" for typing the secret by hand when the QR cannot be scanned. */
export function groupedKey(secretBase32: string): string {
  return secretBase32.replace(/(.{4})/g, '$1 ').trim();
}
