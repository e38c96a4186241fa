import 'server-only';

import { normalizeAddress, peerAddressHeader } from './peer-address';
import { serverConfig } from '@/config/server';

/**
 * The client's IP for rate limits and logs (docs/decisions/0011-client-ip-and-rate-limits.md).
 * - Behind a trusted proxy (TRUSTED_PROXY_HEADER, e.g. x-forwarded-for): that header only, its
 *   right-most entry — the one the proxy itself appended; entries to its left are whatever the
 *   client sent and are never read.
 * - Otherwise: the TCP peer's address, handed over by our server (server.ts, peer-address.ts).
 *   Client-sent X-Forwarded-For, X-Real-IP and the like are ignored.
 * "unknown" only when neither exists (the app not started by server.ts, e.g. `next dev`); all
 * such requests then share one client's limits: strict, never spoofable.
 */
export function clientIp(headers: Pick<Headers, 'get'>): string {
  const proxyHeader = serverConfig().trustedProxyHeader;
  if (proxyHeader) {
    const value = headers.get(proxyHeader);
    return normalizeAddress(value?.split(',').pop()) ?? 'unknown';
  }
  const peerHeader = peerAddressHeader();
  return (peerHeader && normalizeAddress(headers.get(peerHeader))) || 'unknown';
}

/**
 * What a per-client limit is keyed on: an IPv4 address, or the /64 network of an IPv6 address —
 * one subscriber usually holds a whole /64 and could otherwise take a fresh address per request.
 */
export function limitSubject(ip: string): string {
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = ip.includes('::') ? 8 - left.length - right.length : 0;
  const groups = [...left, ...Array<string>(Math.max(missing, 0)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => (g || '0').replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
