import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { users } from './accounts';

/**
 * Watching companies (issue 15, docs/decisions/0028). Written only by src/features/watch.
 *
 * - watch_entries: a member's watch list (≤ 5,000 a member), private to the member; deleted with
 *   the account.
 * - watch_events: what the daily updates changed of a watched company — one row per (法人番号,
 *   kind, 更新年月日), shared by every member watching it, so re-applying a day adds nothing.
 *   Only public registry data (names, addresses, dates, codes).
 * - watch_cursors: how far each change log (registry, invoice) has been matched.
 * - watch_digests: the one digest mail a member gets a day — its events (by id range), and what
 *   happened to it (attempts, sent). Unique per member per day: never two mails a day.
 * - watch_mail_settings: members who unsubscribed from the digest.
 */
export const watchEntries = pgTable(
  'watch_entries',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    corporateNumber: text('corporate_number').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.corporateNumber] }),
    // Serves: matching a day's changes against every watched company (corporate_number = ANY(...)).
    index('watch_entries_by_company').on(t.corporateNumber),
  ],
);

export const watchEvents = pgTable(
  'watch_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    corporateNumber: text('corporate_number').notNull(),
    /** name | address | closed | merged | revived | invoice_registered | invoice_revoked | invoice_expired */
    kind: text('kind').notNull(),
    /** 更新年月日 of the change (YYYY-MM-DD) */
    dataDate: text('data_date').notNull(),
    /** the company's name after the change (for lists and mails) */
    name: text('name').notNull(),
    /** kind-specific public data: before/after, cause, successor, dates */
    detail: jsonb('detail').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('watch_events_once').on(t.corporateNumber, t.kind, t.dataDate),
    // Serves: a member's events of the last 90 days (join on corporate_number, newest first).
    index('watch_events_by_company').on(t.corporateNumber, t.createdAt),
    check(
      'watch_events_kind',
      sql`${t.kind} IN ('name', 'address', 'closed', 'merged', 'revived', 'invoice_registered', 'invoice_revoked', 'invoice_expired')`,
    ),
  ],
);

export const watchCursors = pgTable('watch_cursors', {
  /** registry | invoice */
  source: text('source').primaryKey(),
  epoch: text('epoch').notNull(),
  lastId: bigint('last_id', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const watchDigests = pgTable(
  'watch_digests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the day in Japan the digest is for (YYYY-MM-DD) */
    digestDate: text('digest_date').notNull(),
    /** events with fromEventId < id ≤ throughEventId (of the member's watched companies) */
    fromEventId: bigint('from_event_id', { mode: 'number' }).notNull(),
    throughEventId: bigint('through_event_id', { mode: 'number' }).notNull(),
    eventCount: integer('event_count').notNull(),
    /** pending → sent | failed (after the last attempt) */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('watch_digests_one_a_day').on(t.userId, t.digestDate),
    check('watch_digests_status', sql`${t.status} IN ('pending', 'sent', 'failed')`),
  ],
);

export const watchMailSettings = pgTable('watch_mail_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  /**
   * The version of the member's unsubscribe links (issue 24 §5): raised when the digest is turned
   * back on, so a link from a mail sent before that no longer works.
   */
  unsubscribeVersion: integer('unsubscribe_version').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
