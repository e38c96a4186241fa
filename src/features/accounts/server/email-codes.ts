import 'server-only';

import { randomInt } from 'node:crypto';

import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';

import { emailCodes } from '@db/schema';
import { safeEqual, signWithServerSecret } from '@/server/auth/tokens';
import { getDb, type Db } from '@/server/db/client';
import {
  assertNotLimited,
  consumeOrThrow,
  consumeQuietly,
  limitKey,
  rateLimitedError,
  retryAfterSeconds,
  waitText,
} from '@/server/rate-limit';

import { accountErrors } from './errors';
import { limits, passesAccountBrake, subject } from './limits';

/**
 * E-mail codes (security.md "E-mail codes"): 6 digits from a CSPRNG, stored as an HMAC with the
 * server secret (a plain hash of 10^6 possibilities would fall to a database leak), bound to
 * (e-mail, purpose, request), valid 10 minutes, single use, at most 5 wrong tries per code.
 */
export type CodePurpose = 'register' | 'change_email';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
export const RESEND_COOLDOWN_SECONDS = 60;
/** A request can be resent for an hour; after that the visitor starts again. */
export const REQUEST_LIFETIME_MS = 60 * 60_000;

export type EmailCodeRow = typeof emailCodes.$inferSelect;
/** A transaction handle (same query API as the database). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

function codeHash(requestId: string, code: string): string {
  return signWithServerSecret(`email-code:v1:${requestId}:${code}`);
}

/**
 * Creates a request and its first code. Older open requests of the same address and purpose are
 * removed (only the newest code can be valid). `sendsCode: false` makes a decoy: identical row,
 * but no code is ever mailed and none can verify it.
 */
export async function createCodeRequest(input: {
  purpose: CodePurpose;
  email: string;
  userId?: string | null;
  passwordHash?: string | null;
  sendsCode: boolean;
}): Promise<{ row: EmailCodeRow; code: string }> {
  const db = await getDb();
  const now = new Date();
  const id = crypto.randomUUID();
  const code = newCode();
  const row = await db.transaction(async (tx) => {
    await tx.delete(emailCodes).where(
      or(
        and(eq(emailCodes.email, input.email), eq(emailCodes.purpose, input.purpose), isNull(emailCodes.consumedAt)),
        // housekeeping: requests nobody can use any more
        lt(emailCodes.createdAt, new Date(now.getTime() - 24 * 3_600_000)),
      ),
    );
    const [inserted] = await tx
      .insert(emailCodes)
      .values({
        id,
        purpose: input.purpose,
        email: input.email,
        userId: input.userId ?? null,
        codeHash: codeHash(id, code),
        passwordHash: input.passwordHash ?? null,
        sendsCode: input.sendsCode,
        lastSentAt: now,
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
        createdAt: now,
      })
      .returning();
    return inserted;
  });
  if (!row) throw new Error('email code insert returned nothing');
  return { row, code };
}

/** An open request (not consumed, not older than an hour) for this purpose, or null. */
export async function findOpenRequest(requestId: string, purpose: CodePurpose, userId?: string): Promise<EmailCodeRow | null> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.id, requestId), eq(emailCodes.purpose, purpose), isNull(emailCodes.consumedAt)));
  if (!row) return null;
  if (userId !== undefined && row.userId !== userId) return null;
  if (row.createdAt.getTime() + REQUEST_LIFETIME_MS <= Date.now()) return null;
  return row;
}

/** Replaces the code of a request (resend): new code, 10 more minutes, 5 fresh tries. */
export async function refreshCode(row: EmailCodeRow): Promise<string> {
  const db = await getDb();
  const now = new Date();
  const code = newCode();
  await db
    .update(emailCodes)
    .set({
      codeHash: codeHash(row.id, code),
      attempts: 0,
      sendCount: sql`${emailCodes.sendCount} + 1`,
      lastSentAt: now,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    })
    .where(eq(emailCodes.id, row.id));
  return code;
}

/** The key of the resend cool-down (refunded when the mail could not be sent). */
export function codeCooldownKey(purpose: CodePurpose, email: string, ip: string): string {
  return limitKey(purpose, email, subject(ip));
}

