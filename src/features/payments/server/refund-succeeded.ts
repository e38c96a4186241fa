import 'server-only';

import { eq } from 'drizzle-orm';

import { users } from '@db/schema';
import { addOrderNote, listOrderEvents, orderRefundMail, recordRefund } from '@/features/orders/index.server';
import { getDb } from '@/server/db/client';
import { logger } from '@/server/logger';
import { sendMail } from '@/server/mail';

/** What the step reads of a refund (refunds.ts's `Refund` has it; declared here so neither module imports the other's types back). */
interface SucceededRefund {
  id: string;
  orderId: string;
  chargeId: string;
  amountYen: number;
  reason: string;
  requestedBy: string | null;
  origin: 'backoffice' | 'payjp';
}

/**
 * Who made a refund outside hojin, in the back office's words (order page, timeline, audit log);
 * also its reason when PAY.JP has none (refund_reason is optional).
 */
export const OUTSIDE_REFUND_LABEL = 'PAY.JPの管理画面で返金（バックオフィス外）';

/** The reason the member reads for a refund made at PAY.JP's dashboard without one. */
const MEMBER_OUTSIDE_REFUND_REASON = '当社にて返金の手続きをいたしました。';

/** The timeline mark that the member was told of this refund (data.mail + data.refundReference). */
const REFUND_MAIL_SENT = 'order_refunded:sent';

/**
 * The one step after a refund succeeded (docs/decisions/0018-refunds.md §5, 0100): refunds.ts runs
 * it whoever settled the refund — the back office's request, the webhook of a refund made at
 * PAY.JP's dashboard or the reconciler, also long after a timeout — and the reconciler runs it
 * again when an earlier run did not finish. Nobody outside payments calls it or passes it. So every
 * step is a no-op when it was already made:
 *
 * 1. the orders feature records the refund (一部返金 amount / 返金済み / キャンセル and its timeline
 *    row), keyed by the refund id: recording it twice changes nothing;
 * 2. the member's 返金のお知らせ is sent unless the timeline already has the mark for this refund,
 *    and the mark is written after the mail went out. A failed mail throws: the refund's
 *    `notified_at` stays empty and the reconciler tries again (the order is not recorded twice).
 *    A crash between the mail and its mark would send it a second time — the one window left,
 *    preferred over a mark without a mail (the member would never be told).
 */
export async function recordSucceededRefund(refund: SucceededRefund): Promise<void> {
  const order = await recordRefund(refund.orderId, {
    // The refund is the manager's act, also when the reconciler settles it later; one made outside
    // hojin (PAY.JP's dashboard) has no manager of ours: the system records it.
    actor: refund.requestedBy ? { type: 'staff', id: refund.requestedBy } : { type: 'system' },
    amountYen: refund.amountYen,
    reason:
      refund.origin === 'payjp' && refund.reason !== OUTSIDE_REFUND_LABEL ? `${OUTSIDE_REFUND_LABEL}：${refund.reason}` : refund.reason,
    payjpChargeId: refund.chargeId,
    refundReference: refund.id,
  });
  const events = await listOrderEvents(order.id);
  const mailed = events.some((e) => {
    const data = e.data as { mail?: unknown; refundReference?: unknown } | null;
    return data?.mail === REFUND_MAIL_SENT && data.refundReference === refund.id;
  });
  if (mailed) return;
  const db = await getDb();
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, order.userId));
  if (!user?.email) {
    // Nobody to write to (a deleted member): nothing to retry either.
    logger.warn({ event: 'order.refund_mail_skipped', orderId: order.id, refundId: refund.id }, 'refund mail: the member has no e-mail');
    return;
  }
  // A refund made at PAY.JP without a reason has the back office's label as its reason: the member reads a plain one.
  const reason = refund.reason === OUTSIDE_REFUND_LABEL ? MEMBER_OUTSIDE_REFUND_REASON : refund.reason;
  await sendMail(user.email, orderRefundMail(order, { amountYen: refund.amountYen, reason }));
  await addOrderNote(order.id, { type: 'system' }, '返金のお知らせメールを送信しました。', undefined, {
    mail: REFUND_MAIL_SENT,
    refundReference: refund.id,
  });
  logger.info({ event: 'order.refund_mail_sent', orderId: order.id, refundId: refund.id }, 'refund mail sent');
}
