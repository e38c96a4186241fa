import 'server-only';

import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';

import { memberEmailOf } from '@/features/accounts/index.server';
import type { WatchEventKind } from '@/features/watch';
import { appUrl, serverConfig } from '@/config/server';
import { getDb } from '@/server/db/client';
import { giveBackJobLease, takeJobLease } from '@/server/jobs/lease';
import { logger } from '@/server/logger';
import { renderMail, sendMailInBackground } from '@/server/mail';

import type { WebhookEventType } from '../rules';
import { changeEventOf } from './changes';
import { resolveWebhookUrl, type PinnedAddress } from './webhook-address';
import { newEventId, rowsOf, type WebhookPayload } from './webhooks';

/**
 * The webhook job (issue 27 §5, docs/decisions/0117): one instance at a time (the `webhooks` row
 * of job_leases) fans the new watch events out to the watchers' endpoints, then sends what is due.
 *
 * - At least once: a delivery is pending in PostgreSQL until a 2xx is recorded; a run that dies
 *   between sending and recording sends it again (same webhook-id) — a restart loses nothing.
 * - Ordered per endpoint: an endpoint's deliveries go in id order, one at a time; a failed one
 *   holds the later ones back until it succeeds or the endpoint is disabled.
 * - Backoff: 5 s × 4^(n−1), at most 10 h, after the n-th failure; an endpoint whose oldest
 *   delivery has failed for 3 days is disabled, its pending deliveries given up, its owner mailed.
 * - Endpoints are served concurrently (a pool of workers), each request with a timeout and a cap
 *   on the answer read: a slow receiver holds one worker, not the others.
 * - Every request resolves the host once, checks every answer (webhook-address.ts) and connects
 *   to that address (a pinned `lookup`), redirects not followed (a 3xx is a failure).
 * - Database cost: per endpoint per batch of up to BATCH deliveries, one read and one write.
 */

const WEBHOOK_JOB = 'webhooks';
const LEASE_MS = 5 * 60_000;
const BATCH = 100;
const CONCURRENCY = 50;
/** How much of an answer is read before the connection is dropped. */
const RESPONSE_CAP_BYTES = 64 * 1024;
export const FAILING_LIMIT_MS = 3 * 24 * 3_600_000;
const BACKOFF_FIRST_MS = 5_000;
const BACKOFF_MAX_MS = 10 * 3_600_000;

/** The wait after the n-th failed attempt (n ≥ 1). */
export function backoffMs(failures: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 4 ** Math.max(0, failures - 1));
}

const WATCH_TYPE: Record<WatchEventKind, WebhookEventType> = {
  name: 'watch.name_changed',
  address: 'watch.address_changed',
  closed: 'watch.closed',
  merged: 'watch.merged',
  revived: 'watch.revived',
  invoice_registered: 'watch.invoice_registered',
  invoice_revoked: 'watch.invoice_revoked',
  invoice_expired: 'watch.invoice_expired',
};

interface Counter {
  statements: number;
}

/**
 * The watch events matched since the last run, as webhook events of each watcher who has an
 * enabled endpoint (public registry data only: the change as /v1/changes shows it), and their
 * deliveries to the endpoints that asked for the type; the cursor moves in the same transaction.
 */
