import 'server-only';

/**
 * Logs an event-loop stall: a stretch in which this process answered nobody (a synchronous PDF
 * render, a big JSON.parse, a runaway regex). A timer ticks every `tickMs`; when it fires late by
 * `thresholdMs` or more, one warning line `{ event: 'event_loop.stall', ms }` says by how much. The
 * load bench (bench/load-mixed.ts) and anyone reading the server's logs see stalls there instead
 * of guessing them from slow answers. The timer is unref'd: it never keeps a process alive.
 */
export interface EventLoopWatchOptions {
  thresholdMs?: number;
  tickMs?: number;
  now?: () => number;
  report: (stall: { ms: number; at: Date }) => void;
}

export function watchEventLoop(options: EventLoopWatchOptions): { stop: () => void } {
  const threshold = options.thresholdMs ?? 1000;
  const tick = options.tickMs ?? 250;
  const now = options.now ?? (() => performance.now());
  let last = now();
  const timer = setInterval(() => {
    const t = now();
    const late = t - last - tick;
    last = t;
    if (late >= threshold) options.report({ ms: Math.round(late), at: new Date() });
  }, tick);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

let started = false;

/** The server's watch (instrumentation): stalls of 1 s or more as warnings in the structured log. */
export async function startEventLoopWatch(): Promise<void> {
  if (started) return;
  started = true;
  const { logger } = await import('@/server/logger');
  watchEventLoop({
    report: ({ ms }) => logger.warn({ event: 'event_loop.stall', ms }, `event loop blocked for ${ms} ms`),
  });
}
