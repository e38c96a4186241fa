import 'server-only';

import { cookieName, cookieOptions, type CookieOptions } from '@/server/auth/cookies';
import { safeEqual, signWithServerSecret } from '@/server/auth/tokens';

/**
 * A browser the member (or staff member) has logged in from (issue 24 §5, docs/decisions/0062; OWASP's "device
 * cookie"). Every successful login sets a signed cookie naming the account; at the next login
 * with that account, the browser is a known device and the account-wide ceiling on password
 * checks does not apply to it (its own per-client back-off still does). So an attacker with many
 * addresses can make the account refuse strangers, never its owner's own browser.
 *
 * Value: `<id>.<issued unix seconds>.<HMAC-SHA256 of kind, id and time under SESSION_SECRET>`,
 * valid KNOWN_DEVICE_DAYS from the last login. HttpOnly, SameSite=Lax, `__Host-` in production.
 * Members and staff have a cookie each (`device`, `admin_device`): one never counts for the other.
 */
export const KNOWN_DEVICE_DAYS = 180;
export type DeviceKind = 'member' | 'staff';
/** What isKnownDevice reads: a NextRequest, or anything with its cookie getter. */
export interface CookieSource {
  cookies: { get: (name: string) => { value: string } | undefined };
}
const COOKIE = { member: 'device', staff: 'admin_device' } as const;

function sign(kind: DeviceKind, userId: string, issued: number): string {
  return signWithServerSecret(`known-device:v1:${kind}:${userId}.${issued}`);
}

export function knownDeviceValue(kind: DeviceKind, userId: string, now = Date.now()): string {
  const issued = Math.floor(now / 1000);
  return `${userId}.${issued}.${sign(kind, userId, issued)}`;
}

/** Whether the request carries a valid device cookie for this account. */
export function isKnownDevice(kind: DeviceKind, request: CookieSource, userId: string, now = Date.now()): boolean {
  const value = request.cookies.get(cookieName(COOKIE[kind]))?.value;
  if (!value) return false;
  const [id, issuedText, mac] = value.split('.');
  const issued = Number(issuedText);
  if (id !== userId || !mac || !Number.isSafeInteger(issued)) return false;
  if (issued * 1000 > now + 60_000 || now - issued * 1000 > KNOWN_DEVICE_DAYS * 86_400_000) return false;
  return safeEqual(sign(kind, userId, issued), mac);
}

/** Marks this browser as the account's (on every successful login). */
export function markKnownDevice(
  kind: DeviceKind,
  io: { setCookie: (name: string, value: string, options: CookieOptions) => void },
  userId: string,
): void {
  io.setCookie(cookieName(COOKIE[kind]), knownDeviceValue(kind, userId), cookieOptions(KNOWN_DEVICE_DAYS * 86_400));
}
