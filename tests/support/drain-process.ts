/**
 * A server process for the drain's integration test (tests/integration/lifecycle.int.test.ts): the
 * request listener and the signal handling of server.ts (src/server/http/node-listener.ts, the
 * same functions), with Next's handler replaced by three answers:
 *   /slow?ms=N — answers 200 after N ms (a request in flight during SIGTERM), with its request id;
 *   /ready     — 200 while serving, 503 once draining (what /api/health/ready says of the phase);
 *   anything else — 200.
 * Shutdown hooks of every stage print a line, so the test sees their order. Reports are JSON lines
 * on stdout: { event: 'listening', port }, { event: 'slow.started' }, the drain's own lines.
 *
 *   node --import tsx tests/support/drain-process.ts   (DRAIN_MS: the drain's bound)
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { lifecyclePhase, markStarted, onShutdown } from '../../src/server/http/lifecycle';
import { appListener, drainOnSignals } from '../../src/server/http/node-listener';
import { currentRequestId } from '../../src/server/http/request-context';

const report = (line: Record<string, unknown>) => console.log(JSON.stringify(line));

const server = createServer(
  appListener((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/ready') {
      const phase = lifecyclePhase();
      res.writeHead(phase === 'serving' ? 200 : 503, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ phase }));
      return;
    }
    if (url.pathname === '/slow') {
      report({ event: 'slow.started' });
      setTimeout(
        () => {
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ requestId: currentRequestId() }));
        },
        Number(url.searchParams.get('ms') ?? '1000'),
      );
      return;
    }
    res.end('ok');
  }),
);
server.keepAliveTimeout = 65_000;

for (const stage of ['stop', 'flush', 'close'] as const) {
  onShutdown(stage, `test ${stage}`, async () => report({ event: 'hook', stage }));
}

server.listen(0, '127.0.0.1', () => {
  markStarted({ drainMs: Number(process.env.DRAIN_MS ?? '10000'), delayMs: Number(process.env.DELAY_MS ?? '0') });
  drainOnSignals(server);
  report({ event: 'listening', port: (server.address() as AddressInfo).port });
});
