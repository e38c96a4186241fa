import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Where server.ts meets the metrics (issue 28 §3, docs/decisions/0126): the registry lives in Next's
 * bundle (src/server/metrics.ts, built at start by instrumentation-node.ts) and is handed over here
 * on globalThis, as the lean path is. server.ts records every answer through `observe` and serves
 * `/metrics` through `serveMetrics`, which decides who may read it:
 * - on METRICS_PORT (a listener of its own, only `/metrics`): anyone who can reach that port —
 *   keep it on a private interface or firewalled;
 * - on the main port: only with `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise);
 * - neither configured: 404, as if there were no such path.
 * No server-only import: server.ts loads this module.
 */

export interface MetricsDoor {
  port: number | null;
  token: string | null;
  observe: (route: string, method: string, status: number, seconds: number) => void;
  render: () => Promise<{ contentType: string; body: string }>;
}

const key = Symbol.for('hojin.metricsDoor');
type WithDoor = typeof globalThis & { [key]?: MetricsDoor };

export function registerMetricsDoor(door: MetricsDoor): void {
  (globalThis as WithDoor)[key] = door;
}

export function metricsDoor(): MetricsDoor | undefined {
  return (globalThis as WithDoor)[key];
}

export function isMetricsPath(url: string | undefined): boolean {
  return url === '/metrics' || (url !== undefined && url.startsWith('/metrics?'));
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** A method as a label: the HTTP methods the app knows, everything else one value. */
export function methodLabel(method: string | undefined): string {
  return method !== undefined && METHODS.has(method) ? method : 'OTHER';
}

/**
 * The route label of an answer: the pattern the route wrapper found (`/api/orders/[id]`), else a
 * fixed family — the lean path's prefixes, Next's assets, a page by its first path segment — and
 * `unmatched` for any 404/405 the wrapper did not answer, so random paths never become labels.
 */
export function routeLabel(url: string | undefined, status: number, pattern: string | undefined): string {
  if (pattern !== undefined) return pattern;
  if (status === 404 || status === 405 || url === undefined) return 'unmatched';
  if (url.startsWith('/_next/')) return '/_next';
  if (url.startsWith('/v1')) return '/v1';
  if (url.startsWith('/mcp')) return '/mcp';
  if (url.startsWith('/api/')) return '/api';
  const end = url.slice(1).search(/[/?#]/);
  return end === -1 ? url : url.slice(0, end + 1);
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function refuse(res: ServerResponse, status: 401 | 404 | 405, extra: Record<string, string> = {}): void {
  const messages = { 401: 'unauthorized', 404: 'not_found', 405: 'method_not_allowed' } as const;
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...extra });
  res.end(JSON.stringify({ error: { code: messages[status], message: messages[status] } }));
}

/** Answers a request for `/metrics`; `onMetricsPort`: it came to METRICS_PORT's own listener. */
export async function serveMetrics(req: IncomingMessage, res: ServerResponse, onMetricsPort: boolean): Promise<void> {
  const door = metricsDoor();
  if (!door || (!onMetricsPort && door.token === null)) return refuse(res, 404);
  if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, { Allow: 'GET, HEAD' });
  if (!onMetricsPort) {
    const match = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
    if (!match?.[1] || !sameSecret(match[1], door.token as string))
      return refuse(res, 401, { 'WWW-Authenticate': 'Bearer realm="metrics"' });
  }
  const { contentType, body } = await door.render();
  res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
  res.end(req.method === 'HEAD' ? undefined : body);
}
