// No `import 'server-only'`: this module also runs in server.ts, our HTTP server, outside Next's
// react-server graph (where that import would throw). It holds no secret worth a bundle check.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

/**
 * How route handlers learn the TCP peer's address (docs/decisions/0011-client-ip-and-rate-limits.md).
 * App Router handlers never see the socket, and Next's own `x-forwarded-for` is only filled in
 * when the client did not send one (base-server.js: `??=`), so it is whatever the client says.
 * Our server (server.ts) therefore writes the socket's address into a request header whose name
 * is random per process and known only inside the process (on globalThis, shared by the server
 * and the route bundles). A client cannot send that header: it cannot guess the name, and any
 * header with our prefix is removed before the request reaches Next. Started any other way
 * (`next dev`, a bare `next start`), no name is installed and the app sees no peer address.
 */
const PREFIX = 'x-hojin-peer-';
const KEY = Symbol.for('hojin.peerAddressHeader');

type GlobalWithHeader = typeof globalThis & { [KEY]?: string };

/** The header name of this process, or undefined when the app was not started by server.ts. */
export function peerAddressHeader(): string | undefined {
  return (globalThis as GlobalWithHeader)[KEY];
}

/** Chooses this process's header name (once; later calls return the same). */
export function installPeerAddressHeader(): string {
  const g = globalThis as GlobalWithHeader;
  g[KEY] ??= `${PREFIX}${randomBytes(16).toString('hex')}`;
  return g[KEY];
}

/** `::ffff:192.0.2.1` (an IPv4 client on a dual-stack socket) → `192.0.2.1`; anything not an IP → null. */
export function normalizeAddress(address: string | undefined | null): string | null {
  if (!address) return null;
  const trimmed = address.trim();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed);
  const candidate = mapped?.[1] ?? trimmed;
  return isIP(candidate) ? candidate.toLowerCase() : null;
}

/** Removes every client-sent header with our prefix and sets ours from the socket. */
export function stampPeerAddress(req: IncomingMessage, header: string): void {
  for (const name of Object.keys(req.headers)) if (name.startsWith(PREFIX)) delete req.headers[name];
  const address = normalizeAddress(req.socket.remoteAddress);
  if (address) req.headers[header] = address;
}
