import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
 * issue; later downloads re-print it marked 再発行. Kept 7 years: the order and user references
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
    /** downloads after the first, each printed 再発行 */
    reissueCount: integer('reissue_count').notNull().default(0),
    lastIssuedAt: timestamp('last_issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // serves the payment-history page's "which of my orders have a receipt" lookups by user
  (t) => [index('receipts_user_idx').on(t.userId)],
);
