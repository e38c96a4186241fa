import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Files kept in the storage adapter (local folder or S3); the bytes live there, not here. */
export const storedFiles = pgTable('stored_files', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  /** key inside the storage backend */
  storageKey: text('storage_key').notNull().unique(),
  /** the Japanese file name offered on download */
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Maintenance notices shown as a banner while their period is current. */
export const notices = pgTable(
  'notices',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** when the banner starts to show */
    publishFrom: timestamp('publish_from', { withTimezone: true }).notNull(),
    /** when it stops showing (null: until withdrawn) */
    publishUntil: timestamp('publish_until', { withTimezone: true }),
    /** the maintenance window itself, shown in the text */
    maintenanceStart: timestamp('maintenance_start', { withTimezone: true }),
    maintenanceEnd: timestamp('maintenance_end', { withTimezone: true }),
    fileId: uuid('file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // serves getCurrentNotice(): WHERE publish_from <= now ORDER BY publish_from DESC
  (t) => [index('notices_publish_from_idx').on(t.publishFrom)],
);

/**
 * Rate-limiter state: the table of rate-limiter-flexible's RateLimiterDrizzle store (its documented
 * shape: key, points, expire as a timestamp), one row per limiter key; keys are hashes, never an
 * address in clear (docs/decisions/0011-client-ip-and-rate-limits.md). Shared by every app process
 * on the same database. The library does not create it: this migration does.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull(),
  expire: timestamp('expire', { withTimezone: true }),
});
