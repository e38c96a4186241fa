import 'server-only';

import { and, eq, sql } from 'drizzle-orm';

import { receipts, receiptSerialCounters } from '@db/schema';
import { findPaidOrderOfMember } from '@/features/orders/server';
import { getEnv } from '@/config/env';
import { getDb } from '@/server/db/client';
import { logger } from '@/server/logger';

import { ReceiptSnapshotSchema, type ReceiptSnapshot } from '../schemas';
import { buildReceiptSnapshot, formatReceiptSerial, type PaidOrderFacts } from './build-snapshot';
import { renderReceipt } from './render-receipt';

export interface ReceiptPdf {
  pdf: Buffer;
  serialNumber: string;
  /** false on the first issue; true afterwards (printed 再発行) */
  reissue: boolean;
  /** 領収書_R-2026-000123.pdf (再発行: 領収書_R-2026-000123_再発行.pdf) */
  filename: string;
}

/** The series of `R-<year>-<n>` in receipt_serial_counters (one for all years). */
const SERIAL_SERIES = 'R';
/** The widest number the format prints for a long time (R-2026-999999): the proof render uses it. */
const PROOF_SERIAL_VALUE = 999_999;

/** Thrown inside the issuing transaction to roll it back when another request issued first. */
class IssuedMeanwhile extends Error {}

async function findPaidOrder(userId: string, orderId: string): Promise<PaidOrderFacts | null> {
  const order = await findPaidOrderOfMember(userId, orderId);
  if (!order) return null;
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    amountYen: order.amountYen,
    price: order.price,
    paidAt: order.paidAt,
    receiptRecipient: order.receiptRecipient,
    recipient: order.recipient,
    companyName: order.companyName,
    corporateNumber: order.corporateNumber,
  };
}

/**
 * The receipt of a member's paid order (issue 8). `null` — answered 404 by the route — when the
 * order does not exist, belongs to someone else (object-level authorisation: looked up by id AND
 * user id) or is not paid (security.md: a receipt exists only for a paid order).
 *
 * The first download issues the receipt; every later one prints the stored snapshot again,
 * marked 再発行, and counts it. Issuing never leaves a gap in the numbers (decisions/0009 §2):
 * 1. the snapshot is built and rendered with a placeholder number first — every way a receipt
 *    can fail to print (figures that do not add up, an addressee or lines that do not fit)
 *    fails here, before any number is taken;
 * 2. one transaction takes the next number from receipt_serial_counters (row lock) and inserts
 *    the receipt; any failure, and losing a race for the same order, rolls both back;
 * 3. the PDF is rendered again with the number, outside the lock (rendering costs ~0.1 s and
 *    would otherwise hold every other issuer — and, on PGlite, the whole database — waiting).
 */
export async function issueReceiptPdf(userId: string, orderId: string, now: Date = new Date()): Promise<ReceiptPdf | null> {
  const order = await findPaidOrder(userId, orderId);
  if (!order) return null;

  const existing = await reissue(userId, orderId, now);
  if (existing) return existing;

  const env = getEnv();
  const proof = buildReceiptSnapshot(order, env, formatReceiptSerial(now, PROOF_SERIAL_VALUE), now);
  await renderReceipt(proof, { reissue: null });

  let snapshot: ReceiptSnapshot;
  try {
    snapshot = await insertWithNextSerial(userId, order, now);
  } catch (error) {
    if (!(error instanceof IssuedMeanwhile)) throw error;
    // Issued by a simultaneous request a moment ago: that one is the original.
    const again = await reissue(userId, orderId, now);
    if (!again) throw new Error(`receipt of order ${orderId} vanished after a conflict`);
    return again;
  }
  logger.info({ event: 'receipt.issued', orderId, userId, serialNumber: snapshot.serialNumber }, 'receipt issued');
  // Same snapshot as the proof but for the number; were this to fail after all, the receipt is
  // issued and stored, and the member's next download prints it (as 再発行) — still no gap.
  const pdf = await renderReceipt(snapshot, { reissue: null });
  return { pdf, serialNumber: snapshot.serialNumber, reissue: false, filename: filenameFor(snapshot, false) };
}

/** Step 2 of issuing: the next number and the receipt row, committed together or not at all. */
async function insertWithNextSerial(userId: string, order: PaidOrderFacts, now: Date): Promise<ReceiptSnapshot> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    // Row lock on the counter until commit: concurrent issuers queue here, one number each.
    const [counter] = await tx
      .update(receiptSerialCounters)
      .set({ lastValue: sql`${receiptSerialCounters.lastValue} + 1` })
      .where(eq(receiptSerialCounters.series, SERIAL_SERIES))
      .returning({ value: receiptSerialCounters.lastValue });
    if (!counter) throw new Error(`receipt_serial_counters has no row for series ${SERIAL_SERIES}`);
    const snapshot = buildReceiptSnapshot(order, getEnv(), formatReceiptSerial(now, counter.value), now);
    const inserted = await tx
      .insert(receipts)
      .values({ orderId: order.id, userId, serialNumber: snapshot.serialNumber, snapshot, firstIssuedAt: now, lastIssuedAt: now })
      .onConflictDoNothing({ target: receipts.orderId })
      .returning({ serialNumber: receipts.serialNumber });
    // Another request issued this order's receipt while we waited for the lock: give the number back.
    if (inserted.length === 0) throw new IssuedMeanwhile();
    return snapshot;
  });
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

/**
 * What a HEAD of the receipt answers, without issuing anything: true when the GET would deliver
 * a receipt. For an order not issued yet the snapshot is built exactly as the GET builds it, so
 * an order whose data cannot make a receipt fails here too instead of HEAD 200 / GET 500.
 */
export async function canDownloadReceipt(userId: string, orderId: string, now: Date = new Date()): Promise<boolean> {
  const order = await findPaidOrder(userId, orderId);
  if (!order) return false;
  const db = await getDb();
  const [issued] = await db.select({ orderId: receipts.orderId }).from(receipts).where(eq(receipts.orderId, orderId));
  if (!issued) buildReceiptSnapshot(order, getEnv(), formatReceiptSerial(now, PROOF_SERIAL_VALUE), now);
  return true;
}
