import 'server-only';

import { and, asc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';

import { orderEvents, orders, users } from '@db/schema';
import { getDb, type Db } from '@/server/db/client';
import { AppError } from '@/server/http/app-error';
import { logger } from '@/server/logger';

import {
  FULFILMENT_LABELS,
  FULFILMENT_STEP_FIELDS,
  canTransitionFulfilment,
  checkTrackingNumber,
  isDestinationCorrectable,
  isFulfilmentStatus,
  isRefundable,
  statusAfterRefund,
  type Carrier,
  type FulfilmentStatus,
} from '../fulfilment';
import { formatDestinationAddress } from '../destination';
import type { OrderActor } from '../schemas';
import { ORDER_NOT_FOUND_MESSAGE, listOrderEvents, writeOrderEvent, type OrderEventRow, type OrderRow } from './repository';

/**
 * The fulfilment state machine's writes (issue 12 §1, docs/decisions/0015): the steps staff make
 * (法務局へ請求済み, 発送済み, 完了), refunds and notes, each a compare-and-set under the row lock
 * with its timeline row in the same transaction. The back office calls these; the rules are in
 * ../fulfilment.ts.
 */

export interface FulfilmentStepInput {
  actor: OrderActor;
  /** the state the caller saw (the form's hidden field): a step from a stale page is refused */
  expectedFrom?: FulfilmentStatus;
  note?: string | null;
  applicationNumber?: string;
  carrier?: Carrier;
  trackingNumber?: string;
  /**
   * Runs inside the step's transaction after the row is updated (the back office writes its audit
   * row here, so the step and its audit row commit or fail together). A throw undoes the step.
   */
  onChange?: (tx: Db, before: OrderRow, after: OrderRow) => Promise<void>;
}

function conflict(message: string): AppError {
  return new AppError('invalid_transition', { status: 409, message });
}

/**
 * One fulfilment step (accepted → requested → shipped → completed). 404 for an unknown order,
 * 409 for a step the table does not allow from the current state (or from `expectedFrom` when the
 * order moved meanwhile), 422 for a missing application or tracking number.
 */
export async function advanceFulfilment(orderId: string, to: FulfilmentStatus, input: FulfilmentStepInput): Promise<OrderRow> {
  const missing = FULFILMENT_STEP_FIELDS[to].filter((f) => !input[f]);
  if (missing.length > 0) {
    throw new AppError('validation_failed', {
      message: '入力内容を確認してください。',
      fields: Object.fromEntries(
        missing.map((f) => [
          f,
          f === 'applicationNumber'
            ? '申請番号を入力してください。'
            : f === 'carrier'
              ? '配送業者を選択してください。'
              : '追跡番号を入力してください。',
        ]),
      ),
    });
  }
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!row) throw new AppError('not_found', { message: ORDER_NOT_FOUND_MESSAGE });
    const from = row.fulfilmentStatus;
    if (!isFulfilmentStatus(from)) throw conflict('お支払いが完了していないご注文は処理できません。');
    if (input.expectedFrom && input.expectedFrom !== from) {
      throw conflict(`このご注文は既に「${FULFILMENT_LABELS[from]}」になっています。画面を再読み込みしてください。`);
    }
    if (!canTransitionFulfilment(from, to)) {
      throw conflict(`「${FULFILMENT_LABELS[from]}」のご注文を「${FULFILMENT_LABELS[to]}」にはできません。`);
    }
    // the carrier's rule (422) once the step itself is allowed: a stale page hears 409 first
    const trackingNumber =
      to === 'shipped' && input.carrier && input.trackingNumber !== undefined
        ? checkedTracking(input.carrier, input.trackingNumber)
        : input.trackingNumber;
    const now = new Date();
    const fields =
      to === 'requested'
        ? { applicationNumber: input.applicationNumber ?? null, requestedAt: now }
        : to === 'shipped'
          ? { carrier: input.carrier ?? null, trackingNumber: trackingNumber ?? null, shippedAt: now }
          : to === 'completed'
            ? { completedAt: now }
            : {};
    const [updated] = await tx
      .update(orders)
      .set({ ...fields, fulfilmentStatus: to, updatedAt: now })
      .where(eq(orders.id, orderId))
      .returning();
    const data: Record<string, unknown> = {};
    for (const f of FULFILMENT_STEP_FIELDS[to]) data[f] = f === 'trackingNumber' ? trackingNumber : input[f];
    await writeOrderEvent(tx, orderId, input.actor, 'fulfilment', {
      from,
      to,
      note: input.note ?? null,
      data: Object.keys(data).length > 0 ? data : null,
      at: now,
    });
    if (!updated) throw new Error(`order ${orderId} vanished while locked`);
    if (input.onChange) await input.onChange(tx, row, updated);
    logger.info({ event: 'order.fulfilment', orderId, from, to, actor: input.actor.type }, 'order fulfilment changed');
    return updated;
  });
}

