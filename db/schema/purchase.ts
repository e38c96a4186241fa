import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { users } from './accounts';

/**
 * The certificates on sale (issue 7 §1, domain.md §2). Names and prices are operator data: seeded
 * by migration 0002 with the FEE_* defaults, changed in the database afterwards. Orders keep their
 * own price snapshot, so changing a row never changes an order already placed.
 */
export const catalogueItems = pgTable('catalogue_items', {
  /** stable id kept in orders and the client's `userInput` (e.g. 'history-full'); never renamed */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** 法務局手数料 (non-taxable), whole yen */
  ministryFeeYen: integer('ministry_fee_yen').notNull(),
  /** 当社手数料 (tax-inclusive, 10%), whole yen */
  serviceFeeYen: integer('service_fee_yen').notNull(),
  /** 当社手数料 on the member's first paid order (tax-inclusive) */
  firstPurchaseServiceFeeYen: integer('first_purchase_service_fee_yen').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  /** false hides the item from /purchase/select without touching past orders */
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One certificate order and its one payment (security.md "Payments",
 * docs/decisions/0008-payment-state-machine.md). `id` is the spec's `paymentId` and the receipt id
 * (`/api/download/receipt/{id}.pdf`). Orders are never deleted (kept 7 years, domain.md §5), so the
 * user reference does not cascade — except drafts never sent to PAY.JP (`pending`), which the
 * reconciler deletes after a day (0023, amendment).
 *
 * status: pending → charging → awaiting_3ds → paid | failed | expired | unknown
 * (unknown → awaiting_3ds | paid | failed by reconciliation; awaiting_3ds | failed → charging when
 * the member pays again, → cancelled when they withdraw it, → expired past the deadline: 0023).
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /**
     * The number members quote, `HJ-2611-4K7QX` (issue 13 §2, docs/decisions/0025): drawn by the
     * orders feature (src/features/orders/order-number.ts) when the order is created, again on a clash.
     */
    orderNumber: text('order_number').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** chosen by the confirmation page once per attempt; a repeated create answers the same order */
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status').notNull().default('pending'),
    corporateNumber: text('corporate_number').notNull(),
    companyName: text('company_name').notNull(),
    companyKind: text('company_kind').notNull(),
    /** the registry's address of the company when the order was placed (issue 12 §2); '' before issue 12 */
    companyAddress: text('company_address').notNull().default(''),
    /** 'normal' | 'express' */
    deliverySpeed: text('delivery_speed').notNull(),
    /** YYYY-MM-DD (Asia/Tokyo), the window promised on the confirmation screen */
    scheduledStartDate: text('scheduled_start_date').notNull(),
    scheduledEndDate: text('scheduled_end_date').notNull(),
    /** [{itemId, quantity}] as selected */
    items: jsonb('items').notNull(),
    /** the PriceBreakdown computed on the server at creation (lines, per-rate totals) */
    price: jsonb('price').notNull(),
    /** what is charged; always from here, never from the client */
    amountYen: integer('amount_yen').notNull(),
    taxYen: integer('tax_yen').notNull(),
    nonTaxableYen: integer('non_taxable_yen').notNull(),
    isFirstPurchase: boolean('is_first_purchase').notNull(),
    recipient: text('recipient').notNull(),
    destinationZipCode: text('destination_zip_code').notNull(),
    destinationPrefecture: text('destination_prefecture').notNull(),
    destinationCity: text('destination_city').notNull(),
    destinationStreet: text('destination_street').notNull(),
    destinationApartmentEtc: text('destination_apartment_etc').notNull().default(''),
    /** 領収書の宛名 (user-editable default for the receipt) */
    receiptRecipient: text('receipt_recipient').notNull(),
    /** 'new_card' | 'registered_card' — set when the charge is made */
    paymentMethod: text('payment_method'),
    payjpChargeId: text('payjp_charge_id').unique(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** PAY.JP error code (or our own outcome code) of a failed payment */
    failureCode: text('failure_code'),
    /** set when the charge request is sent: reconciliation lists charges from here */
    chargingStartedAt: timestamp('charging_started_at', { withTimezone: true }),
    /**
     * The payment attempt (docs/decisions/0023): 1 for the first charge, +1 each time the member
     * pays the order again. Sent as the charge's `metadata[attempt]`, so a charge of an abandoned
     * attempt is never taken for the current one.
     */
    paymentAttempt: integer('payment_attempt').notNull().default(1),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** the order confirmation mail went out */
    mailSentAt: timestamp('mail_sent_at', { withTimezone: true }),
    /**
     * The payment reconciler's lease (docs/decisions/0013): an instance that claimed this order
     * works on it until then; others skip it. Also spaces out retries of an order PAY.JP could not
     * settle yet. Null: never claimed.
     */
    reconcileLeaseUntil: timestamp('reconcile_lease_until', { withTimezone: true }),
    /**
     * Fulfilment (docs/decisions/0015, src/features/orders/fulfilment.ts): null until the payment
     * is recorded, then accepted → requested → shipped → completed, or cancelled / refunded.
     */
    fulfilmentStatus: text('fulfilment_status'),
    /** 法務局の申請番号 (登記・供託オンライン申請システム), set with `requested` */
    applicationNumber: text('application_number'),
    /** set with `shipped` */
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** the sum of refunds PAY.JP confirmed; never more than amount_yen (check constraint) */
    refundedYen: integer('refunded_yen').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // one order per attempt: a double-clicked or replayed create finds the first one
    uniqueIndex('orders_user_idempotency_idx').on(t.userId, t.idempotencyKey),
    // one order per number; serves the back office's search by the number a member quotes
    uniqueIndex('orders_order_number_idx').on(t.orderNumber),
    // serves "latest order", the payment history page (keyset on created_at, id) and isFirstPayPrice
    index('orders_user_created_idx').on(t.userId, t.createdAt, t.id),
    // serves reconciliation sweeps over the orders whose outcome is not settled, and the expiry
    // of failed orders whose payment deadline passed (0023)
    index('orders_unsettled_idx')
      .on(t.status, t.chargingStartedAt)
      .where(sql`status in ('charging', 'awaiting_3ds', 'unknown', 'failed')`),
    // serves the reconciler's deletion of drafts never sent to PAY.JP (0023 amendment)
    index('orders_draft_created_idx')
      .on(t.createdAt)
      .where(sql`status = 'pending'`),
    // serves the reconciler's catch-up of confirmation mails a crash left unsent
    index('orders_mail_unsent_idx')
      .on(t.paidAt)
      .where(sql`status = 'paid' and mail_sent_at is null`),
    // serves the back office's order queue: paid orders by fulfilment state, oldest first
    index('orders_fulfilment_queue_idx')
      .on(t.fulfilmentStatus, t.paidAt, t.id)
      .where(sql`fulfilment_status is not null`),
    check('orders_refunded_within_amount', sql`refunded_yen >= 0 and refunded_yen <= amount_yen`),
  ],
);

/**
 * The timeline of an order (issue 12 §1): one row per change of its payment or fulfilment state,
 * per refund and per staff note, written in the same transaction as the change by the orders
 * feature (src/features/orders/server). Never updated or deleted; kept with the order.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    /** increasing: orders the timeline when two changes share a timestamp (one transaction) */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** 'payment' | 'fulfilment' | 'refund' | 'note' */
    kind: text('kind').notNull(),
    /** 'member' | 'system' | 'staff' */
    actorType: text('actor_type').notNull(),
    /** the member's user id, the staff account's id; null for the system */
    actorId: text('actor_id'),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    note: text('note'),
    /** what else the change set (application number, tracking number, refunded amount …) */
    data: jsonb('data'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  // serves the order detail's timeline
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

/**
 * The PAY.JP customer of a member. Cards live only at PAY.JP (カード情報非保持化); this row only
 * says which customer is the member's, so listing cards needs no search at PAY.JP.
 */
export const payjpCustomers = pgTable('payjp_customers', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  customerId: text('customer_id').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * PAY.JP webhook events seen, for deduplication by event id (domain.md §3). `processed_at` is set
 * after the event was acted on, so an event whose handling failed is handled again on redelivery.
 */
export const payjpWebhookEvents = pgTable('payjp_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  resourceId: text('resource_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp('processed_at', { withTimezone: true }),
});

/**
 * A member's saved delivery addresses (issue 24 §4, docs/decisions/0063): the destination of each
 * order the member confirmed (the order's destination as the order API accepted it, the 郵便番号 as
 * 7 digits), at most SAVED_ADDRESS_LIMIT per member — the least recently used goes when an 11th
 * arrives — offered on the recipient step and edited or deleted in マイページ. The same destination
 * again only refreshes `last_used_at` (the unique index, over every field). Never for the shared
 * demo account. Deleted with the member.
 */
export const savedAddresses = pgTable(
  'saved_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipient: text('recipient').notNull(),
    zipCode: text('zip_code').notNull(),
    prefecture: text('prefecture').notNull(),
    city: text('city').notNull(),
    street: text('street').notNull(),
    apartmentEtc: text('apartment_etc').notNull().default(''),
    receiptRecipient: text('receipt_recipient').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_addresses_same_uq').on(
      t.userId,
      t.recipient,
      t.zipCode,
      t.prefecture,
      t.city,
      t.street,
      t.apartmentEtc,
      t.receiptRecipient,
    ),
    index('saved_addresses_user_used_idx').on(t.userId, t.lastUsedAt),
    check('saved_addresses_zip_ck', sql`${t.zipCode} ~ '^[0-9]{7}$'`),
  ],
);
