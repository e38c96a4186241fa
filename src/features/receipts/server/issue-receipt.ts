import 'server-only';

import { and, desc, eq, inArray, sql } from 'drizzle-orm';

import { receiptReissues, receipts, receiptSerialCounters } from '@db/schema';
import { receiptAddresseeOf, splitAddressee } from '@/features/orders';
import { changeReceiptRecipient, findPaidOrderOfMember, lockPaidOrderOfMember, writeReceiptEvent } from '@/features/orders/index.server';
import { getSiteInfo } from '@/config/site';
import { getDb, type Db } from '@/server/db/client';
import { AppError } from '@/server/http/app-error';
import { logger } from '@/server/logger';

import { RECEIPT_REISSUE_MAX, RECEIPT_REISSUE_REASON_LABELS, type ReceiptReissueReason } from '../constants';
import { ReceiptSnapshotSchema, type ReceiptSnapshot } from '../schemas';
import { buildReceiptSnapshot, formatReceiptSerial, type PaidOrderFacts } from './build-snapshot';
import { renderReceipt } from './render-receipt';

export interface ReceiptPdf {
  pdf: Buffer;
  serialNumber: string;
  /** false for the original (原本); true for a re-issue (printed 再発行) */
  reissue: boolean;
  /** 領収書_R-2026-000123.pdf (再発行: 領収書_R-2026-000123_再発行.pdf) */
  filename: string;
}

/** The series of `R-<year>-<n>` in receipt_serial_counters (one for all years). */
const SERIAL_SERIES = 'R';
/** The widest number the format prints for a long time (R-2026-999999): the proof render uses it. */
const PROOF_SERIAL_VALUE = 999_999;

const NOT_ISSUED_MESSAGE = 'この領収書はまだ発行されていません。「領収書（PDF）を発行」からダウンロードすると原本が発行されます。';
const REISSUE_LIMIT_MESSAGE = `この領収書の再発行は${RECEIPT_REISSUE_MAX}回までです。さらに必要な場合は、お問い合わせ窓口までご連絡ください。`;

/** Thrown inside the issuing transaction to roll it back when another request issued first. */
class IssuedMeanwhile extends Error {}

