import 'server-only';

import { and, eq, sql } from 'drizzle-orm';

import { orders, receipts, receiptSerialSeq } from '@db/schema';
import { getEnv } from '@/config/env';
import { getDb } from '@/server/db/client';
import { logger } from '@/server/logger';

import { ReceiptSnapshotSchema, type ReceiptSnapshot } from '../schemas';
import { buildReceiptSnapshot, formatReceiptSerial } from './build-snapshot';
import { renderReceipt } from './render-receipt';

export interface ReceiptPdf {
  pdf: Buffer;
  serialNumber: string;
  /** false on the first issue; true afterwards (printed 再発行) */
  reissue: boolean;
  /** 領収書_R-2026-000123.pdf (再発行: 領収書_R-2026-000123_再発行.pdf) */
  filename: string;
}

/**
 * The receipt of a member's paid order (issue 8). `null` — answered 404 by the route — when the
 * order does not exist, belongs to someone else (object-level authorisation: looked up by id AND
 * user id) or is not paid (security.md: a receipt exists only for a paid order).
 *
 * The first download issues the receipt: a serial number from the sequence and the frozen
 * snapshot are stored. Every later download prints that stored snapshot again, marked 再発行,
 * and counts it. The PDF is rendered before anything is written, so a rendering failure never
 * records an issue the member did not receive; two simultaneous first downloads are settled by
 * the primary key (the loser prints the winner's receipt as a re-issue).
 */
export async function issueReceiptPdf(userId: string, orderId: string, now: Date = new Date()): Promise<ReceiptPdf | null> {
  const db = await getDb();
  const [order] = await db
    .select({
      id: orders.id,
      status: orders.status,
      amountYen: orders.amountYen,
      price: orders.price,
      paidAt: orders.paidAt,
      receiptRecipient: orders.receiptRecipient,
      recipient: orders.recipient,
      companyName: orders.companyName,
      corporateNumber: orders.corporateNumber,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order || order.status !== 'paid' || !order.paidAt) return null;

  const existing = await reissue(userId, orderId, now);
  if (existing) return existing;

  // Taken before the insert: a failed issue leaves a gap in the numbers, never a duplicate.
  const result = await db.execute(sql`select nextval(${receiptSerialSeq.seqName ?? 'receipt_serial_seq'}::regclass)::text as value`);
  const value = (result as unknown as { rows: { value: string }[] }).rows[0]?.value;
  if (!value) throw new Error('receipt_serial_seq returned nothing');
  const snapshot = buildReceiptSnapshot({ ...order, paidAt: order.paidAt }, getEnv(), formatReceiptSerial(now, BigInt(value)), now);
  const pdf = await renderReceipt(snapshot, { reissue: null });
  const inserted = await db
    .insert(receipts)
    .values({ orderId, userId, serialNumber: snapshot.serialNumber, snapshot, firstIssuedAt: now, lastIssuedAt: now })
    .onConflictDoNothing({ target: receipts.orderId })
    .returning({ serialNumber: receipts.serialNumber });
  if (inserted.length === 0) {
    // Issued by a simultaneous request a moment ago: that one is the original.
    const again = await reissue(userId, orderId, now);
    if (!again) throw new Error(`receipt of order ${orderId} vanished after a conflict`);
    return again;
  }
  logger.info({ event: 'receipt.issued', orderId, userId, serialNumber: snapshot.serialNumber }, 'receipt issued');
  return { pdf, serialNumber: snapshot.serialNumber, reissue: false, filename: filenameFor(snapshot, false) };
}

async function reissue(userId: string, orderId: string, now: Date): Promise<ReceiptPdf | null> {
  const db = await getDb();
  const [row] = await db
    .select({ snapshot: receipts.snapshot })
    .from(receipts)
    .where(and(eq(receipts.orderId, orderId), eq(receipts.userId, userId)));
  if (!row) return null;
  const snapshot = ReceiptSnapshotSchema.parse(row.snapshot);
  const pdf = await renderReceipt(snapshot, { reissue: { at: now } });
  await db
    .update(receipts)
    .set({ reissueCount: sql`${receipts.reissueCount} + 1`, lastIssuedAt: now })
    .where(eq(receipts.orderId, orderId));
  logger.info({ event: 'receipt.reissued', orderId, userId, serialNumber: snapshot.serialNumber }, 'receipt re-issued');
  return { pdf, serialNumber: snapshot.serialNumber, reissue: true, filename: filenameFor(snapshot, true) };
}

function filenameFor(snapshot: ReceiptSnapshot, reissue: boolean): string {
  return `領収書_${snapshot.serialNumber}${reissue ? '_再発行' : ''}.pdf`;
}

/** Whether the member has this paid order (HEAD requests: answer without issuing anything). */
export async function hasPaidOrder(userId: string, orderId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId), eq(orders.status, 'paid')));
  return Boolean(row);
}