/** The carrier's rule (../fulfilment.ts) on the server: the stored form, or 422 naming the field. */
function checkedTracking(carrier: Carrier, typed: string): string {
  const checked = checkTrackingNumber(carrier, typed);
  if (!checked.ok)
    throw new AppError('validation_failed', { message: '入力内容を確認してください。', fields: { trackingNumber: checked.message } });
  return checked.value;
}

export interface TrackingCorrectionInput {
  actor: OrderActor;
  carrier: Carrier;
  trackingNumber: string;
  /** the number the page showed: a correction from a stale page is refused (409) */
  expectedTrackingNumber: string;
  /** runs in the correction's transaction (the back office's audit row) */
  onChange?: (tx: Db, before: OrderRow, after: OrderRow) => Promise<void>;
}

/**
 * 「追跡番号を訂正する」 (issue 24 §3): a shipped order's carrier and tracking number replaced,
 * with a timeline row that keeps the old ones. Only while 発送済み (a completed order's parcel has
 * arrived); 409 when the page showed another number, 422 for a number its carrier's rule refuses
 * or for no change at all.
 */
export async function correctTracking(orderId: string, input: TrackingCorrectionInput): Promise<OrderRow> {
  const trackingNumber = checkedTracking(input.carrier, input.trackingNumber);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!row) throw new AppError('not_found', { message: ORDER_NOT_FOUND_MESSAGE });
    if (row.fulfilmentStatus !== 'shipped') throw conflict('追跡番号を訂正できるのは「発送済み」のご注文だけです。');
    if (row.trackingNumber !== input.expectedTrackingNumber) {
      throw conflict('このご注文の追跡番号は既に変更されています。画面を再読み込みしてください。');
    }
    if (row.carrier === input.carrier && row.trackingNumber === trackingNumber) {
      throw new AppError('validation_failed', {
        message: '入力内容を確認してください。',
        fields: { trackingNumber: '今の追跡番号と同じです。正しい番号を入力してください。' },
      });
    }
    const now = new Date();
    const [updated] = await tx
      .update(orders)
      .set({ carrier: input.carrier, trackingNumber, updatedAt: now })
      .where(eq(orders.id, orderId))
      .returning();
    await writeOrderEvent(tx, orderId, input.actor, 'note', {
      note: `追跡番号を訂正しました（訂正前：${row.trackingNumber ?? '—'}）。`,
      data: {
        carrier: input.carrier,
        trackingNumber,
        previousCarrier: row.carrier,
        previousTrackingNumber: row.trackingNumber,
      },
      at: now,
    });
    if (!updated) throw new Error(`order ${orderId} vanished while locked`);
    if (input.onChange) await input.onChange(tx, row, updated);
    logger.info({ event: 'order.tracking_corrected', orderId, actor: input.actor.type }, 'order tracking number corrected');
    return updated;
  });
}

/** The delivery address of an order as staff correct it (DestinationSchema without 領収書の宛名). */
export type DestinationFields = Pick<
  OrderRow,
  'recipient' | 'destinationZipCode' | 'destinationPrefecture' | 'destinationCity' | 'destinationStreet' | 'destinationApartmentEtc'
>;

export interface DestinationCorrectionInput {
  actor: OrderActor;
  destination: DestinationFields;
  /** Runs inside the transaction after the update (the back office's audit row, before → after). */
  onChange?: (tx: Db, before: DestinationFields, after: DestinationFields) => Promise<void>;
}

function destinationOf(o: OrderRow): DestinationFields {
  return {
    recipient: o.recipient,
    destinationZipCode: o.destinationZipCode,
    destinationPrefecture: o.destinationPrefecture,
    destinationCity: o.destinationCity,
    destinationStreet: o.destinationStreet,
    destinationApartmentEtc: o.destinationApartmentEtc,
  };
}

/**
 * 「お届け先を訂正する」 (issue 24 §3): a paid order's delivery address before it ships, under the
 * row lock, with a timeline note (the old address) in the same transaction. The fields were checked
 * by the order form's DestinationSchema (the caller's); 409 once shipped (or not paid), 422 when
 * nothing changes.
 */
