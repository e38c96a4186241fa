/**
 * hojin's HTTP server (`npm start` and the end-to-end stack run this instead of `next start`):
 * Next's own request handler behind a plain Node server, for one reason — route handlers must
 * know the TCP peer's address, which the App Router does not expose and which Next fills into
 * `x-forwarded-for` only when the client has not sent its own. Every request gets the socket's
 * address in a header whose name is random per process (src/server/http/peer-address.ts);
 * docs/decisions/0011-client-ip-and-rate-limits.md. In production it also sends the build's
 * static JavaScript and CSS Brotli- or gzip-compressed from the copies made at build time
 * (src/server/http/precompressed-static.ts, docs/decisions/0035-brotli-static-assets.md).
 * Around every request it keeps the request's id (`X-Request-Id`, src/server/http/request-context.ts)
 * and times the answer for the metrics; it serves `/metrics` to whom may read it (metrics-door.ts)
 * and, on SIGTERM/SIGINT, drains: readiness 503, no new connection, requests in flight finished,
 * jobs stopped and their leases given back, pools closed (lifecycle.ts, docs/operations.md).
 *
 *   tsx server.ts [--port 3000] [--hostname 127.0.0.1] [--dev]
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';

import next from 'next';

import { handleOddMethod, refuseConnect } from './src/server/http/odd-methods';
import { leanPath } from './src/server/http/lean-path';
import { onShutdown } from './src/server/http/lifecycle';
import { isMetricsPath, metricsDoor, serveMetrics } from './src/server/http/metrics-door';
import { appListener, drainOnSignals } from './src/server/http/node-listener';
import { installPeerAddressHeader, stampPeerAddress } from './src/server/http/peer-address';
import { createPrecompressedStatic } from './src/server/http/precompressed-static';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.PORT ?? '3000' },
    hostname: { type: 'string', default: '127.0.0.1' },
    dev: { type: 'boolean', default: false },
  },
});
const port = Number(values.port);
const hostname = values.hostname;
const dev = values.dev;
// What `next start` / `next dev` set; the app's own behaviour follows APP_ENV (src/config/env.ts).
Object.assign(process.env, { NODE_ENV: process.env.NODE_ENV ?? (dev ? 'development' : 'production') });

const KEEP_ALIVE_TIMEOUT_MS = 65_000;

async function main(): Promise<void> {
  const app = next({ dev, hostname, port, dir: __dirname });
  const handle = app.getRequestHandler();
  await app.prepare();
  const header = installPeerAddressHeader();
  // `next dev` serves its own files from memory, not from .next/static: dev mode goes to Next.
  const serveStatic = dev ? null : createPrecompressedStatic(path.join(__dirname, '.next'));
  const dispatch = (req: IncomingMessage, res: ServerResponse) => {
    stampPeerAddress(req, header);
    // The public API (/v1, /mcp) and the pages' search skip Next's handler: their router came from
    // the app's bundle at start. Any method goes to it: it answers an odd one with its own 405.
    const lean = leanPath();
    if (lean?.serves(req.url)) return void lean.listener(req, res);
    // Prometheus's text: never public (a token or METRICS_PORT; 404 when neither is configured).
    if (isMetricsPath(req.url)) return void serveMetrics(req, res, false);
    // TRACE, WebDAV and other methods Next cannot take: 405, never its 500 (docs/decisions/0062).
    if (handleOddMethod(req, res)) return;
    if (serveStatic === null) void handle(req, res);
    else serveStatic(req, res, () => void handle(req, res));
  };
  // The request's id, Connection: close while draining, the metrics' timing (node-listener.ts).
  const server = createServer(appListener(dispatch));
  // Idle keep-alive connections stay open longer than a load balancer's idle timeout (60 s on the
  // common ones), so the server never closes one the balancer is about to reuse — the race that
  // shows as a reset connection (502) under load. headersTimeout stays beyond it, as Node advises.
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  server.on('connect', refuseConnect);
  if (dev) server.on('upgrade', (req, socket, head) => void app.getUpgradeHandler()(req, socket, head));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, hostname, resolve);
  });
  console.log(`> hojin: http://${hostname}:${port} (${dev ? 'development' : 'production'})`);
  // METRICS_PORT: /metrics on a listener of its own (same host), nothing else there.
  const metricsPort = metricsDoor()?.port ?? null;
  if (metricsPort !== null) {
    const metricsServer = createServer((req, res) => {
      if (isMetricsPath(req.url)) return void serveMetrics(req, res, true);
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve, reject) => {
      metricsServer.once('error', reject);
      metricsServer.listen(metricsPort, hostname, resolve);
    });
    console.log(`> hojin: metrics on http://${hostname}:${metricsPort}/metrics`);
    onShutdown('close', 'metrics port', () => new Promise<void>((resolve) => metricsServer.close(() => resolve())));
  }
  // The API's usage counted in memory is written after the last request, before the pools close.
  onShutdown('flush', 'api usage', async () => {
    await leanPath()?.close();
  });
  onShutdown('close', 'next', () => app.close());
  drainOnSignals(server);
}

main().catch((error: unknown) => {
  console.error('[hojin] server failed to start:', error);
  process.exit(1);
});
