import 'server-only';

import dns from 'node:dns/promises';
import net from 'node:net';

import type { WEBHOOK_MESSAGES } from '../rules';

/**
 * Where a webhook may be sent (issue 27 §6, docs/decisions/0116). A URL is checked when it is
 * saved and again before every request: https only (http too when local endpoints are allowed),
 * no user name or password, and every address its host resolves to must be a public unicast
 * address — no private (RFC 1918, ULA), loopback, link-local (so no 169.254.169.254 or
 * fd00:ec2::254 metadata), CGNAT, multicast, documentation or reserved range, also not hidden in
 * an IPv4-mapped, IPv4-compatible, NAT64 or 6to4 IPv6 address. Decimal, octal and hex forms of an
 * IPv4 host (http://2130706433/, http://0177.1/) are normalised by the URL parser before the
 * check. The address checked is the address connected to: the sender pins it (deliver.ts).
 * `allowLocal` (WEBHOOK_ALLOW_LOCAL, never in production) lets loopback and http through, for
 * local development and tests; private and metadata addresses stay refused.
 */

export type BlockReason = 'loopback' | 'private' | 'link_local' | 'cgnat' | 'metadata' | 'multicast' | 'reserved';

type Range = [bytes: number[], prefix: number, reason: BlockReason];

const V4: Range[] = [
  [[0, 0, 0, 0], 8, 'reserved'], // "this network"
  [[10, 0, 0, 0], 8, 'private'],
  [[100, 64, 0, 0], 10, 'cgnat'],
  [[127, 0, 0, 0], 8, 'loopback'],
  [[169, 254, 169, 254], 32, 'metadata'],
  [[169, 254, 0, 0], 16, 'link_local'],
  [[172, 16, 0, 0], 12, 'private'],
  [[192, 0, 0, 0], 24, 'reserved'], // IETF protocol assignments
  [[192, 0, 2, 0], 24, 'reserved'], // TEST-NET-1
  [[192, 88, 99, 0], 24, 'reserved'], // 6to4 relay anycast
  [[192, 168, 0, 0], 16, 'private'],
  [[198, 18, 0, 0], 15, 'reserved'], // benchmarking
  [[198, 51, 100, 0], 24, 'reserved'], // TEST-NET-2
  [[203, 0, 113, 0], 24, 'reserved'], // TEST-NET-3
  [[224, 0, 0, 0], 4, 'multicast'],
  [[240, 0, 0, 0], 4, 'reserved'], // and 255.255.255.255
];

const h = (hex: string): number[] => {
  const out: number[] = [];
  for (const group of hex.split(':')) out.push(parseInt(group, 16) >> 8, parseInt(group, 16) & 0xff);
  return out;
};

const V6: Range[] = [
  [[...h('fd00:0ec2:0000:0000:0000:0000:0000:0254')], 128, 'metadata'], // AWS IMDS over IPv6
  [[...new Array(15).fill(0), 1], 128, 'loopback'], // ::1
  [new Array(16).fill(0), 128, 'reserved'], // ::
  [[...h('0100:0000:0000:0000')], 64, 'reserved'], // discard-only
  [[...h('2001:0db8')], 32, 'reserved'], // documentation
  [[...h('2001:0000')], 23, 'reserved'], // IETF protocol assignments (Teredo, …)
  [[0xfc], 7, 'private'], // unique local
  [[0xfe, 0x80], 10, 'link_local'],
  [[0xfe, 0xc0], 10, 'reserved'], // site-local (deprecated)
  [[0xff], 8, 'multicast'],
];

function inRange(bytes: readonly number[], [base, prefix]: Range): boolean {
  for (let bit = 0; bit < prefix; bit += 8) {
    const i = bit / 8;
    const mask = prefix - bit >= 8 ? 0xff : (0xff << (8 - (prefix - bit))) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((base[i] ?? 0) & mask)) return false;
  }
  return true;
}

function v4Bytes(ip: string): number[] {
  return ip.split('.').map(Number);
}

