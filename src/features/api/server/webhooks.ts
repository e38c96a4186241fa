import 'server-only';

import crypto from 'node:crypto';

import { and, desc, eq, sql } from 'drizzle-orm';

import { webhookDeliveries, webhookEndpoints, webhookEvents } from '@db/schema';
import { serverConfig } from '@/config/server';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/http/app-error';

import { WEBHOOK_ENDPOINTS_PER_MEMBER, WEBHOOK_LOG_SIZE, WEBHOOK_MESSAGES, type WebhookEventType } from '../rules';
import type { CreatedWebhookEndpoint, WebhookDeliveryList, WebhookEndpoint, WebhookEndpointList } from '../schemas';
import { resolveWebhookUrl } from './webhook-address';

/**
 * A key owner's webhook endpoints, events and delivery log (issue 27 §5, docs/decisions/0115).
 * The key page (/my-page/api) and /v1/webhook-endpoints call these. Sending is deliver.ts's.
 */

/** How long the previous secret still signs after a rotation (the receiver switches in between). */
export const PREVIOUS_SECRET_MS = 24 * 3_600_000;

const newSecret = () => `whsec_${crypto.randomBytes(32).toString('base64')}`;
export const newEventId = () => `msg_${crypto.randomBytes(16).toString('base64url')}`;

export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

function endpointOf(row: typeof webhookEndpoints.$inferSelect): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes,
    createdAt: row.createdAt.toISOString(),
    failingSince: row.failingSince?.toISOString() ?? null,
    disabledAt: row.disabledAt?.toISOString() ?? null,
  };
}

const notFound = () => new AppError('not_found', { message: WEBHOOK_MESSAGES.not_found });

/** Checks the URL as the sender will (scheme, every resolved address): refused with the field's message. */
async function checkUrl(url: string): Promise<void> {
  const checked = await resolveWebhookUrl(url, serverConfig().webhooks.allowLocal);
  if (!checked.ok) {
    const message = WEBHOOK_MESSAGES[checked.problem];
    throw new AppError('validation_failed', { status: 422, message, fields: { url: message } });
  }
}

export async function createWebhookEndpoint(
  userId: string,
  input: { url: string; eventTypes: WebhookEventType[]; description?: string | undefined },
): Promise<CreatedWebhookEndpoint> {
  await checkUrl(input.url);
  const db = await getDb();
  const secret = newSecret();
  const row = await db.transaction(async (tx) => {
    // A lock on the member's endpoints: two registrations at once cannot both pass the limit.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`webhook_endpoints:${userId}`}, 0))`);
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.userId, userId));
    if ((count?.n ?? 0) >= WEBHOOK_ENDPOINTS_PER_MEMBER)
      throw new AppError('conflict', { status: 409, message: WEBHOOK_MESSAGES.too_many });
    const [inserted] = await tx
      .insert(webhookEndpoints)
      .values({ userId, url: input.url, description: input.description ?? '', eventTypes: input.eventTypes, secret })
      .returning();
    return inserted!;
  });
  return { ...endpointOf(row), secret };
}

export async function listWebhookEndpoints(userId: string): Promise<WebhookEndpointList> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId))
    .orderBy(desc(webhookEndpoints.createdAt));
  return { endpoints: rows.map(endpointOf) };
}

export async function deleteWebhookEndpoint(userId: string, id: string): Promise<void> {
  const db = await getDb();
  const done = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning({ id: webhookEndpoints.id });
  if (done.length === 0) throw notFound();
}

/** A new secret, shown once; the old one signs too for PREVIOUS_SECRET_MS. */
export async function rotateWebhookSecret(userId: string, id: string, now = new Date()): Promise<CreatedWebhookEndpoint> {
  const db = await getDb();
  const secret = newSecret();
  const [row] = await db
    .update(webhookEndpoints)
    .set({ secret, previousSecret: sql`${webhookEndpoints.secret}`, previousSecretUntil: new Date(now.getTime() + PREVIOUS_SECRET_MS) })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning();
  if (!row) throw notFound();
  return { ...endpointOf(row), secret };
}

