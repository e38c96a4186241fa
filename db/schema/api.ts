import { date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

import { users } from './accounts';

/**
 * The public API's keys and their use (issue 26, docs/decisions/0098). Written only by
 * src/features/api.
 *
 * - api_keys: a member's keys. The key itself is shown once at creation; the table keeps its
 *   SHA-256 (a lookup by hash, like sessions) and a display prefix. Revoking sets revoked_at; the
 *   row stays so the usage history keeps its name. Unregistering revokes every key of the member.
 * - api_usage: requests per key per day (Japan time), added to in batches by each instance
 *   (never a write per request); the month's quota is the sum over the owner's keys.
 * - api_quota_notices: the 80 % and 100 % mails of a month, at most once each.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** hex SHA-256 of the whole key */
    keyHash: text('key_hash').notNull().unique(),
    /** the first characters of the key, for the list ("hj_live_AbCd…") */
    prefix: text('prefix').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** the last day a request used it, as of the last flush of the usage counts */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_user_id_idx').on(t.userId)],
);

export const apiUsage = pgTable(
  'api_usage',
  {
    keyId: uuid('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the day in Japan time */
    day: date('day', { mode: 'string' }).notNull(),
    requests: integer('requests').notNull().default(0),
  },
  // serves the monthly sum per owner (user_id, day range)
  (t) => [primaryKey({ columns: [t.keyId, t.day] }), index('api_usage_user_day_idx').on(t.userId, t.day)],
);

export const apiQuotaNotices = pgTable(
  'api_quota_notices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'YYYY-MM' in Japan time */
    month: text('month').notNull(),
    /** 80 or 100 (per cent of the month's quota) */
    level: integer('level').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month, t.level] })],
);
