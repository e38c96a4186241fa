import type { Server } from 'node:http';

/**
 * The instance's lifecycle (issue 28 §2, docs/decisions/0125): starting → serving → draining.
 *
 * - `markStarted()` — instrumentation-node.ts, once the database is migrated and the jobs and the
 *   lean path are set up; `/api/health/ready` answers 200 only after it (and while the database
 *   answers and the registry file is open) and 503 again from the first moment of a drain.
 * - `onShutdown(stage, name, fn)` — what the instance gives back when it stops: `stop` hooks run as
 *   soon as the drain begins (the job schedulers: no new tick, the running one aborted at its next
 *   step), `flush` hooks once the last request has been answered (the API's usage counted in memory,
 *   the mails still being retried), then `close` hooks (the job leases, the database pool, the
 *   registry files); each bounded.
 * - `createDrain(server, …)` — server.ts calls it on SIGTERM/SIGINT: readiness 503, no new
 *   connection, idle keep-alive connections closed (and each one that becomes idle), requests in
 *   flight answered up to `drainMs`, then the hooks, then exit 0.
 *
 * No server-only import: server.ts loads this module outside Next's bundle, so the state lives on
 * globalThis and both copies share it (as lean-path.ts does).
 */

export type ShutdownStage = 'stop' | 'flush' | 'close';

interface ShutdownHook {
  stage: ShutdownStage;
  name: string;
  run: () => Promise<void>;
}

interface LifecycleState {
  started: boolean;
  draining: boolean;
  hooks: ShutdownHook[];
  /** aborted when the drain begins: long job loops check it between steps */
  abort: AbortController;
  /** DRAIN_TIMEOUT_SECONDS, set by instrumentation-node.ts (server.ts cannot read the configuration) */
  drainMs: number;
  /** DRAIN_DELAY_SECONDS: readiness 503 this long before the listener closes */
  delayMs: number;
}

const key = Symbol.for('hojin.lifecycle');
type WithLifecycle = typeof globalThis & { [key]?: LifecycleState };

function state(): LifecycleState {
  return ((globalThis as WithLifecycle)[key] ??= {
    started: false,
    draining: false,
    hooks: [],
    abort: new AbortController(),
    drainMs: 25_000,
    delayMs: 0,
  });
}

/** The instance can serve: the database is migrated, the jobs and the lean path are set up. */
export function markStarted(options: { drainMs: number; delayMs?: number }): void {
  const s = state();
  s.drainMs = options.drainMs;
  s.delayMs = options.delayMs ?? 0;
  s.started = true;
}

export function lifecyclePhase(): 'starting' | 'serving' | 'draining' {
  const s = state();
  return s.draining ? 'draining' : s.started ? 'serving' : 'starting';
}

/** Aborted once the instance begins to stop: a job's loop stops at its next step. */
export function shutdownSignal(): AbortSignal {
  return state().abort.signal;
}

/** Registers what to stop or close when the instance stops (run in registration order within a stage). */
export function onShutdown(stage: ShutdownStage, name: string, run: () => Promise<void>): void {
  state().hooks.push({ stage, name, run });
}

type Log = (line: Record<string, unknown>) => void;

/** Runs a stage's hooks one after another, each for at most `timeoutMs`; a failure is logged, never thrown. */
export async function runShutdownHooks(stage: ShutdownStage, log: Log, timeoutMs: number): Promise<void> {
  for (const hook of state().hooks.filter((h) => h.stage === stage)) {
    const started = Date.now();
    let timer: NodeJS.Timeout | undefined;
    const outcome = await Promise.race([
      hook.run().then(
        () => 'done' as const,
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      ),
      new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs))),
    ]);
    clearTimeout(timer);
    log({
      event: `shutdown.${outcome === 'done' ? 'done' : outcome === 'timeout' ? 'timeout' : 'failed'}`,
      stage,
      hook: hook.name,
      ms: Date.now() - started,
      ...(outcome !== 'done' && outcome !== 'timeout' ? { error: outcome } : {}),
    });
  }
}

export interface DrainOptions {
  /** how long requests in flight may take before their connections are cut (default: DRAIN_TIMEOUT_SECONDS) */
  drainMs?: number;
  /** the most one hook may take */
  hookTimeoutMs?: number;
  log: Log;
  exit: (code: number) => void;
}

/**
 * The drain, once per process (a second signal while draining changes nothing). The server keeps
 * answering requests on connections it already has (with `Connection: close`, see
 * `closeWhileDraining`); the proxy has stopped sending new ones since readiness said 503.
 */
export function createDrain(server: Server, options: DrainOptions): (signal: string) => Promise<void> {
  let pending: Promise<void> | undefined;
  const hookTimeoutMs = options.hookTimeoutMs ?? 10_000;
  const run = async (signal: string) => {
    const s = state();
    s.draining = true;
    s.abort.abort();
    const started = Date.now();
    const drainMs = options.drainMs ?? s.drainMs;
    options.log({ event: 'server.draining', signal, drainMs, delayMs: s.delayMs });
    // Readiness says 503 already; a proxy that polls it stops sending before the connections close.
    // Meanwhile requests are served as usual (each connection closed after its answer).
    if (s.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, s.delayMs));
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    // A keep-alive connection whose request was in flight becomes idle once answered: close it then.
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    // The job schedulers stop while the requests finish.
    const stopped = runShutdownHooks('stop', options.log, hookTimeoutMs);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([
      closed.then(() => false),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), drainMs))),
    ]);
    clearTimeout(timer);
    clearInterval(sweep);
    if (timedOut) {
      options.log({ event: 'server.drain_timeout', ms: Date.now() - started });
      server.closeAllConnections();
    }
    await stopped;
    await runShutdownHooks('flush', options.log, hookTimeoutMs);
    await runShutdownHooks('close', options.log, hookTimeoutMs);
    options.log({ event: 'server.stopped', ms: Date.now() - started, timedOut });
    options.exit(0);
  };
  return (signal) => (pending ??= run(signal));
}

/** A request on a kept-alive connection during the drain is answered, and its connection closed after. */
export function closeWhileDraining(res: { setHeader: (name: string, value: string) => unknown }): void {
  if (state().draining) res.setHeader('Connection', 'close');
}
