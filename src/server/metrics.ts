import 'server-only';

import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The instance's Prometheus metrics (issue 28 §3, docs/decisions/0126), one registry per process
 * (on globalThis: Next's module re-evaluation in development must not register them twice).
 *
 * Recorded as things happen, each a counter increment or a histogram bucket — no allocation beyond
 * prom-client's own, the label values are few and fixed (route patterns, status classes, query
 * classes, job names): request duration (server.ts, through metrics-door.ts), search latency (the
 * registry's search), job runs. Read when scraped (`scrapeGauge`, registered by
 * instrumentation-node.ts): the registry's data date and age, payment and refund states, the mail
 * queue, the database pool — cheap queries, once per scrape. Process and event-loop figures are
 * prom-client's default metrics (`nodejs_eventloop_lag_*`, `process_*`, `nodejs_heap_*`).
 */

interface Metrics {
  registry: Registry;
  http: Histogram<'route' | 'method' | 'status'>;
  search: Histogram<'class'>;
  jobRuns: Counter<'job' | 'outcome'>;
  jobLastSuccess: Map<string, number>;
  jobLastStart: Map<string, number>;
}

const key = Symbol.for('hojin.metrics');
type WithMetrics = typeof globalThis & { [key]?: Metrics };

function create(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const jobLastSuccess = new Map<string, number>();
  const jobLastStart = new Map<string, number>();
  const metrics: Metrics = {
    registry,
    http: new Histogram({
      name: 'hojin_http_request_duration_seconds',
      help: 'Time to answer a request, by route pattern, method and status class (2xx, 4xx, 5xx)',
      labelNames: ['route', 'method', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    search: new Histogram({
      name: 'hojin_search_duration_seconds',
      help: 'Company search time in-process (first page and count), by query class; budget p95 ≤ 2 ms (docs/performance.md)',
      labelNames: ['class'],
      buckets: [0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5],
      registers: [registry],
    }),
    jobRuns: new Counter({
      name: 'hojin_job_runs_total',
      help: 'Background job runs by outcome: ok, failed, or leased (another instance held the job)',
      labelNames: ['job', 'outcome'],
      registers: [registry],
    }),
    jobLastSuccess,
    jobLastStart,
  };
  new Gauge({
    name: 'hojin_job_last_success_timestamp_seconds',
    help: 'When the job last ran to the end in this instance (Unix time)',
    labelNames: ['job'],
    registers: [registry],
    collect() {
      for (const [job, at] of jobLastSuccess) this.set({ job }, at / 1000);
    },
  });
  new Gauge({
    name: 'hojin_job_lag_seconds',
    help: 'Seconds since the job last started in this instance (its schedule falls behind when this passes the interval)',
    labelNames: ['job'],
    registers: [registry],
    collect() {
      const now = Date.now();
      for (const [job, at] of jobLastStart) this.set({ job }, (now - at) / 1000);
    },
  });
  return metrics;
}

function metrics(): Metrics {
  return ((globalThis as WithMetrics)[key] ??= create());
}

const STATUS_CLASS = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;

/** One answered request (server.ts, through metrics-door.ts). */
export function observeRequest(route: string, method: string, status: number, seconds: number): void {
  metrics().http.observe({ route, method, status: STATUS_CLASS[Math.floor(status / 100) - 1] ?? 'other' }, seconds);
}

/** One company search, by its query class. */
export function observeSearch(queryClass: string, seconds: number): void {
  metrics().search.observe({ class: queryClass }, seconds);
}

export type JobOutcome = 'ok' | 'failed' | 'leased';

/** A job's run began (its lag restarts). */
export function jobStarted(job: string): void {
  metrics().jobLastStart.set(job, Date.now());
}

/** A job's run ended. */
export function jobFinished(job: string, outcome: JobOutcome): void {
  const m = metrics();
  m.jobRuns.inc({ job, outcome });
  if (outcome === 'ok') m.jobLastSuccess.set(job, Date.now());
}

/** A gauge read when Prometheus scrapes: `read` returns its samples (labels → value); a failure leaves it empty. */
export function scrapeGauge<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
  read: () => Promise<{ labels: Partial<Record<L, string>>; value: number }[]> | { labels: Partial<Record<L, string>>; value: number }[],
): void {
  const registry = metrics().registry;
  if (registry.getSingleMetric(name)) return;
  new Gauge<L>({
    name,
    help,
    labelNames,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        for (const { labels, value } of await read()) this.set(labels, value);
      } catch {
        // The database is down: the gauge is absent from this scrape (the health checks say why).
      }
    },
  });
}

/** The text Prometheus reads. */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  const registry = metrics().registry;
  return { contentType: registry.contentType, body: await registry.metrics() };
}