export async function correctDestination(orderId: string, input: DestinationCorrectionInput): Promise<OrderRow> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!row) throw new AppError('not_found', { message: ORDER_NOT_FOUND_MESSAGE });
    if (!isDestinationCorrectable(row)) {
      throw conflict('お届け先を訂正できるのは、発送前（受付済み・法務局へ請求済み）のご注文だけです。');
    }
    const before = destinationOf(row);
    const after = destinationOf({ ...row, ...input.destination });
    if ((Object.keys(before) as (keyof DestinationFields)[]).every((k) => before[k] === after[k])) {
      throw new AppError('validation_failed', {
        message: '今のお届け先と同じです。訂正する内容を入力してください。',
        fields: { destinationStreet: '今のお届け先と同じです。' },
      });
    }
    const now = new Date();
    const [updated] = await tx
      .update(orders)
      .set({ ...after, updatedAt: now })
      .where(eq(orders.id, orderId))
      .returning();
    if (!updated) throw new Error(`order ${orderId} vanished while locked`);
    await writeOrderEvent(tx, orderId, input.actor, 'note', {
      note: `お届け先を訂正しました（訂正前：${formatDestinationAddress(before)} ${before.recipient}）。`,
      data: { before, after },
      at: now,
    });
    if (input.onChange) await input.onChange(tx, before, after);
    logger.info({ event: 'order.destination_corrected', orderId, actor: input.actor.type }, 'order destination corrected');
    return updated;
  });
}

export interface RefundInput {
  actor: OrderActor;
  amountYen: number;
  reason: string;
  /** PAY.JP's refund: recorded only after PAY.JP confirmed it (the caller's reconciliation) */
  payjpChargeId?: string;
  refundReference?: string | null;
}

/**
 * Records a refund PAY.JP has made: adds it to `refunded_yen` (never beyond the amount paid — also
 * a check constraint) and moves the order to キャンセル / 返金済み when nothing is left
 * (statusAfterRefund). A refund of an order that is not paid, already fully refunded, or for more
 * than remains is refused (409/422) and changes nothing. With a `refundReference` already on the
 * timeline it changes nothing either and returns the order as it is (idempotent).
 */
export async function recordRefund(orderId: string, input: RefundInput): Promise<OrderRow> {
  if (!Number.isInteger(input.amountYen) || input.amountYen <= 0) {
    throw new AppError('validation_failed', {
      message: '返金額は1円以上の整数で入力してください。',
      fields: { amountYen: '返金額は1円以上の整数で入力してください。' },
    });
  }
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!row) throw new AppError('not_found', { message: ORDER_NOT_FOUND_MESSAGE });
    // The same PAY.JP refund told twice (its handler re-run after a crash, decision 0018 §5) is
    // recorded once: its reference is on the timeline, looked up under the row lock.
    if (input.refundReference) {
      const [seen] = await tx
        .select({ id: orderEvents.id })
        .from(orderEvents)
        .where(
          and(
            eq(orderEvents.orderId, orderId),
            eq(orderEvents.kind, 'refund'),
            sql`${orderEvents.data}->>'refundReference' = ${input.refundReference}`,
          ),
        )
        .limit(1);
      if (seen) return row;
    }
    const from = row.fulfilmentStatus;
    if (row.status !== 'paid' || !isFulfilmentStatus(from)) throw conflict('お支払いが完了していないご注文は返金できません。');
    if (!isRefundable(from)) throw conflict(`「${FULFILMENT_LABELS[from]}」のご注文は返金できません。`);
    const remaining = row.amountYen - row.refundedYen;
    if (input.amountYen > remaining) {
      throw new AppError('validation_failed', {
        message: `返金できるのは残り${remaining.toLocaleString('ja-JP')}円までです。`,
        fields: { amountYen: `返金できるのは残り${remaining.toLocaleString('ja-JP')}円までです。` },
      });
    }
    const to = statusAfterRefund(from, input.amountYen === remaining);
    if (!to) throw conflict(`「${FULFILMENT_LABELS[from]}」のご注文は返金できません。`);
    const now = new Date();
    const refundedYen = row.refundedYen + input.amountYen;
    const [updated] = await tx
      .update(orders)
      .set({ refundedYen, fulfilmentStatus: to, updatedAt: now })
      .where(eq(orders.id, orderId))
      .returning();
    await writeOrderEvent(tx, orderId, input.actor, 'refund', {
      from,
      to,
      note: input.reason,
      data: { amountYen: input.amountYen, refundedYen, refundReference: input.refundReference ?? null },
      at: now,
    });
    logger.info({ event: 'order.refunded', orderId, amount: input.amountYen, refundedYen, from, to }, 'order refund recorded');
    if (!updated) throw new Error(`order ${orderId} vanished while locked`);
    return updated;
  });
}

/** A staff note on the timeline (no state change); `onChange` runs in the note's transaction (the audit row). */
export async function addOrderNote(
  orderId: string,
  actor: OrderActor,
  note: string,
  onChange?: (tx: Db, order: OrderRow) => Promise<void>,
  /** what else the note records (the back office's mail outcome: `{ mail: 'order_shipped:failed' }`) */
  data?: Record<string, unknown>,
): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!row) throw new AppError('not_found', { message: ORDER_NOT_FOUND_MESSAGE });
    await writeOrderEvent(tx, orderId, actor, 'note', { note, data: data ?? null });
    if (onChange) await onChange(tx, row);
  });
}

