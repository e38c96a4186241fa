import 'server-only';

import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';

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

interface Series {
  labels: Record<string, string>;
  /** per bucket (not cumulative), the last one +Inf */
  counts: Float64Array;
  sum: number;
  count: number;
}

type Tree = Map<string, Tree | Series>;

/**
 * A histogram for the hot paths (every request, every search): prom-client's `observe` builds a
 * closure, validates the labels and hashes them into a string on each call (2.6 µs per observation
 * on this machine at load 17.8, against 0.7 µs for this one with the route label, same run): here
 * the series is found through one Map per label value and a bucket by a scan of ten bounds —
 * nothing allocated after a series' first observation. Exposed through prom-client's registry as an ordinary histogram (its `get`).
 */
class FastHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly root: Tree = new Map();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly labelNames: readonly string[],
    private readonly bounds: readonly number[],
  ) {}

  /** `values`: one per label name, in their order. */
  observe(seconds: number, a: string, b?: string, c?: string): void {
    const depth = this.labelNames.length;
    let node: Tree = this.root;
    let series: Series | undefined;
    for (let i = 0; i < depth; i++) {
      const value = (i === 0 ? a : i === 1 ? b : c) as string;
      const next = node.get(value);
      if (i < depth - 1) {
        if (next) node = next as Tree;
        else node.set(value, (node = new Map()));
      } else if (next) series = next as Series;
      else {
        series = { labels: this.labelsOf([a, b, c]), counts: new Float64Array(this.bounds.length + 1), sum: 0, count: 0 };
        node.set(value, series);
      }
    }
    if (!series) return;
    let bucket = 0;
    while (bucket < this.bounds.length && seconds > (this.bounds[bucket] as number)) bucket++;
    (series.counts[bucket] as number) += 1;
    series.sum += seconds;
    series.count += 1;
  }

  private labelsOf(values: readonly (string | undefined)[]): Record<string, string> {
    return Object.fromEntries(this.labelNames.map((name, i) => [name, values[i] as string]));
  }

  private *series(node: Tree = this.root, depth = 1): Generator<Series> {
    for (const child of node.values()) {
      if (depth === this.labelNames.length) yield child as Series;
      else yield* this.series(child as Tree, depth + 1);
    }
  }

  /** What prom-client's registry formats (the shape of its own Histogram's `get`). */
  get() {
    const values: { labels: Record<string, string | number>; value: number; metricName: string }[] = [];
    for (const s of this.series()) {
      let cumulative = 0;
      for (let i = 0; i <= this.bounds.length; i++) {
        cumulative += s.counts[i] as number;
        values.push({
          labels: { ...s.labels, le: i < this.bounds.length ? (this.bounds[i] as number) : '+Inf' },
          value: cumulative,
          metricName: `${this.name}_bucket`,
        });
      }
      values.push({ labels: s.labels, value: s.sum, metricName: `${this.name}_sum` });
      values.push({ labels: s.labels, value: s.count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  reset(): void {
    this.root.clear();
  }
}

interface Metrics {
  registry: Registry;
  http: FastHistogram;
  search: FastHistogram;
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
    http: new FastHistogram(
      'hojin_http_request_duration_seconds',
      'Time to answer a request, by route pattern, method and status class (2xx, 4xx, 5xx)',
      ['route', 'method', 'status'],
      [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    ),
    search: new FastHistogram(
      'hojin_search_duration_seconds',
      'Company search time in-process (first page and count), by query class; budget p95 ≤ 2 ms (docs/performance.md)',
      ['class'],
      [0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5],
    ),
    jobRuns: new Counter({
      name: 'hojin_job_runs_total',
      help: 'Background job runs by outcome: ok, failed, or leased (another instance held the job)',
      labelNames: ['job', 'outcome'],
      registers: [registry],
    }),
    jobLastSuccess,
    jobLastStart,
  };
  registry.registerMetric(metrics.http as never);
  registry.registerMetric(metrics.search as never);
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
  metrics().http.observe(seconds, route, method, STATUS_CLASS[Math.floor(status / 100) - 1] ?? 'other');
}

/** One company search, by its query class. */
export function observeSearch(queryClass: string, seconds: number): void {
  metrics().search.observe(seconds, queryClass);
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
