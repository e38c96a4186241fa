import type { IncomingMessage, Server, ServerResponse } from 'node:http';

import { closeWhileDraining, createDrain } from './lifecycle';
import { methodLabel, metricsDoor, routeLabel } from './metrics-door';
import { REQUEST_ID_HEADER, requestIdFrom, runWithRequestContext, type RequestContext } from './request-context';

/**
 * What server.ts does around every request and at the end (issue 28 §2–3), apart so the drain's
 * integration test runs the same code in a process of its own (tests/support/drain-process.ts).
 * No server-only import: server.ts loads this module.
 */

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The request listener around `dispatch`: the request's id (the proxy's when it is safe, else
 * ours) in the request's header, on the answer and in its context (log lines, error bodies);
 * `Connection: close` while draining; the answer's time for the metrics once it is sent.
 */
export function appListener(dispatch: Listener): Listener {
  return (req, res) => {
    const context: RequestContext = { requestId: requestIdFrom(req.headers[REQUEST_ID_HEADER]) };
    req.headers[REQUEST_ID_HEADER] = context.requestId;
    res.setHeader('X-Request-Id', context.requestId);
    closeWhileDraining(res);
    const door = metricsDoor();
    if (door) {
      const started = performance.now();
      res.once('finish', () =>
        door.observe(
          routeLabel(req.url, res.statusCode, context.route),
          methodLabel(req.method),
          res.statusCode,
          (performance.now() - started) / 1000,
        ),
      );
    }
    runWithRequestContext(context, () => dispatch(req, res));
  };
}

/** SIGTERM and SIGINT drain the server and then exit 0 (lifecycle.ts); one JSON log line per step. */
export function drainOnSignals(server: Server): void {
  const drain = createDrain(server, {
    log: (line) => console.log(JSON.stringify({ level: 30, time: new Date().toISOString(), service: 'hojin', ...line })),
    exit: (code) => process.exit(code),
  });
  process.on('SIGTERM', () => void drain('SIGTERM'));
  process.on('SIGINT', () => void drain('SIGINT'));
}
