import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { staffUsers } from './backoffice';
import { orders } from './purchase';

/**
 * Refunds of paid orders through PAY.JP (issue 12, docs/decisions/0018-refunds.md). One row per
 * refund a manager asked for, written with its idempotency key BEFORE PAY.JP is called, so that a
 * refund whose answer never came (`unknown`) is settled by the reconciler — by re-reading the
 * charge's `amount_refunded` or repeating the call with the same key — and never made twice.
 *
 * status: requested → succeeded | failed | unknown (unknown → succeeded | failed by reconciliation).
 * Kept 7 years with the order (domain.md §5): no cascades.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** the order's PAY.JP charge at the time of the request */
    chargeId: text('charge_id').notNull(),
    /** whole yen, > 0; taxable_yen + non_taxable_yen (refund-split.ts) */
    amountYen: integer('amount_yen').notNull(),
    /** 10 % part, tax included */
    taxableYen: integer('taxable_yen').notNull(),
    /** consumption tax contained in taxable_yen */
    taxYen: integer('tax_yen').notNull(),
    /** 法務局手数料 part (non-taxable) */
    nonTaxableYen: integer('non_taxable_yen').notNull(),
    /** the manager's reason; also sent to PAY.JP as refund_reason */
    reason: text('reason').notNull(),
    /** the manager who asked; null for a refund made outside hojin (origin 'payjp') */
    requestedBy: uuid('requested_by').references(() => staffUsers.id, { onDelete: 'restrict' }),
    /**
     * 'backoffice': a manager's refund sent by hojin; 'payjp': made outside hojin (PAY.JP's
     * dashboard), learnt from the charge.refunded webhook — already succeeded when recorded.
     */
    origin: text('origin', { enum: ['backoffice', 'payjp'] })
      .notNull()
      .default('backoffice'),
    /** sent as PAY.JP's Idempotency-Key on every attempt of this refund */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    status: text('status', { enum: ['requested', 'succeeded', 'failed', 'unknown'] })
      .notNull()
      .default('requested'),
    /** PAY.JP error code (or our own outcome code) of a failed or unknown attempt */
    failureCode: text('failure_code'),
    /** the charge's amount_refunded as PAY.JP reported it when this refund was settled */
    payjpAmountRefunded: integer('payjp_amount_refunded'),
    /** RefundStatementSnapshot (src/features/receipts/refund-statement.ts), frozen at the request */
    statement: jsonb('statement').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The 返金明細書's own number, `RF-<year>-<6 digits>` (issue 24 §3, docs/decisions/0060): given by
     * the database's trigger (refunds_statement_number) the moment the refund becomes succeeded,
     * from the receipts' serial counters (series 'RF'), so it is sequential without gaps like the
     * receipts' R- numbers; null while the refund is not made.
     */
    statementNumber: text('statement_number').unique(),
    /** when it became succeeded or failed; the refund date printed on the statement */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** payments' recordSucceededRefund (order status, mail) ran; the reconciler retries it until set */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    /** the refund reconciler's lease, as orders.reconcile_lease_until (decision 0013) */
    reconcileLeaseUntil: timestamp('reconcile_lease_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // serves listRefunds / refundTotals of one order
    index('refunds_order_idx').on(t.orderId, t.requestedAt),
    // at most one refund in flight per order: its outcome decides what the next one may take, and
    // reconciliation can tell "done" from "not done" by the charge's amount_refunded alone
    uniqueIndex('refunds_one_in_flight_idx')
      .on(t.orderId)
      .where(sql`status in ('requested', 'unknown')`),
    // serves the reconciler's sweep of refunds in doubt
    index('refunds_unsettled_idx')
      .on(t.requestedAt)
      .where(sql`status in ('requested', 'unknown')`),
    check('refunds_amount_positive', sql`${t.amountYen} > 0`),
    check('refunds_amount_split', sql`${t.amountYen} = ${t.taxableYen} + ${t.nonTaxableYen}`),
    check('refunds_parts_not_negative', sql`${t.taxableYen} >= 0 and ${t.taxYen} >= 0 and ${t.nonTaxableYen} >= 0`),
  ],
);
