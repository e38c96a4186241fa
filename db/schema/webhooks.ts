import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { users } from './accounts';

/**
 * Webhooks (issue 27 §5–6, docs/decisions/0115). Written only by src/features/api.
 *
 * - webhook_endpoints: a key owner's HTTPS endpoints and the event types each wants. The signing
 *   secret (`whsec_…`) is kept as it is — the sender needs it to sign — and shown to the owner
 *   once; after a rotation the previous secret also signs for a day. An endpoint that has failed
 *   for 3 days is disabled (disabled_at) and its owner mailed.
 * - webhook_events: what happened to the owner (a watched company's change, a quota notice, a
 *   billing event), once per (owner, source key): public registry data and the owner's own
 *   identifiers only. Its id (`msg_…`) is the `webhook-id` the receiver deduplicates with.
 * - webhook_deliveries: one event to one endpoint — pending until a 2xx, attempts, the last
 *   response code and error, the next attempt's time. Per endpoint they go out in id order.
 * - webhook_cursors: how far the watch events have been fanned out to webhooks.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    eventTypes: text('event_types').array().notNull(),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretUntil: timestamp('previous_secret_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** since when the endpoint's oldest pending delivery has failed (null: not failing) */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [index('webhook_endpoints_user_idx').on(t.userId)],
);

export const webhookEvents = pgTable(
  'webhook_events',
  {
    /** `msg_` + random: the webhook-id header */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** what makes the event once (e.g. watch:<watch event id>, quota:2026-03:80) */
    sourceKey: text('source_key').notNull(),
    /** the body sent: { type, timestamp, data } */
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('webhook_events_once').on(t.userId, t.sourceKey)],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: text('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    /** pending | succeeded | failed (given up: the endpoint was disabled) */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    /** the last answer's HTTP status (null: no answer — refused, timed out, blocked address) */
    responseStatus: integer('response_status'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Serves: an endpoint's queue in order (the job), and its recent deliveries (the log).
    index('webhook_deliveries_queue')
      .on(t.endpointId, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_by_endpoint').on(t.endpointId, t.createdAt),
    check('webhook_deliveries_status', sql`${t.status} IN ('pending', 'succeeded', 'failed')`),
  ],
);

export const webhookCursors = pgTable('webhook_cursors', {
  /** watch (the watch_events id fanned out last) */
  source: text('source').primaryKey(),
  lastId: bigint('last_id', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