/**
 * The send limits of one code mail (security.md; docs/decisions/0011): a 60 s cool-down and 5 an
 * hour per address and client, a per-IP cap of its own (reset mail has another, so one cannot use
 * up the other), and a brake per address across clients that, past 20 an hour, leaves each client
 * only its first send — so nobody can keep an owner from registering or changing to their own
 * address. Throws 429 with the time to wait.
 */
export async function takeCodeSendAllowance(purpose: CodePurpose, email: string, ip: string): Promise<void> {
  const client = subject(ip);
  const [cooldown, perClient, perAccount, perIp, perRecipient] = await Promise.all([
    limits.codeCooldown(),
    limits.codeSendsPerClient(),
    limits.codeSendsPerAccount(),
    limits.codeMailPerIp(),
    limits.codeMailsPerRecipient(),
  ]);
  await consumeOrThrow(
    cooldown,
    codeCooldownKey(purpose, email, ip),
    (s) => `確認コードは${RESEND_COOLDOWN_SECONDS}秒に1回まで送信できます。あと${s}秒お待ちください。`,
  );
  await consumeOrThrow(
    perIp,
    limitKey('code', client),
    (s) => `メールの送信が集中しているため、一時的に受け付けを停止しています。${waitText(s)}たってからもう一度お試しください。`,
  );
  const mine = await consumeOrThrow(
    perClient,
    limitKey('code', email, client),
    () => '確認コードの送信回数が上限（1時間に5回）に達しました。1時間ほどたってからもう一度お試しください。',
  );
  const all = await consumeQuietly(perAccount, limitKey('code', email));
  if (!passesAccountBrake(mine, all, perAccount.points)) {
    throw rateLimitedError(
      mine.msBeforeNext,
      `このメールアドレスへの確認コードの送信が集中しています。${waitText(retryAfterSeconds(mine.msBeforeNext))}たってからもう一度お試しください。`,
    );
  }
  await consumeOrThrow(
    perRecipient,
    limitKey('code', email),
    (s) =>
      `このメールアドレスへの確認コードの送信が上限に達しました。${waitText(s)}たってからもう一度お試しください。お心当たりのない確認コードのメールは破棄してください。`,
  );
}

/**
 * Checks a code. Every try counts (atomically, so parallel guesses cannot exceed 5); the 5th
 * wrong try makes the code useless. On success the request is consumed inside `onSuccess`'s
 * transaction, so the follow-up write (creating the account, changing the address) and the
 * consumption land together or not at all.
 */
export async function verifyCode<T>(
  row: EmailCodeRow,
  code: string,
  ip: string,
  onSuccess: (tx: Tx, row: EmailCodeRow) => Promise<T>,
): Promise<T> {
  const db = await getDb();
  const failures = await limits.codeFailuresPerClient();
  // per client: wrong guesses from elsewhere must not block the owner's own code
  const failureKey = limitKey(row.purpose, row.email, subject(ip));
  await assertNotLimited(
    failures,
    failureKey,
    () => '確認コードの誤りが続いたため、一時的に受け付けを停止しています。1時間ほどたってから、もう一度最初からお試しください。',
  );

  if (row.expiresAt.getTime() <= Date.now()) throw accountErrors.codeExpired();

  const [counted] = await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(and(eq(emailCodes.id, row.id), lt(emailCodes.attempts, CODE_MAX_ATTEMPTS), isNull(emailCodes.consumedAt)))
    .returning({ attempts: emailCodes.attempts, codeHash: emailCodes.codeHash });
  if (!counted) throw accountErrors.codeLocked();

  const matches = safeEqual(codeHash(row.id, code), counted.codeHash) && row.sendsCode;
  if (!matches) {
    await consumeQuietly(failures, failureKey);
    const remaining = CODE_MAX_ATTEMPTS - counted.attempts;
    throw remaining > 0 ? accountErrors.codeWrong(remaining) : accountErrors.codeLocked();
  }

  return db.transaction(async (tx) => {
    const [consumed] = await tx
      .update(emailCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(emailCodes.id, row.id), isNull(emailCodes.consumedAt)))
      .returning();
    if (!consumed) throw accountErrors.requestExpired(); // used by a parallel request a moment ago
    return onSuccess(tx, consumed);
  });
}
