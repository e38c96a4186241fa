/**
 * What the benchmarks share: their command line (`--name value`, checked by the script's zod
 * schema), a seeded PRNG so two runs draw the same sample, waiting for a server's port, and
 * percentiles of measured times.
 */
import fs from 'node:fs';
import net from 'node:net';
import { parseArgs } from 'node:util';

import type { z } from 'zod';

/** One string option per key of `schema`; on bad input prints each problem as `--key: message` and exits 2. */
export function parseBenchArgs<S extends z.ZodObject>(schema: S): z.output<S> {
  const { values } = parseArgs({
    options: Object.fromEntries(Object.keys(schema.shape).map((k) => [k, { type: 'string' as const }])),
    strict: true,
  });
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`--${issue.path.join('.')}: ${issue.message}`);
    process.exit(2);
  }
  return parsed.data;
}

/** Deterministic PRNG (mulberry32): the same seed gives the same sequence in [0, 1). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Resolves once 127.0.0.1:`port` accepts a connection, trying every 250 ms; rejects after `timeoutMs`. */
export function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > until) reject(new Error(`port ${port} did not open`));
        else setTimeout(attempt, 250);
      });
    };
    attempt();
  });
}

/** The p-th percentile (nearest rank) of ascending `sorted`; NaN when empty. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] as number;
}

/** utime + stime of a process in ms (Linux /proc; clock ticks of 10 ms, USER_HZ = 100); null when it cannot be read. */
export function processCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}
