import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Members. The accounts feature owns the rules (docs/decisions/0006-accounts.md); the foundation
 * needs the row for sessions.
 *
 * Unregistering never deletes the row: orders and receipts must be kept 7 years (domain.md §5)
 * and keep pointing at it. The credentials, e-mail, Google link and sessions go; `deleted_at`
 * marks the tombstone.
 */
export const users = pgTable('users', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  /** Lower-cased, NFKC-normalised address; unique among live accounts (null once unregistered). */
  email: text('email').unique(),
  /** argon2id PHC string; null for accounts that only sign in with Google, and after unregistering. */
  passwordHash: text('password_hash'),
  isDemo: boolean('is_demo').notNull().default(false),
  /**
   * When the address was proven: by the e-mail code at registration or change, by the reset link,
   * or by Google's `email_verified`. Linking a Google account by e-mail needs it (domain.md §4).
   */
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  /** Set when the member unregistered; the row stays as a tombstone for orders and receipts. */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
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
    /** = the moment of authentication: every login makes a new session (re-authentication checks read it) */
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

/**
 * Sessions ended by a change of the password (reset by e-mail, or changed on another device), kept
 * only until they would have ended anyway: a browser still holding one is told why it was logged
 * out (「パスワードが変更されたため…」) rather than that its login expired (docs/decisions/0049).
 * Only the token's hash and the reason: no user, nothing else about the member.
 */
export const endedSessions = pgTable(
  'ended_sessions',
  {
    /** hex SHA-256 of the cookie token (= sessions.id of the ended session) */
    id: text('id').primaryKey(),
    /** password_changed */
    reason: text('reason').notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
    /** when the session would have ended by itself (idle or absolute expiry): the row goes then */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // serves the clean-up of rows past their expiry
    index('ended_sessions_expires_at_idx').on(t.expiresAt),
    check('ended_sessions_reason', sql`${t.reason} IN ('password_changed')`),
  ],
);

/**
 * Google (OpenID Connect) sign-in links: a member is found by issuer + `sub`, never by e-mail
 * alone (domain.md §4). At most one link per issuer and account.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    /** the provider's address when the link was made (information only; never used to find the member) */
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // serves the sign-in lookup WHERE issuer = ? AND subject = ?
    uniqueIndex('user_identities_issuer_subject_idx').on(t.issuer, t.subject),
    // one Google account per member; also serves "is this member a Google user"
    uniqueIndex('user_identities_user_issuer_idx').on(t.userId, t.issuer),
  ],
);

/**
 * E-mail codes (security.md): 6 digits, stored as an HMAC, bound to (e-mail, purpose, request),
 * 10 minutes, single use, 5 wrong tries. One row per request; a resend replaces the code of the
 * same request. For an address that may not receive a code (it already has an account), the row
 * is a decoy with `sends_code = false`: the visitor sees the same screens, the address gets a
 * notice, and no code can ever verify it.
 */
export const emailCodes = pgTable(
  'email_codes',
  {
    /** the request id the browser keeps between the form and the code screen */
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** 'register' | 'change_email' */
    purpose: text('purpose').notNull(),
    email: text('email').notNull(),
    /** change_email: the member asking; register: null (the account does not exist yet) */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    /** register: the chosen password, hashed when it was entered; the account is created only after the code verifies */
    passwordHash: text('password_hash'),
    sendsCode: boolean('sends_code').notNull(),
    attempts: integer('attempts').notNull().default(0),
    sendCount: integer('send_count').notNull().default(1),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // serves "invalidate the older requests of this address and purpose" and the clean-up
  (t) => [index('email_codes_email_purpose_idx').on(t.email, t.purpose)],
);

/**
 * Password reset links (security.md): ≥128-bit token, only its SHA-256 here, single use, 1 hour,
 * a new link invalidates the older ones.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** hex SHA-256 of the token in the link */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // serves "invalidate the older links of this member"
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
);