/** The 16 bytes of a valid IPv6 address (net.isIPv6 said so), a dotted IPv4 tail included. */
function v6Bytes(ip: string): number[] {
  let text = ip.toLowerCase().split('%')[0] ?? '';
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    const [a = 0, b = 0, c = 0, d = 0] = v4Bytes(tail);
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const groups = (s: string) => (s === '' ? [] : s.split(':'));
  const left = groups(head);
  const right = rest === undefined ? [] : groups(rest);
  const all = [...left, ...new Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return all.flatMap((g) => {
    const v = parseInt(g, 16);
    return [v >> 8, v & 0xff];
  });
}

/** Why an address may not be called (null: a public unicast address). `ip` is a literal IPv4 or IPv6 address. */
export function blockedAddress(ip: string): BlockReason | null {
  const bare = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  const version = net.isIP(bare.split('%')[0] ?? '');
  if (version === 4) {
    const bytes = v4Bytes(bare);
    return V4.find((r) => inRange(bytes, r))?.[2] ?? null;
  }
  if (version !== 6) return 'reserved';
  const bytes = v6Bytes(bare);
  const embedded = (from: number) => blockedAddress(bytes.slice(from, from + 4).join('.'));
  const zeros = (n: number) => bytes.slice(0, n).every((b) => b === 0);
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible, deprecated), 64:ff9b::a.b.c.d (NAT64), 2002:AABB:CCDD:: (6to4).
  if (zeros(10) && bytes[10] === 0xff && bytes[11] === 0xff) return embedded(12);
  const hit = V6.find((r) => inRange(bytes, r))?.[2];
  if (hit) return hit;
  if (zeros(12)) return embedded(12) ?? 'reserved';
  if (inRange(bytes, [h('0064:ff9b'), 96, 'reserved'])) return embedded(12);
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return embedded(2);
  return null;
}

/** The one place that says whether an address may be called, with the local exception. */
export function addressAllowed(ip: string, allowLocal: boolean): boolean {
  const reason = blockedAddress(ip);
  return reason === null || (allowLocal && reason === 'loopback');
}

export type UrlProblem = keyof typeof WEBHOOK_MESSAGES;

/** The checks a URL passes without a DNS lookup: scheme, credentials, a literal address's range. */
export function checkWebhookUrlShape(raw: string, allowLocal: boolean): { ok: true; url: URL } | { ok: false; problem: UrlProblem } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, problem: 'url_invalid' };
  }
  if (url.protocol !== 'https:' && !(allowLocal && url.protocol === 'http:')) {
    return { ok: false, problem: url.protocol === 'http:' ? 'url_not_https' : 'url_invalid' };
  }
  if (url.username || url.password) return { ok: false, problem: 'url_credentials' };
  const host = hostOf(url);
  if (host === '') return { ok: false, problem: 'url_invalid' };
  if (net.isIP(host) && !addressAllowed(host, allowLocal)) return { ok: false, problem: 'url_blocked' };
  // Names that only ever mean this machine or the local network.
  if (/(^|\.)(localhost|local|internal|localdomain)$/i.test(host) && !(allowLocal && /(^|\.)localhost$/i.test(host))) {
    return { ok: false, problem: 'url_blocked' };
  }
  return { ok: true, url };
}

/** The host as the resolver and the address rules take it ([::1] → ::1; a trailing dot dropped). */
export function hostOf(url: URL): string {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

export interface PinnedAddress {
  address: string;
  family: 4 | 6;
}

export type Resolver = (host: string) => Promise<PinnedAddress[]>;

const systemResolver: Resolver = async (host) =>
  (await dns.lookup(host, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

/**
 * Resolves the URL's host once and checks every answer (one bad answer refuses the URL: a name
 * that resolves to a public and a private address could be flipped between them). The address
 * returned is the one the request connects to.
 */
export async function resolveWebhookUrl(
  raw: string,
  allowLocal: boolean,
  resolve: Resolver = systemResolver,
): Promise<{ ok: true; url: URL; pinned: PinnedAddress } | { ok: false; problem: UrlProblem }> {
  const shape = checkWebhookUrlShape(raw, allowLocal);
  if (!shape.ok) return shape;
  const host = hostOf(shape.url);
  const literal = net.isIP(host);
  let answers: PinnedAddress[];
  if (literal) answers = [{ address: host, family: literal === 6 ? 6 : 4 }];
  else {
    try {
      answers = await resolve(host);
    } catch {
      return { ok: false, problem: 'url_unresolvable' };
    }
  }
  if (answers.length === 0) return { ok: false, problem: 'url_unresolvable' };
  if (answers.some((a) => !addressAllowed(a.address, allowLocal))) return { ok: false, problem: 'url_blocked' };
  return { ok: true, url: shape.url, pinned: answers[0]! };
}