function factsOf(order: Awaited<ReturnType<typeof findPaidOrderOfMember>> & object): PaidOrderFacts {
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

async function findPaidOrder(userId: string, orderId: string): Promise<PaidOrderFacts | null> {
  const order = await findPaidOrderOfMember(userId, orderId);
  return order ? factsOf(order) : null;
}

/** What a download prints: the original, or the latest re-issue with its date and reason. */
interface CurrentIssue {
  serialNumber: string;
  firstIssuedAt: Date;
  snapshot: ReceiptSnapshot;
  reissue: { number: number; at: Date; reason: ReceiptReissueReason } | null;
  /** re-issues recorded since issue 13 (the limit counts these) */
  reissues: number;
}

async function currentIssue(db: Db, userId: string, orderId: string, lock = false): Promise<CurrentIssue | null> {
  const query = db
    .select({ serialNumber: receipts.serialNumber, snapshot: receipts.snapshot, firstIssuedAt: receipts.firstIssuedAt })
    .from(receipts)
    .where(and(eq(receipts.orderId, orderId), eq(receipts.userId, userId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) return null;
  // receipt_reissues' primary key (order_id, number) serves both lookups.
  const [latest] = await db
    .select()
    .from(receiptReissues)
    .where(eq(receiptReissues.orderId, orderId))
    .orderBy(desc(receiptReissues.number))
    .limit(1);
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(receiptReissues)
    .where(eq(receiptReissues.orderId, orderId));
  return {
    serialNumber: row.serialNumber,
    firstIssuedAt: row.firstIssuedAt,
    snapshot: ReceiptSnapshotSchema.parse(latest ? latest.snapshot : row.snapshot),
    reissue: latest ? { number: latest.number, at: latest.issuedAt, reason: latest.reason as ReceiptReissueReason } : null,
    reissues: n,
  };
}

async function print(issue: CurrentIssue): Promise<ReceiptPdf> {
  const pdf = await renderReceipt(issue.snapshot, {
    reissue: issue.reissue ? { at: issue.reissue.at, reason: issue.reissue.reason } : null,
  });
  return {
    pdf,
    serialNumber: issue.serialNumber,
    reissue: issue.reissue !== null,
    filename: filenameFor(issue.serialNumber, issue.reissue !== null),
  };
}

/**
 * The receipt of a member's paid order (issue 8; issue 13 §2). `null` — answered 404 by the
 * route — when the order does not exist, belongs to someone else (object-level authorisation:
 * looked up by id AND user id) or is not paid (security.md: a receipt exists only for a paid order).
 *
 * The first download issues the original (原本); every later download prints the receipt as it
 * stands — the original, unchanged (same number, same bytes), until the member asks for a
 * re-issue or corrects the addressee; then the latest re-issue, marked 再発行 with its date
 * (docs/decisions/0024). Nothing is written by a download after the first.
 *
 * Issuing never leaves a gap in the numbers (decisions/0009 §2):
 * 1. the snapshot is built and rendered with a placeholder number first — every way a receipt
 *    can fail to print (figures that do not add up, an addressee or lines that do not fit)
 *    fails here, before any number is taken;
 * 2. one transaction takes the next number from receipt_serial_counters (row lock), reads the
 *    order with its addressee (row shared-locked: a concurrent addressee change waits, then sees
 *    the receipt and re-issues) and inserts the receipt; any failure, and losing a race for the
 *    same order, rolls both back;
 * 3. the PDF is rendered again with the number, outside the lock (rendering costs ~0.1 s and
 *    would otherwise hold every other issuer — and, on PGlite, the whole database — waiting).
 */
export async function issueReceiptPdf(userId: string, orderId: string, now: Date = new Date()): Promise<ReceiptPdf | null> {
  const order = await findPaidOrder(userId, orderId);
  if (!order) return null;
  const db = await getDb();

  const existing = await currentIssue(db, userId, orderId);
  if (existing) return print(existing);

  const proof = buildReceiptSnapshot(order, getSiteInfo().operator, formatReceiptSerial(now, PROOF_SERIAL_VALUE), now);
  await renderReceipt(proof, { reissue: null });

  let snapshot: ReceiptSnapshot;
  try {
    snapshot = await insertWithNextSerial(userId, orderId, now);
  } catch (error) {
    if (!(error instanceof IssuedMeanwhile)) throw error;
    // Issued by a simultaneous request a moment ago: that one is the original, and this is it.
    const again = await currentIssue(db, userId, orderId);
    if (!again) throw new Error(`receipt of order ${orderId} vanished after a conflict`);
    return print(again);
  }
  logger.info({ event: 'receipt.issued', orderId, userId, serialNumber: snapshot.serialNumber }, 'receipt issued');
  // Same snapshot as the proof but for the number; were this to fail after all, the receipt is
  // issued and stored, and the member's next download prints that original — still no gap.
  return print({ serialNumber: snapshot.serialNumber, firstIssuedAt: now, snapshot, reissue: null, reissues: 0 });
}

/** Step 2 of issuing: the next number and the receipt row, committed together or not at all. */
async function insertWithNextSerial(userId: string, orderId: string, now: Date): Promise<ReceiptSnapshot> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    // Row lock on the counter until commit: concurrent issuers queue here, one number each.
    const [counter] = await tx
      .update(receiptSerialCounters)
      .set({ lastValue: sql`${receiptSerialCounters.lastValue} + 1` })
      .where(eq(receiptSerialCounters.series, SERIAL_SERIES))
      .returning({ value: receiptSerialCounters.lastValue });
    if (!counter) throw new Error(`receipt_serial_counters has no row for series ${SERIAL_SERIES}`);
    // The addressee as it stands when this commits (an addressee change holds the row meanwhile).
    const order = await lockPaidOrderOfMember(tx, userId, orderId);
    if (!order) throw new Error(`order ${orderId} is no longer a paid order of its member`);
    const snapshot = buildReceiptSnapshot(factsOf(order), getSiteInfo().operator, formatReceiptSerial(now, counter.value), now);
    const inserted = await tx
      .insert(receipts)
      .values({ orderId, userId, serialNumber: snapshot.serialNumber, snapshot, firstIssuedAt: now, lastIssuedAt: now })
      .onConflictDoNothing({ target: receipts.orderId })
      .returning({ serialNumber: receipts.serialNumber });
    // Another request issued this order's receipt while we waited for the lock: give the number back.
    if (inserted.length === 0) throw new IssuedMeanwhile();
    return snapshot;
  });
}

