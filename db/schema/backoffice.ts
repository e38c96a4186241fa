import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Staff of the operator (security.md "Staff"): separate from members, never self-registered
 * (`npm run admin:create`), password + TOTP for every login. The backoffice feature owns these
 * tables (docs/decisions/0012-back-office-staff-auth.md).
 */
export const staffUsers = pgTable('staff_users', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  /** lower-cased, NFKC-normalised */
  email: text('email').notNull().unique(),
  displayName: text('display_name').notNull(),
  /** argon2id PHC string (same parameters as members) */
  passwordHash: text('password_hash').notNull(),
  /** the TOTP secret, AES-256-GCM encrypted with a key derived from SESSION_SECRET; never logged or returned */
  totpSecretEnc: text('totp_secret_enc').notNull(),
  /** null until the staff member confirmed one code from the enrolled authenticator */
  totpConfirmedAt: timestamp('totp_confirmed_at', { withTimezone: true }),
  /** the last accepted 30-second step: a code of this step or an earlier one is never accepted again */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  /** 'staff' (fulfilment) | 'manager' (also refunds, notices, staff) */
  role: text('role', { enum: ['staff', 'manager'] }).notNull(),
  disabled: boolean('disabled').notNull().default(false),
  /** set for a password someone else chose (admin:create); the back office stays closed until it is changed */
  passwordChangeRequired: boolean('password_change_required').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Staff sessions, apart from member sessions: the cookie holds a random token, this table its
 * SHA-256. `mfa_passed` is false for the short-lived half-login between the password and the
 * TOTP step; only a row with it true opens the back office.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    /** hex SHA-256 of the cookie token */
    id: text('id').primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    mfaPassed: boolean('mfa_passed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** absolute expiry; the idle expiry is last_seen_at + the staff idle timeout */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  // serves "end every session of a staff member" (disable, TOTP reset)
  (t) => [index('staff_sessions_staff_id_idx').on(t.staffId)],
);

/**
 * Append-only audit log: one row per staff action and per login attempt (success or failure).
 * `staff_id` is null when a login names no known staff account; the address tried is then in
 * `after`. Rows are never updated or deleted by the application.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: uuid('staff_id').references(() => staffUsers.id, { onDelete: 'restrict' }),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The hash chain (issue 24 §3, docs/decisions/0059): the row's place in the chain and
     * sha256(previous row's hash ‖ this row's canonical content), both set by the database's
     * insert trigger (audit_log_chain) under a lock of `audit_chain_head` — whatever the insert
     * says is overwritten. An edited, deleted or inserted-behind-the-trigger row breaks the chain
     * (`npm run audit:verify`, /admin/audit/verify).
     */
    chainSeq: bigint('chain_seq', { mode: 'number' }).notNull().default(0),
    hash: text('hash').notNull().default(''),
  },
  (t) => [
    // serves the audit page: newest first, keyset on (at, id)
    index('audit_log_at_idx').on(t.at, t.id),
    // serves the page's filter by staff member
    index('audit_log_staff_at_idx').on(t.staffId, t.at),
    // serves the page's filter by action
    index('audit_log_action_at_idx').on(t.action, t.at),
    // serves the chain check (in chain order) and keeps one row per place
    uniqueIndex('audit_log_chain_seq_idx').on(t.chainSeq),
  ],
);

/**
 * The end of the audit log's hash chain: one row (id 1), locked and moved by the insert trigger,
 * so concurrent inserts chain one after the other. Its seq and hash tell the check where the
 * chain must end (a deleted last row shows).
 */
export const auditChainHead = pgTable('audit_chain_head', {
  id: integer('id').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
});
