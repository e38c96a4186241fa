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

/**
 * The API's paid plans billed through PAY.JP's 定期課金 (issue 27 §2, docs/decisions/0113). Written
 * only by src/features/api (server/subscriptions.ts), from what PAY.JP answers when read back.
 *
 * - api_subscriptions: one row per member who ever subscribed. `status` mirrors PAY.JP's
 *   (active, canceled = ends at the period's end, paused = a renewal failed) plus `ended` (gone at
 *   PAY.JP) and `pending` (waiting for the card's 3-D Secure before the subscription is made:
 *   `pending_*` say what to do on the member's return). `grace_until`: after a failed renewal, the
 *   paid quota is kept until then.
 * - api_subscription_periods: one row per charge PAY.JP made for the subscription (the first
 *   month, each renewal, a pro-rata upgrade, a resumption), the period it pays for and its tax;
 *   the receipt of the period is issued from it.
 */
export const apiSubscriptions = pgTable('api_subscriptions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  payjpSubscriptionId: text('payjp_subscription_id').unique(),
  payjpCustomerId: text('payjp_customer_id').notNull(),
  /** the plan (src/features/api/server/plans.ts) PAY.JP bills now */
  planId: text('plan_id').notNull(),
  /** a downgrade waiting for the period's end (PAY.JP's next_cycle_plan) */
  nextPlanId: text('next_plan_id'),
  status: text('status').notNull(),
  currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  graceUntil: timestamp('grace_until', { withTimezone: true }),
  /** a 3-D Secure request in flight (tdsr_…), the card and the plan it is for */
  pendingTdsRequestId: text('pending_tds_request_id'),
  pendingCardId: text('pending_card_id'),
  pendingPlanId: text('pending_plan_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const apiSubscriptionPeriods = pgTable(
  'api_subscription_periods',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    payjpSubscriptionId: text('payjp_subscription_id').notNull(),
    /** one row per PAY.JP charge: webhook, reconciler and request may all see it */
    payjpChargeId: text('payjp_charge_id').notNull().unique(),
    planId: text('plan_id').notNull(),
    planName: text('plan_name').notNull(),
    /** tax-inclusive yen charged, and the 10 % consumption tax in it */
    amountYen: integer('amount_yen').notNull(),
    taxYen: integer('tax_yen').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    /** when PAY.JP made the charge */
    chargedAt: timestamp('charged_at', { withTimezone: true }).notNull(),
    refundedYen: integer('refunded_yen').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // serves the member's periods, newest first (my-page, back office)
  (t) => [index('api_subscription_periods_user_idx').on(t.userId, t.chargedAt)],
);
