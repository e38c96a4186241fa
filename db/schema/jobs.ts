import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Leases of jobs that must run in one server instance at a time (the registry's daily update):
 * an instance runs the job only after taking the row — inserting it, or taking it over once
 * `leased_until` has passed (its holder died mid-run) — and gives it back when done.
 */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  /** which instance holds it (host:pid:random), for operators */
  holder: text('holder').notNull(),
  leasedUntil: timestamp('leased_until', { withTimezone: true }).notNull(),
});