/** Records re-issue `issue.reissues + 1` of a locked receipt in `tx`; the caller writes the timeline. */
async function insertReissue(
  tx: Db,
  orderId: string,
  issue: CurrentIssue,
  reason: ReceiptReissueReason,
  snapshot: ReceiptSnapshot,
  now: Date,
) {
  if (issue.reissues >= RECEIPT_REISSUE_MAX) throw new AppError('conflict', { message: REISSUE_LIMIT_MESSAGE });
  // Numbers continue after the legacy count of downloads printed 再発行 (receipts.reissue_count).
  const [row] = await tx
    .update(receipts)
    .set({ reissueCount: sql`${receipts.reissueCount} + 1`, lastIssuedAt: now })
    .where(eq(receipts.orderId, orderId))
    .returning({ number: receipts.reissueCount });
  if (!row) throw new Error(`receipt of order ${orderId} vanished while locked`);
  await tx.insert(receiptReissues).values({ orderId, number: row.number, reason, snapshot, issuedAt: now });
  logger.info({ event: 'receipt.reissued', orderId, serialNumber: issue.serialNumber, number: row.number, reason }, 'receipt re-issued');
  return row.number;
}

export interface ReceiptState {
  issued: boolean;
  serialNumber: string | null;
  reissued: boolean;
}

/**
 * The member asks for a re-issue (再発行) of an issued receipt: the receipt as it stands (the
 * original, or the latest re-issue), same number and amounts, marked 再発行 with today's date.
 * Downloads print it from then on. 404 for another member's or an unpaid order; 409 before the
 * first issue and beyond RECEIPT_REISSUE_MAX.
 */
export async function requestReissue(userId: string, orderId: string, now: Date = new Date()): Promise<ReceiptState> {
  if (!(await findPaidOrder(userId, orderId))) throw new AppError('not_found', { message: '領収書が見つかりませんでした。' });
  const db = await getDb();
  return db.transaction(async (tx) => {
    const issue = await currentIssue(tx, userId, orderId, true);
    if (!issue) throw new AppError('conflict', { message: NOT_ISSUED_MESSAGE });
    const number = await insertReissue(tx, orderId, issue, 'requested', issue.snapshot, now);
    await writeReceiptEvent(
      tx,
      orderId,
      userId,
      `領収書を再発行しました（${RECEIPT_REISSUE_REASON_LABELS.requested}、${issue.serialNumber}）。`,
      {
        serialNumber: issue.serialNumber,
        reissue: number,
        reason: 'requested',
      },
    );
    return { issued: true, serialNumber: issue.serialNumber, reissued: true };
  });
}

/**
 * The member changes the 領収書の宛名 (from the payment history). Before the first issue it is a
 * correction: the order's addressee changes and the original, when issued, names it. After issue
 * it is a re-issue with the new addressee, marked 再発行 (same number and amounts) and recorded;
 * the receipt that named the old addressee is superseded. 404 / 409 as for requestReissue; 422
 * when the addressee is the current one.
 */
