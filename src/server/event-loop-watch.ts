import 'server-only';

/**
 * Logs an event-loop stall: a stretch in which this process answered nobody (a synchronous PDF
 * render, a big JSON.parse, a runaway regex). A timer ticks every `tickMs`; when it fires late by
 * `thresholdMs` or more, one warning line `{ event: 'event_loop.stall', ms, cpuMs }` says by how
 * much, and how much CPU the process spent meanwhile: `cpuMs` near `ms` is work of its own holding
 * the loop; far below it, the machine gave the process no CPU (a busy host), not our code. The load
 * bench (bench/load-mixed.ts) and anyone reading the server's logs see stalls there instead of
 * guessing them from slow answers. The timer is unref'd: it never keeps a process alive.
 */
export interface EventLoopWatchOptions {
  thresholdMs?: number;
  tickMs?: number;
  now?: () => number;
  /** CPU time the process has used, in ms (user + system, every thread). */
  cpu?: () => number;
  report: (stall: { ms: number; cpuMs: number; at: Date }) => void;
}

const processCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

export function watchEventLoop(options: EventLoopWatchOptions): { stop: () => void } {
  const threshold = options.thresholdMs ?? 1000;
  const tick = options.tickMs ?? 250;
  const now = options.now ?? (() => performance.now());
  const cpu = options.cpu ?? processCpuMs;
  let last = now();
  let lastCpu = cpu();
  const timer = setInterval(() => {
    const t = now();
    const c = cpu();
    const late = t - last - tick;
    const cpuMs = c - lastCpu;
    last = t;
    lastCpu = c;
    if (late >= threshold) options.report({ ms: Math.round(late), cpuMs: Math.round(cpuMs), at: new Date() });
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
    report: ({ ms, cpuMs }) =>
      logger.warn({ event: 'event_loop.stall', ms, cpuMs }, `event loop blocked for ${ms} ms (${cpuMs} ms of CPU meanwhile)`),
  });
}