export async function fanOutWatchEvents(now = new Date(), counter: Counter = { statements: 0 }): Promise<number> {
  const db = await getDb();
  let total = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const [cursor] = rowsOf<{ last_id: string | number }>(
        await tx.execute(sql`SELECT last_id FROM webhook_cursors WHERE source = 'watch' FOR UPDATE`),
      );
      const after = Number(cursor?.last_id ?? 0);
      const rows = rowsOf<{
        id: string | number;
        corporate_number: string;
        kind: WatchEventKind;
        data_date: string;
        name: string;
        detail: Record<string, string>;
        user_id: string | null;
        upto: string | number;
      }>(
        await tx.execute(sql`
          WITH batch AS (
            SELECT id, corporate_number, kind, data_date, name, detail FROM watch_events WHERE id > ${after} ORDER BY id LIMIT 20
          )
          SELECT b.*, w.user_id, (SELECT max(id) FROM batch) AS upto
            FROM batch b
            LEFT JOIN watch_entries w ON w.corporate_number = b.corporate_number
             AND EXISTS (SELECT 1 FROM webhook_endpoints p WHERE p.user_id = w.user_id AND p.disabled_at IS NULL)
           ORDER BY b.id`),
      );
      counter.statements += 2;
      if (rows.length === 0) return 0;
      const events = rows
        .filter((r) => r.user_id !== null)
        .map((r, seq) => {
          const type = WATCH_TYPE[r.kind];
          const data = changeEventOf({
            corporateNumber: r.corporate_number,
            kind: r.kind,
            dataDate: r.data_date,
            name: r.name,
            detail: r.detail,
          });
          const payload: WebhookPayload = { type, timestamp: now.toISOString(), data: { ...data } };
          return { id: newEventId(), seq, user_id: r.user_id, type, source_key: `watch:${r.id}`, payload };
        });
      if (events.length > 0) {
        await tx.execute(sql`
          WITH x AS (
            SELECT * FROM jsonb_to_recordset(${JSON.stringify(events)}::jsonb)
              AS x(id text, seq int, user_id uuid, type text, source_key text, payload jsonb)
          ), ev AS (
            INSERT INTO webhook_events (id, user_id, type, source_key, payload)
            SELECT id, user_id, type, source_key, payload FROM x ORDER BY seq
            ON CONFLICT (user_id, source_key) DO NOTHING
            RETURNING id, user_id, type
          )
          INSERT INTO webhook_deliveries (endpoint_id, event_id, next_attempt_at)
          SELECT p.id, ev.id, ${now}
            FROM ev JOIN x ON x.id = ev.id
            JOIN webhook_endpoints p ON p.user_id = ev.user_id AND p.disabled_at IS NULL AND ev.type = ANY(p.event_types)
           ORDER BY x.seq, p.id`);
        counter.statements += 1;
      }
      await tx.execute(sql`
        INSERT INTO webhook_cursors (source, last_id) VALUES ('watch', ${Number(rows[0]!.upto)})
        ON CONFLICT (source) DO UPDATE SET last_id = excluded.last_id, updated_at = now()`);
      counter.statements += 1;
      return events.length;
    });
    if (done === 0) return total;
    total += done;
  }
}

interface DueEndpoint {
  id: string;
  user_id: string;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: Date | string | null;
  failing_since: Date | string | null;
}

interface QueuedDelivery {
  id: string | number;
  event_id: string;
  attempts: number;
  next_attempt_at: Date | string;
  payload: unknown;
}

interface Outcome {
  id: number;
  ok: boolean;
  status: number | null;
  error: string | null;
  attempts: number;
}

export interface WebhookRunStats {
  fannedOut: number;
  endpoints: number;
  delivered: number;
  failed: number;
  disabled: number;
  /** database statements this run issued */
  statements: number;
}

export type WebhookJobOutcome = { ran: false; reason: 'leased' } | ({ ran: true } & WebhookRunStats);

export interface WebhookJobOptions {
  holder?: string;
  /** the clock the schedule is judged by (tests move it); signatures always carry the real time */
  now?: Date;
  /** stop taking new deliveries after this long (the run ends; the next one goes on) */
  budgetMs?: number;
  /** a run that stops here mid-way is a crash: what was sent but not recorded is sent again */
  signal?: AbortSignal;
  concurrency?: number;
}

export async function runWebhookJob(options: WebhookJobOptions = {}): Promise<WebhookJobOutcome> {
  const db = await getDb();
  const holder = options.holder ?? `webhooks:${process.pid}:${Math.random().toString(36).slice(2, 10)}`;
  if (!(await takeJobLease(db, WEBHOOK_JOB, holder, LEASE_MS))) return { ran: false, reason: 'leased' };
  const stats: WebhookRunStats = { fannedOut: 0, endpoints: 0, delivered: 0, failed: 0, disabled: 0, statements: 1 };
  try {
    stats.fannedOut = await fanOutWatchEvents(options.now ?? new Date(), stats);
    const now = options.now ?? new Date();
    const deadline = Date.now() + (options.budgetMs ?? LEASE_MS - 60_000);
    const due = rowsOf<DueEndpoint>(
      await db.execute(sql`
        SELECT e.id, e.user_id, e.url, e.secret, e.previous_secret, e.previous_secret_until, e.failing_since
          FROM webhook_endpoints e
          JOIN LATERAL (
            SELECT d.next_attempt_at FROM webhook_deliveries d
             WHERE d.endpoint_id = e.id AND d.status = 'pending' ORDER BY d.id LIMIT 1
          ) head ON true
         WHERE e.disabled_at IS NULL AND head.next_attempt_at <= ${now}`),
    );
    stats.statements += 1;
    stats.endpoints = due.length;
    let next = 0;
    const worker = async () => {
      while (next < due.length) {
        const endpoint = due[next++]!;
        if (Date.now() > deadline || options.signal?.aborted) return;
        try {
          await serveEndpoint(endpoint, now, deadline, stats, options.signal);
        } catch (error) {
          logger.error({ event: 'webhooks.endpoint_failed', endpointId: endpoint.id, err: error }, 'webhook endpoint run failed');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(options.concurrency ?? CONCURRENCY, due.length) }, worker));
    if (stats.delivered + stats.failed + stats.fannedOut > 0) logger.info({ event: 'webhooks.job', ...stats }, 'webhooks sent');
    return { ran: true, ...stats };
  } finally {
    // A crash (simulated by the signal) keeps the lease until it runs out, as a dead process would.
    if (!options.signal?.aborted) await giveBackJobLease(db, WEBHOOK_JOB, holder);
  }
}

