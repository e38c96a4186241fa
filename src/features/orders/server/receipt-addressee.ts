import 'server-only';

import { and, eq } from 'drizzle-orm';

import { orders } from '@db/schema';
import { getDb, type Db } from '@/server/db/client';
import { AppError } from '@/server/http/app-error';
import { logger } from '@/server/logger';

import { receiptAddresseeOf } from '../addressee';
import { ORDER_NOT_FOUND_MESSAGE, writeOrderEvent, type OrderRow } from './repository';

/**
 * The 領収書の宛名 of a paid order, changed by its member from the payment history (issue 13 §2,
 * docs/decisions/0024). The orders feature writes the column and the timeline row; the receipts
 * feature decides, inside the same transaction (`inTransaction`), whether the change is a
 * correction before issue (nothing else to do) or a re-issue with the new addressee.
 */

type PaidOrderRow = OrderRow & { paidAt: Date };

function paidOrNotFound(row: OrderRow | undefined): PaidOrderRow {
  if (!row || row.status !== 'paid' || !row.paidAt) throw new AppError('not_found', { message: ORDER_NOT_FOUND_MESSAGE });
  return { ...row, paidAt: row.paidAt };
}

/**
 * The member's paid order inside a receipt transaction, its row locked against a concurrent
 * addressee change (`FOR SHARE`): the receipt issued in `tx` names the addressee that is current
 * when it commits. Null when the order is not this member's or not paid.
 */
export async function lockPaidOrderOfMember(tx: Db, userId: string, orderId: string): Promise<PaidOrderRow | null> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .for('share');
  if (!row || row.status !== 'paid' || !row.paidAt) return null;
  return { ...row, paidAt: row.paidAt };
}

export interface ReceiptAddresseeChange<T> {
  userId: string;
  orderId: string;
  /** the new 宛名, validated (zod) and NFKC-normalised by the caller */
  receiptRecipient: string;
  /**
   * Runs in the change's transaction after the order row is updated (the receipt's re-issue);
   * returns what the timeline says about it. Throwing rolls the change back.
   */
  inTransaction: (
    tx: Db,
    before: PaidOrderRow,
    after: PaidOrderRow,
  ) => Promise<{ note: string; data?: Record<string, unknown>; result: T }>;
}

/**
 * Changes the order's 領収書の宛名. 404 for another member's order or one that is not paid; 422
 * with `fields.receiptRecipient` when the new 宛名 is the one the receipt already names.
 */
export async function changeReceiptRecipient<T>(change: ReceiptAddresseeChange<T>): Promise<{ order: PaidOrderRow; result: T }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, change.orderId), eq(orders.userId, change.userId)))
      .for('update');
    const before = paidOrNotFound(locked);
    const from = receiptAddresseeOf(before);
    if (from === receiptAddresseeOf({ receiptRecipient: change.receiptRecipient, recipient: before.recipient })) {
      const message = '現在の宛名と同じです。変更後の宛名を入力してください。';
      throw new AppError('validation_failed', { message, fields: { receiptRecipient: message } });
    }
    const now = new Date();
    const [updated] = await tx
      .update(orders)
      .set({ receiptRecipient: change.receiptRecipient, updatedAt: now })
      .where(eq(orders.id, change.orderId))
      .returning();
    const after = paidOrNotFound(updated);
    const outcome = await change.inTransaction(tx, before, after);
    await writeOrderEvent(tx, change.orderId, { type: 'member', id: change.userId }, 'receipt', {
      note: outcome.note,
      data: { receiptRecipientFrom: from, receiptRecipientTo: receiptAddresseeOf(after), ...outcome.data },
      at: now,
    });
    logger.info({ event: 'order.receipt_recipient', orderId: change.orderId, userId: change.userId }, 'receipt addressee changed');
    return { order: after, result: outcome.result };
  });
}

/** A receipt event on the order's timeline (a re-issue the member asked for), in the caller's transaction. */
export async function writeReceiptEvent(
  tx: Db,
  orderId: string,
  userId: string,
  note: string,
  data: Record<string, unknown>,
): Promise<void> {
  await writeOrderEvent(tx, orderId, { type: 'member', id: userId }, 'receipt', { note, data });
}