// ---------------------------------------------------------------------------------------------
// The back office's queue and detail

export interface StaffOrderFilter {
  fulfilmentStatuses?: FulfilmentStatus[];
  express?: boolean;
  /** paid on or after / before (instants) */
  paidFrom?: Date;
  paidBefore?: Date;
  corporateNumber?: string;
  memberEmail?: string;
  /** canonical `HJ-YYMM-XXXXX` (parseOrderNumberInput); served by orders_order_number_idx */
  orderNumber?: string;
}

/** The last row of a page of the queue, in the queue's order (see `fulfilmentQueueOrder`). */
export interface StaffOrderCursor {
  express: boolean;
  /** scheduledEndDate, `YYYY-MM-DD` */
  dueDate: string;
  paidAt: string;
  id: string;
}

/** 0 for an express order, 1 otherwise: express comes first in the queue. */
const expressRank = sql<number>`(case when ${orders.deliverySpeed} = 'express' then 0 else 1 end)`;

/**
 * The one order of the fulfilment queue (issue 24 §3), for the page and for the CSV of the open
 * queue alike (docs/decisions/0069): express first, then the last day promised to the member
 * (scheduledEndDate), then who paid first, then the id (a total order, so keyset pages are exact).
 */
export const fulfilmentQueueOrder: SQL[] = [asc(expressRank), asc(orders.scheduledEndDate), asc(orders.paidAt), asc(orders.id)];

/**
 * Rows strictly after `after` in `fulfilmentQueueOrder` (a row comparison over the same keys). The
 * instant goes through Date (JS reads 2026-02-31 as 3 March; PostgreSQL would refuse the text: 500).
 */
function afterInQueue(after: StaffOrderCursor): SQL {
  return sql`(${expressRank}, ${orders.scheduledEndDate}, ${orders.paidAt}, ${orders.id}) > (${after.express ? 0 : 1}, ${after.dueDate}, ${new Date(after.paidAt).toISOString()}::timestamptz, ${after.id}::uuid)`;
}

/** The cursor of a queue row (its keys in `fulfilmentQueueOrder`). */
export function queueCursorOf(order: OrderRow): StaffOrderCursor | null {
  if (!order.paidAt) return null;
  return { express: order.deliverySpeed === 'express', dueDate: order.scheduledEndDate, paidAt: order.paidAt.toISOString(), id: order.id };
}

export interface StaffOrderRow {
  order: OrderRow;
  memberEmail: string | null;
}

/**
 * Paid orders in the queue's order (`fulfilmentQueueOrder`: express first, then by due date),
 * filtered, in keyset pages of `limit` after `after` (conventions.md §6).
 */
export async function listOrdersForStaff(
  filter: StaffOrderFilter,
  page: { limit: number; after?: StaffOrderCursor },
): Promise<{ rows: StaffOrderRow[]; next: StaffOrderCursor | null }> {
  const db = await getDb();
  const where: SQL[] = [sql`${orders.fulfilmentStatus} is not null`];
  if (filter.fulfilmentStatuses?.length) where.push(inArray(orders.fulfilmentStatus, filter.fulfilmentStatuses));
  if (filter.express !== undefined) where.push(eq(orders.deliverySpeed, filter.express ? 'express' : 'normal'));
  if (filter.paidFrom) where.push(gte(orders.paidAt, filter.paidFrom));
  if (filter.paidBefore) where.push(lt(orders.paidAt, filter.paidBefore));
  if (filter.corporateNumber) where.push(eq(orders.corporateNumber, filter.corporateNumber));
  if (filter.memberEmail) where.push(eq(sql`lower(${users.email})`, filter.memberEmail.toLowerCase()));
  if (filter.orderNumber !== undefined) where.push(eq(orders.orderNumber, filter.orderNumber));
  if (page.after) where.push(afterInQueue(page.after));
  const rows = await db
    .select({ order: orders, memberEmail: users.email })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(...where))
    .orderBy(...fulfilmentQueueOrder)
    .limit(page.limit + 1);
  const more = rows.length > page.limit;
  const shown = more ? rows.slice(0, page.limit) : rows;
  const last = shown.at(-1);
  return {
    rows: shown,
    next: more && last ? queueCursorOf(last.order) : null,
  };
}

export interface OrderDetail {
  order: OrderRow;
  memberEmail: string | null;
  events: OrderEventRow[];
}

/** One order with its member's e-mail and its whole timeline (the back office's order detail). */
export async function getOrderDetail(orderId: string): Promise<OrderDetail> {
  const db = await getDb();
  const [row] = await db
    .select({ order: orders, memberEmail: users.email })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!row) throw new AppError('not_found', { message: ORDER_NOT_FOUND_MESSAGE });
  return { ...row, events: await listOrderEvents(orderId) };
}