/** The endpoint's last WEBHOOK_LOG_SIZE deliveries, newest first. */
export async function listWebhookDeliveries(userId: string, endpointId: string): Promise<WebhookDeliveryList> {
  const db = await getDb();
  await ownEndpoint(userId, endpointId);
  const rows = await db
    .select({
      id: webhookDeliveries.id,
      eventId: webhookDeliveries.eventId,
      type: webhookEvents.type,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      responseStatus: webhookDeliveries.responseStatus,
      lastError: webhookDeliveries.lastError,
      createdAt: webhookDeliveries.createdAt,
      lastAttemptAt: webhookDeliveries.lastAttemptAt,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(WEBHOOK_LOG_SIZE);
  return {
    deliveries: rows.map((r) => ({
      ...r,
      status: r.status as 'pending' | 'succeeded' | 'failed',
      createdAt: r.createdAt.toISOString(),
      lastAttemptAt: r.lastAttemptAt?.toISOString() ?? null,
      nextAttemptAt: r.status === 'pending' ? r.nextAttemptAt.toISOString() : null,
    })),
  };
}

async function ownEndpoint(userId: string, endpointId: string) {
  const db = await getDb();
  const [endpoint] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.userId, userId)));
  if (!endpoint) throw notFound();
  return endpoint;
}

/**
 * Sends a delivery's event again: a new delivery at the end of the endpoint's queue (same
 * webhook-id, so a receiver that has it already can tell). Replaying on a disabled endpoint turns
 * it on again — the owner says the receiver works now.
 */
export async function replayWebhookDelivery(userId: string, endpointId: string, deliveryId: number): Promise<{ id: number }> {
  const endpoint = await ownEndpoint(userId, endpointId);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [old] = await tx
      .select({ eventId: webhookDeliveries.eventId })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)));
    if (!old) throw new AppError('not_found', { message: WEBHOOK_MESSAGES.delivery_not_found });
    if (endpoint.disabledAt)
      await tx.update(webhookEndpoints).set({ disabledAt: null, failingSince: null }).where(eq(webhookEndpoints.id, endpointId));
    const [created] = await tx
      .insert(webhookDeliveries)
      .values({ endpointId, eventId: old.eventId })
      .returning({ id: webhookDeliveries.id });
    return created!;
  });
}

/** The body sent for an event (Standard Webhooks: type, timestamp, data). */
export interface WebhookPayload {
  type: WebhookEventType;
  timestamp: string;
  data: Record<string, unknown>;
}

/**
 * Records an event of a member and queues it for each of their enabled endpoints that asked for
 * its type — one statement, nothing when no endpoint wants it. `sourceKey` makes it once (the
 * same quota notice or billing event twice is one event). For the plans and billing
 * (`billing.*`) as for the quota notices; never blocks on a receiver: the job sends.
 */
export async function emitWebhookEvent(
  userId: string,
  type: WebhookEventType,
  data: Record<string, unknown>,
  sourceKey: string,
  now = new Date(),
): Promise<{ eventId: string | null; deliveries: number }> {
  const db = await getDb();
  const id = newEventId();
  const payload: WebhookPayload = { type, timestamp: now.toISOString(), data };
  const rows = rowsOf<{ event_id: string }>(
    await db.execute(sql`
      WITH wanted AS (
        SELECT id FROM webhook_endpoints
         WHERE user_id = ${userId} AND disabled_at IS NULL AND ${type} = ANY(event_types)
      ), ev AS (
        INSERT INTO webhook_events (id, user_id, type, source_key, payload)
        SELECT ${id}, ${userId}, ${type}, ${sourceKey}, ${JSON.stringify(payload)}::jsonb
         WHERE EXISTS (SELECT 1 FROM wanted)
        ON CONFLICT (user_id, source_key) DO NOTHING
        RETURNING id
      )
      INSERT INTO webhook_deliveries (endpoint_id, event_id, next_attempt_at)
      SELECT wanted.id, ev.id, ${now} FROM wanted CROSS JOIN ev ORDER BY wanted.id
      RETURNING event_id`),
  );
  return { eventId: rows[0]?.event_id ?? null, deliveries: rows.length };
}
