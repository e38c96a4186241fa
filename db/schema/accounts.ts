import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Members. The accounts feature owns the rules; the foundation needs the row for sessions. */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  /** Lower-cased, NFKC-normalised address; unique among live accounts. */
  email: text('email').unique(),
  passwordHash: text('password_hash'),
  isDemo: boolean('is_demo').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Server-side sessions (security.md): the cookie carries a 128-bit random token, this table
 * only its SHA-256, so a database leak does not hand out live sessions.
 */
export const sessions = pgTable(
  'sessions',
  {
    /** hex SHA-256 of the cookie token */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** absolute expiry; the idle expiry is last_seen_at + SESSION_IDLE_MINUTES */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  // serves "revoke every session of a user" (logout everywhere, password change, unregister)
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);
