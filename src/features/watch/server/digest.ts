import 'server-only';

import { and, eq, sql } from 'drizzle-orm';

import { watchDigests, watchMailSettings } from '@db/schema';
import { referencePath } from '@/lib/company-path';
import { todayInJapan } from '@/features/registry';
import { formatIsoDateJa } from '@/lib/format';
import { safeEqual, signWithServerSecret } from '@/server/auth/tokens';
import { memberEmailOf, memberStandingOf } from '@/features/accounts/index.server';
import { getDb } from '@/server/db/client';
import { logger } from '@/server/logger';
import { renderMail, sendMail, type RenderedMail } from '@/server/mail';

import { WATCH_EVENT_LABELS } from '../constants';
import type { WatchEvent } from '../schemas';
import { setDigest, toWatchEvent, type StoredEvent } from './entries';
import { rowsOf } from './matcher';
import { appUrl } from '@/config/server';

/**
 * The daily digest (issue 15 §2): at most one mail a member a day (a watch_digests row, unique per
 * member and day, written before the mail goes), listing the events of the member's companies
 * since their previous digest — events found after the member started watching, of the last
 * week at most. The row fixes which events the mail holds (an id range), so a retry sends the
 * same mail; a mail the SMTP server refuses is retried on the next runs, up to MAX_ATTEMPTS,
 * and the row records what happened. Only public registry data goes into the mail.
 */

export const DIGEST_MAX_ATTEMPTS = 5;
/** Events older than this are not mailed (a member who resubscribes is not flooded). */
const DIGEST_LOOKBACK_DAYS = 7;
/** Most events one mail lists; the rest are on the watch page. */
const DIGEST_EVENTS_MAX = 200;

/**
 * Unsubscribe links (issue 24 §5): `<version>_<expiry>_<HMAC>` — the member's link version
 * (watch_mail_settings.unsubscribe_version, raised when the digest is turned back on) and an
 * expiry UNSUBSCRIBE_LINK_DAYS after the mail, both under the HMAC. A link from a mail sent before
 * the member re-subscribed, or older than that, stops nothing; the page then says to use the
 * newest mail or my page. Before, the one token per member never expired and worked again after
 * every re-subscription.
 */
const UNSUBSCRIBE_PURPOSE = 'watch-digest-unsubscribe:v2:';
export const UNSUBSCRIBE_LINK_DAYS = 90;

function unsubscribeMac(userId: string, version: number, expires: number): string {
  return signWithServerSecret(`${UNSUBSCRIBE_PURPOSE}${userId}:${version}:${expires}`);
}

/** The signed part of the unsubscribe link: works without logging in, only for this member and version. */
export function unsubscribeToken(userId: string, version: number, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + UNSUBSCRIBE_LINK_DAYS * 86_400;
  return `${version.toString(36)}_${expires.toString(36)}_${unsubscribeMac(userId, version, expires)}`;
}

/** The version of the member's links now (0 before any setting was saved). */
export async function unsubscribeVersion(userId: string): Promise<number> {
  const db = await getDb();
  const rows = await db
    .select({ v: watchMailSettings.unsubscribeVersion })
    .from(watchMailSettings)
    .where(eq(watchMailSettings.userId, userId));
  return rows[0]?.v ?? 0;
}

function withToken(path: string, userId: string, token: string): string {
  const url = appUrl(path);
  url.searchParams.set('user', userId);
  url.searchParams.set('token', token);
  return url.toString();
}

/** The mail's link: a page that stops the digest only when its button is pressed. */
export function unsubscribePageUrl(userId: string, token: string): string {
  return withToken('/watch/unsubscribe', userId, token);
}

export function unsubscribeUrl(userId: string, version: number): string {
  return unsubscribePageUrl(userId, unsubscribeToken(userId, version));
}

/**
 * The one-click address of RFC 8058: a mail client POSTs `List-Unsubscribe=One-Click` to it,
 * without cookies or a CSRF token (the signed token is the authority, as for the link).
 */
export function oneClickUnsubscribeUrl(userId: string, version: number): string {
  return withToken('/api/watch/unsubscribe/one-click', userId, unsubscribeToken(userId, version));
}