/** One endpoint's due deliveries in order, a batch at a time, until one fails, none is due, or the run's time is up. */
async function serveEndpoint(endpoint: DueEndpoint, now: Date, deadline: number, stats: WebhookRunStats, signal?: AbortSignal) {
  const db = await getDb();
  const signers = [new Webhook(endpoint.secret)];
  if (endpoint.previous_secret && endpoint.previous_secret_until && new Date(endpoint.previous_secret_until) > now) {
    signers.push(new Webhook(endpoint.previous_secret));
  }
  for (;;) {
    const queue = rowsOf<QueuedDelivery>(
      await db.execute(sql`
        SELECT d.id, d.event_id, d.attempts, d.next_attempt_at, ev.payload
          FROM webhook_deliveries d JOIN webhook_events ev ON ev.id = d.event_id
         WHERE d.endpoint_id = ${endpoint.id} AND d.status = 'pending'
         ORDER BY d.id LIMIT ${BATCH}`),
    );
    stats.statements += 1;
    if (queue.length === 0 || new Date(queue[0]!.next_attempt_at) > now) return;
    const checked = await resolveWebhookUrl(endpoint.url, serverConfig().webhooks.allowLocal);
    const outcomes: Outcome[] = [];
    const agent = checked.ok ? pinnedAgent(checked.url, checked.pinned) : null;
    try {
      for (const d of queue) {
        if (Date.now() > deadline || signal?.aborted) break;
        const body = JSON.stringify(d.payload);
        const result =
          checked.ok && agent
            ? await post(checked.url, agent, body, d.event_id, signers)
            : { status: null, error: `blocked: ${checked.ok ? '' : checked.problem}` };
        if (signal?.aborted) break; // a crash between sending and recording
        const ok = result.status !== null && result.status >= 200 && result.status < 300;
        outcomes.push({ id: Number(d.id), ok, status: result.status, error: result.error, attempts: d.attempts + 1 });
        if (!ok) break;
      }
    } finally {
      agent?.destroy();
    }
    if (outcomes.length === 0) return;
    const failure = outcomes.at(-1)!.ok ? null : outcomes.at(-1)!;
    stats.delivered += outcomes.length - (failure ? 1 : 0);
    const failingSince = endpoint.failing_since ? new Date(endpoint.failing_since) : null;
    const disable = failure !== null && failingSince !== null && now.getTime() - failingSince.getTime() >= FAILING_LIMIT_MS;
    await record(outcomes, failure, now, endpoint, disable);
    stats.statements += 1;
    if (failure) {
      stats.failed += 1;
      endpoint.failing_since ??= now;
      if (disable) {
        stats.disabled += 1;
        await mailDisabled(endpoint);
      }
      return;
    }
    endpoint.failing_since = null;
    if (queue.length < BATCH || outcomes.length < queue.length) return;
  }
}

/** The batch's outcomes in one statement: the successes, the failure with its next attempt, the endpoint's failing state. */
async function record(outcomes: Outcome[], failure: Outcome | null, now: Date, endpoint: DueEndpoint, disable: boolean) {
  const db = await getDb();
  const rows = outcomes.map((o) => ({
    id: o.id,
    status: o.ok ? 'succeeded' : disable ? 'failed' : 'pending',
    attempts: o.attempts,
    response_status: o.status,
    last_error: o.error,
    next_attempt_at: new Date(now.getTime() + (o.ok ? 0 : backoffMs(o.attempts))).toISOString(),
  }));
  const failingSince = failure ? (endpoint.failing_since ? new Date(endpoint.failing_since) : now) : null;
  await db.execute(sql`
    WITH x AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS x(id bigint, status text, attempts int, response_status int, last_error text, next_attempt_at timestamptz)
    ), done AS (
      UPDATE webhook_deliveries d
         SET status = x.status, attempts = x.attempts, response_status = x.response_status, last_error = x.last_error,
             next_attempt_at = x.next_attempt_at, last_attempt_at = ${now}
        FROM x WHERE d.id = x.id
    ), gone AS (
      UPDATE webhook_deliveries SET status = 'failed'
       WHERE ${disable} AND endpoint_id = ${endpoint.id} AND status = 'pending' AND id NOT IN (SELECT id FROM x)
    )
    UPDATE webhook_endpoints SET failing_since = ${failingSince}, disabled_at = ${disable ? now : null} WHERE id = ${endpoint.id}`);
}