export async function correctReceiptAddressee(
  userId: string,
  orderId: string,
  receiptRecipient: string,
  now: Date = new Date(),
): Promise<ReceiptState> {
  const order = await findPaidOrder(userId, orderId);
  if (!order) throw new AppError('not_found', { message: '領収書が見つかりませんでした。' });
  const db = await getDb();
  const addresseeOf = (o: { receiptRecipient: string; recipient: string }) => splitAddressee(receiptAddresseeOf(o));

  // A receipt already issued is re-issued with the new addressee: prove it prints before changing anything.
  const issued = await currentIssue(db, userId, orderId);
  if (issued) {
    if (issued.reissues >= RECEIPT_REISSUE_MAX) throw new AppError('conflict', { message: REISSUE_LIMIT_MESSAGE });
    const proof = { ...issued.snapshot, addressee: addresseeOf({ receiptRecipient, recipient: order.recipient }) };
    await renderReceipt(proof, { reissue: { at: now, reason: 'addressee_corrected' } });
  }

  const { result } = await changeReceiptRecipient<ReceiptState>({
    userId,
    orderId,
    receiptRecipient,
    inTransaction: async (tx, _before, after) => {
      const issue = await currentIssue(tx, userId, orderId, true);
      if (!issue) {
        return {
          note: '領収書の宛名を変更しました（発行前）。',
          data: { issued: false },
          result: { issued: false, serialNumber: null, reissued: false },
        };
      }
      const snapshot = ReceiptSnapshotSchema.parse({ ...issue.snapshot, addressee: addresseeOf(after) });
      const number = await insertReissue(tx, orderId, issue, 'addressee_corrected', snapshot, now);
      return {
        note: `領収書の宛名を訂正し、再発行しました（${RECEIPT_REISSUE_REASON_LABELS.addressee_corrected}、${issue.serialNumber}）。`,
        data: { issued: true, serialNumber: issue.serialNumber, reissue: number, reason: 'addressee_corrected' },
        result: { issued: true, serialNumber: issue.serialNumber, reissued: true },
      };
    },
  });
  return result;
}

/** The receipts of these orders as the payment history shows them (one query each, by primary key). */
export interface IssuedReceiptState {
  serialNumber: string;
  issuedAt: Date;
  /** the latest re-issue, printed by downloads; null while the original is current */
  reissue: { number: number; at: Date; reason: ReceiptReissueReason } | null;
  /** re-issues recorded (the limit counts these) */
  reissues: number;
}

export async function receiptStatesOf(orderIds: string[]): Promise<Map<string, IssuedReceiptState>> {
  const out = new Map<string, IssuedReceiptState>();
  if (orderIds.length === 0) return out;
  const db = await getDb();
  const rows = await db
    .select({ orderId: receipts.orderId, serialNumber: receipts.serialNumber, issuedAt: receipts.firstIssuedAt })
    .from(receipts)
    .where(inArray(receipts.orderId, orderIds));
  for (const r of rows) out.set(r.orderId, { serialNumber: r.serialNumber, issuedAt: r.issuedAt, reissue: null, reissues: 0 });
  if (rows.length === 0) return out;
  const reissues = await db
    .select({
      orderId: receiptReissues.orderId,
      number: receiptReissues.number,
      at: receiptReissues.issuedAt,
      reason: receiptReissues.reason,
    })
    .from(receiptReissues)
    .where(inArray(receiptReissues.orderId, [...out.keys()]))
    .orderBy(receiptReissues.orderId, receiptReissues.number);
  for (const r of reissues) {
    const state = out.get(r.orderId);
    if (!state) continue;
    state.reissues += 1;
    state.reissue = { number: r.number, at: r.at, reason: r.reason as ReceiptReissueReason };
  }
  return out;
}

function filenameFor(serialNumber: string, reissue: boolean): string {
  return `領収書_${serialNumber}${reissue ? '_再発行' : ''}.pdf`;
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
  if (!issued) buildReceiptSnapshot(order, getSiteInfo().operator, formatReceiptSerial(now, PROOF_SERIAL_VALUE), now);
  return true;
}
