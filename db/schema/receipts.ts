import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { users } from './accounts';
import { orders } from './purchase';

/**
 * The last receipt number given, per series (docs/decisions/0009-receipts.md §2). Not a
 * sequence: `nextval` is outside transactions, so every failed or raced issue burned a number
 * (R-…-000006 to 000033 went missing). Issuing takes the next value with
 * `UPDATE … SET last_value = last_value + 1 RETURNING` in the same transaction as the receipt
 * insert: the row lock serialises issuers, and a rollback gives the number back — no gaps.
 * One row, series 'R' (`R-<year>-<n>`, never reset at a year change), seeded by the custom
 * migration 0005 from the highest number already issued.
 */
export const receiptSerialCounters = pgTable('receipt_serial_counters', {
  series: text('series').primaryKey(),
  lastValue: bigint('last_value', { mode: 'number' }).notNull(),
});

/**
 * Issued receipts (issue 8, domain.md §5): one per paid order, created on the first download.
 * `snapshot` is everything printed (ReceiptSnapshot: amounts, addressee, issuer) frozen at first
 * issue: the original (原本), which later downloads print again unchanged until the member asks
 * for a re-issue (receipt_reissues, docs/decisions/0024). Kept 7 years: the order and user references
 * never cascade (users are tombstoned, not deleted, on unregister), and a trigger in migration
 * 0003 refuses any change to the printed data.
 */
export const receipts = pgTable(
  'receipts',
  {
    /** one receipt per order: the order id (the spec's paymentId) */
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    serialNumber: text('serial_number').notNull().unique(),
    /** ReceiptSnapshot (src/features/receipts/schemas.ts), never updated */
    snapshot: jsonb('snapshot').notNull(),
    firstIssuedAt: timestamp('first_issued_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The number of the latest re-issue (receipt_reissues.number), 0 while the original is current.
     * Before issue 13 it counted downloads after the first (each printed 再発行, nothing stored):
     * re-issues recorded since continue after that count (docs/decisions/0024).
     */
    reissueCount: integer('reissue_count').notNull().default(0),
    lastIssuedAt: timestamp('last_issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // serves the payment-history page's "which of my orders have a receipt" lookups by user
  (t) => [index('receipts_user_idx').on(t.userId)],
);

/**
 * Re-issues of a receipt (再発行, issue 13 §2, docs/decisions/0024): made only when the member asks
 * for one or corrects the addressee after the original was issued — never by a download. Each
 * row is what that re-issue prints (the original's snapshot, the same serial and amounts, with the
 * addressee in force at the re-issue), frozen like the original; the latest row is the receipt a
 * download prints, marked 再発行 with its date. Append-only: a trigger in the migration refuses
 * UPDATE and DELETE. Kept with the receipt (7 years; the reference never cascades).
 */
export const receiptReissues = pgTable(
  'receipt_reissues',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => receipts.orderId, { onDelete: 'restrict' }),
    /** 1, 2, … per receipt (after a legacy reissue_count, see receipts.reissue_count) */
    number: integer('number').notNull(),
    /** requested: the member asked; addressee_corrected: the member corrected the 宛名 after issue */
    reason: text('reason').notNull(),
    /** ReceiptSnapshot printed by this re-issue, never updated */
    snapshot: jsonb('snapshot').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // also serves "the latest re-issue of this receipt" (order_id = ? order by number desc limit 1)
    primaryKey({ columns: [t.orderId, t.number] }),
    check('receipt_reissues_reason_check', sql`${t.reason} in ('requested', 'addressee_corrected')`),
    check('receipt_reissues_number_check', sql`${t.number} >= 1`),
  ],
);