/** A keep-alive agent for one endpoint's batch that connects only to the address checked. */
function pinnedAgent(url: URL, pinned: PinnedAddress): http.Agent {
  const lookup: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const settings = { keepAlive: true, maxSockets: 1, lookup } as http.AgentOptions;
  return url.protocol === 'https:' ? new https.Agent(settings) : new http.Agent(settings);
}

function post(
  url: URL,
  agent: http.Agent,
  body: string,
  id: string,
  signers: Webhook[],
): Promise<{ status: number | null; error: string | null }> {
  const timeoutMs = serverConfig().webhooks.timeoutMs;
  const sentAt = new Date();
  const signature = signers.map((s) => s.sign(id, sentAt, body)).join(' ');
  return new Promise((resolve) => {
    let settled = false;
    const done = (status: number | null, error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ status, error });
    };
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method: 'POST',
      agent,
      headers: {
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(body),
        'User-Agent': 'hojin-webhooks/1',
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
        'webhook-signature': signature,
      },
    });
    // One deadline for the whole exchange: a receiver trickling its answer is cut off too.
    const timer = setTimeout(() => {
      request.destroy();
      done(null, `timeout after ${timeoutMs} ms`);
    }, timeoutMs);
    request.on('response', (response) => {
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > RESPONSE_CAP_BYTES) {
          response.destroy();
          done(response.statusCode ?? null, null);
        }
      });
      response.on('end', () => done(response.statusCode ?? null, null));
      response.on('error', () => done(response.statusCode ?? null, null));
    });
    request.on('error', (error) => done(null, error.message.slice(0, 200)));
    request.end(body);
  });
}

async function mailDisabled(endpoint: DueEndpoint): Promise<void> {
  const email = await memberEmailOf(endpoint.user_id);
  logger.warn({ event: 'webhooks.endpoint_disabled', endpointId: endpoint.id }, 'webhook endpoint disabled after 3 days of failures');
  if (!email) return;
  void sendMailInBackground(
    email,
    renderMail({
      kind: 'webhook_disabled',
      subject: 'Webhook の送信先を停止しました',
      lead: [
        `送信先 ${endpoint.url} への Webhook の送信が3日間失敗し続けたため、この送信先を停止しました。停止中のイベントは送信されません。`,
        '受信側を直したあと、マイページの「API キー」の配信履歴から「再送する」を押すと、送信先が再開されます。',
      ],
      action: { label: 'Webhook の送信先を見る', url: appUrl('/my-page/api').toString() },
    }),
  );
}

/** Runs the job now and logs instead of throwing (the timer, and after the watch job). */
async function runWebhookJobSafely(): Promise<void> {
  try {
    await runWebhookJob();
  } catch (error) {
    logger.error({ event: 'webhooks.job.failed', err: error }, 'webhook job failed; retried on the next tick');
  }
}

const globalKey = Symbol.for('hojin.webhookJob');
type GlobalWithJob = typeof globalThis & { [globalKey]?: NodeJS.Timeout };

/** Starts the webhook job's timer once per process (instrumentation-node.ts). */
export function startServerWebhookJob(intervalMs: number): { stop: () => Promise<void> } {
  const g = globalThis as GlobalWithJob;
  let running: Promise<void> | null = null;
  if (!g[globalKey]) {
    g[globalKey] = setInterval(() => {
      if (running) return;
      running = runWebhookJobSafely().finally(() => {
        running = null;
      });
    }, intervalMs);
    g[globalKey].unref();
  }
  return {
    // Stopping (the drain, docs/decisions/0125): no new run; a run in progress ends its deliveries (each has its timeout).
    stop: async () => {
      clearInterval(g[globalKey]);
      g[globalKey] = undefined;
      await running;
    },
  };
}