/**
 * `List-Unsubscribe` (RFC 2369) with the one-click address and `List-Unsubscribe-Post` (RFC 8058),
 * so mail clients offer their own 「配信停止」 button. HTTPS only: there is no mailbox that reads
 * unsubscribe mails. (Mail providers honour one-click only from a DKIM signature covering both
 * fields; that signature is the sending MTA's job.)
 */
export function digestHeaders(userId: string, version: number): Record<string, string> {
  return {
    'List-Unsubscribe': `<${oneClickUnsubscribeUrl(userId, version)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** Whether the token is this member's, of their current link version, and not expired. */
async function tokenValid(userId: string, token: string, now: number): Promise<boolean> {
  const [versionText = '', expiresText = '', ...rest] = token.split('_');
  const mac = rest.join('_');
  const version = parseInt(versionText, 36);
  const expires = parseInt(expiresText, 36);
  if (!/^[0-9a-z]{1,8}$/.test(versionText) || !/^[0-9a-z]{1,10}$/.test(expiresText) || !mac) return false;
  if (expires * 1000 < now) return false;
  if (!safeEqual(unsubscribeMac(userId, version, expires), mac)) return false;
  return version === (await unsubscribeVersion(userId));
}

/** Stops the member's digest when the token is theirs (current version, not expired); false (nothing changes) otherwise. */
export async function unsubscribeWithToken(userId: string, token: string, now = Date.now()): Promise<boolean> {
  if (!(await tokenValid(userId, token, now))) return false;
  const member = await memberStandingOf(userId);
  if (!member || member.deletedAt !== null) return false;
  await setDigest(userId, false);
  logger.info({ event: 'watch.unsubscribed', userId }, 'watch digest unsubscribed by mail link');
  return true;
}

export function digestMail(userId: string, version: number, events: readonly WatchEvent[], total: number): RenderedMail {
  const lines = events.map((e) =>
    [
      `■ ${e.name}（法人番号 ${e.corporateNumber}）`,
      `　${WATCH_EVENT_LABELS[e.kind]}（${formatIsoDateJa(e.dataDate)}公表）`,
      `　${e.text}`,
      `　${appUrl(referencePath(e.corporateNumber)).toString()}`,
    ].join('\n'),
  );
  return renderMail({
    kind: 'watch_digest',
    subject: `ウォッチ中の法人に${total}件の変更がありました`,
    lead: [
      'ウォッチ中の法人について、国税庁の公表データに次の変更がありました。',
      ...lines,
      ...(total > events.length ? [`ほか${total - events.length}件の変更は、ウォッチリストのページでご確認ください。`] : []),
    ],
    action: { label: 'ウォッチリストを見る', url: appUrl('/my-page/watch').toString() },
    notes: [
      'このメールは、マイページの「ウォッチリスト」に登録された法人の変更を1日1回までお知らせするものです。内容は国税庁の法人番号公表サイト・インボイス公表サイトの公表情報に基づきます。',
      `配信を停止するには次のリンクを開いてください（ログインは不要です）。\n${unsubscribeUrl(userId, version)}`,
    ],
  });
}

interface DigestRow {
  id: number;
  user_id: string;
  from_event_id: number;
  through_event_id: number;
  attempts: number;
}

/** The events a digest holds: the member's companies' events in its id range. */
async function eventsOf(userId: string, from: number, through: number): Promise<StoredEvent[]> {
  const db = await getDb();
  return rowsOf<StoredEvent>(
    await db.execute(sql`
      SELECT e.id, e.corporate_number, e.kind, e.data_date, e.name, e.detail
        FROM watch_events e
        JOIN watch_entries w ON w.corporate_number = e.corporate_number AND w.user_id = ${userId}
       WHERE e.id > ${from} AND e.id <= ${through} AND e.created_at >= w.created_at
       ORDER BY e.corporate_number, e.data_date, e.id`),
  );
}

export interface DigestRunStats {
  created: number;
  sent: number;
  failed: number;
  empty: number;
}

/**
 * Writes today's digest rows for the members with new events, then sends every digest that is
 * still pending (today's, and earlier ones whose mail failed), each at most DIGEST_MAX_ATTEMPTS
 * times in all.
 */
export async function sendDueDigests(now: Date = new Date(), signal?: AbortSignal): Promise<DigestRunStats> {
  const db = await getDb();
  const today = todayInJapan(now);
  const stats: DigestRunStats = { created: 0, sent: 0, failed: 0, empty: 0 };
  // Members with events after their last digest, no digest today, mail on, account live.
  const created = rowsOf<{ id: number }>(
    await db.execute(sql`
      WITH last AS (
        SELECT user_id, max(through_event_id) AS through FROM watch_digests GROUP BY user_id
      ), due AS (
        SELECT w.user_id, coalesce(max(last.through), 0) AS from_id, max(e.id) AS through_id, count(*) AS n
          FROM watch_events e
          JOIN watch_entries w ON w.corporate_number = e.corporate_number AND e.created_at >= w.created_at
          JOIN users u ON u.id = w.user_id AND u.deleted_at IS NULL AND u.email IS NOT NULL
          LEFT JOIN last ON last.user_id = w.user_id
          LEFT JOIN watch_mail_settings s ON s.user_id = w.user_id
         WHERE e.created_at > ${now.toISOString()}::timestamptz - make_interval(days => ${DIGEST_LOOKBACK_DAYS})
           AND e.id > coalesce(last.through, 0)
           AND s.unsubscribed_at IS NULL
         GROUP BY w.user_id
      )
      INSERT INTO watch_digests (user_id, digest_date, from_event_id, through_event_id, event_count)
      SELECT user_id, ${today}, from_id, through_id, n FROM due
      ON CONFLICT (user_id, digest_date) DO NOTHING
      RETURNING id`),
  );
  stats.created = created.length;

  const pending = rowsOf<DigestRow>(
    await db.execute(sql`
      SELECT d.id, d.user_id, d.from_event_id, d.through_event_id, d.attempts
        FROM watch_digests d
       WHERE d.status = 'pending'
       ORDER BY d.id`),
  );
  for (const row of pending) {
    // A stopping instance ends between two mails: the rest stay pending for the next run.
    if (signal?.aborted) break;
    // The member's address through its owner (every digest has its member: the foreign key cascades).
    const d = { ...row, email: await memberEmailOf(row.user_id) };
    const id = Number(d.id);
    const settings = rowsOf<{ off: boolean; version: number }>(
      await db.execute(
        sql`SELECT unsubscribed_at IS NOT NULL AS off, unsubscribe_version AS version FROM watch_mail_settings WHERE user_id = ${d.user_id}`,
      ),
    );
    const version = Number(settings[0]?.version ?? 0);
    const stored =
      d.email === null || settings[0]?.off ? [] : await eventsOf(d.user_id, Number(d.from_event_id), Number(d.through_event_id));
    if (stored.length === 0) {
      // Unsubscribed, unregistered or unwatched since the row was written: nothing to send.
      await db.update(watchDigests).set({ status: 'failed', lastError: 'nothing to send' }).where(eq(watchDigests.id, id));
      stats.empty++;
      continue;
    }
    const events = stored.map(toWatchEvent);
    try {
      await sendMail(d.email as string, digestMail(d.user_id, version, events.slice(0, DIGEST_EVENTS_MAX), events.length), {
        headers: digestHeaders(d.user_id, version),
      });
      await db
        .update(watchDigests)
        .set({ status: 'sent', sentAt: new Date(), attempts: d.attempts + 1, eventCount: events.length, lastError: null })
        .where(and(eq(watchDigests.id, id), eq(watchDigests.status, 'pending')));
      stats.sent++;
    } catch (error) {
      const attempts = d.attempts + 1;
      await db
        .update(watchDigests)
        .set({
          attempts,
          status: attempts >= DIGEST_MAX_ATTEMPTS ? 'failed' : 'pending',
          lastError: String((error as Error).message).slice(0, 500),
        })
        .where(eq(watchDigests.id, id));
      logger.warn({ event: 'watch.digest.failed', digestId: id, attempts }, 'watch digest mail failed; retried on the next run');
      stats.failed++;
    }
  }
  return stats;
}
