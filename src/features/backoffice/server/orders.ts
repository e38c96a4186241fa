import 'server-only';

import { eq, inArray } from 'drizzle-orm';

import { receipts } from '@db/schema';
import {
  ORDER_NUMBER_FORMAT_MESSAGE,
  OrderPriceSchema,
  companyRegistryNumber,
  orderedCertificates,
  parseOrderNumberInput,
  type FulfilmentStatus,
} from '@/features/orders';
import {
  acceptedOrdersInQueueOrder,
  addOrderNote,
  advanceFulfilment,
  correctDestination,
  correctTracking,
  getOrderDetail,
  listOrdersForStaff,
  openQueueCounts,
  orderConfirmationMail,
  orderShippedMail,
  findOrder,
  findOrderByNumber,
  type OrderEventRow,
  type OrderRow,
  type StaffOrderFilter,
} from '@/features/orders/index.server';
import { memberEmailOf } from '@/features/accounts/index.server';
import { CSV_BOM, excelCsvLine } from '@/lib/csv';
import { getDb, type Db } from '@/server/db/client';
import { AppError } from '@/server/http/app-error';
import { logger } from '@/server/logger';
import { sendMail } from '@/server/mail';
import { consumeOrThrow, limitKey, waitText } from '@/server/rate-limit';

import {
  ORDER_QUEUE_PAGE_SIZE,
  decodeQueueCursor,
  encodeQueueCursor,
  type DestinationCorrectionBody,
  type FulfilmentBody,
  type OrderQueueQuery,
  type TrackingCorrectionBody,
} from '../schemas';

import { recordStaffAction, type Actor } from './audit';
import { staffLimits } from './limits';

/**
 * The back office's orders (issue 12 §3): the queue, the detail, the fulfilment steps and notes.
 * The orders feature owns the rows, the state machine and the timeline; this module adds who may
 * do it (the route), the audit row — written inside the orders feature's transaction through its
 * `onChange` hook, so a step and its audit row commit together — and the shipped mail after the
 * commit.
 */

/** What the audit row keeps of an order's fulfilment (before → after). */
function fulfilmentView(o: OrderRow) {
  return {
    fulfilmentStatus: o.fulfilmentStatus,
    applicationNumber: o.applicationNumber,
    carrier: o.carrier,
    trackingNumber: o.trackingNumber,
  };
}

/** Japan-time calendar day → the instant it starts. */
function jstDayStart(ymd: string): Date {
  return new Date(`${ymd}T00:00:00+09:00`);
}

export function queueFilter(query: OrderQueueQuery): StaffOrderFilter {
  const filter: StaffOrderFilter = {};
  if (query.status?.length) filter.fulfilmentStatuses = query.status;
  if (query.express !== undefined) filter.express = query.express;
  if (query.from) filter.paidFrom = jstDayStart(query.from);
  // "to" is inclusive: everything paid before the next day starts in Japan
  if (query.to) filter.paidBefore = new Date(jstDayStart(query.to).getTime() + 24 * 60 * 60 * 1000);
  if (query.corporateNumber) filter.corporateNumber = query.corporateNumber;
  if (query.email) filter.memberEmail = query.email;
  // a number typed wrong matches nothing (the page says why); never the whole queue
  if (query.orderNumber !== undefined) filter.orderNumber = parseOrderNumberInput(query.orderNumber) ?? '';
  return filter;
}

export interface QueueRow {
  id: string;
  /** 注文番号 (`HJ-2611-4K7QX`) */
  orderNumber: string;
  paidAt: string | null;
  companyName: string;
  corporateNumber: string;
  memberEmail: string | null;
  express: boolean;
  scheduledStartDate: string;
  scheduledEndDate: string;
  fulfilmentStatus: FulfilmentStatus;
  refundedYen: number;
  amountYen: number;
  certificates: { name: string; quantity: number }[];
}

export async function listOrderQueue(
  query: OrderQueueQuery,
  pageSize = ORDER_QUEUE_PAGE_SIZE,
): Promise<{ rows: QueueRow[]; next: string | null }> {
  const after = decodeQueueCursor(query.after);
  const { rows, next } = await listOrdersForStaff(queueFilter(query), { limit: pageSize, ...(after ? { after } : {}) });
  return {
    rows: rows.map(({ order, memberEmail }) => ({
      id: order.id,
      orderNumber: order.orderNumber,
      paidAt: order.paidAt?.toISOString() ?? null,
      companyName: order.companyName,
      corporateNumber: order.corporateNumber,
      memberEmail,
      express: order.deliverySpeed === 'express',
      scheduledStartDate: order.scheduledStartDate,
      scheduledEndDate: order.scheduledEndDate,
      fulfilmentStatus: order.fulfilmentStatus as FulfilmentStatus,
      refundedYen: order.refundedYen,
      amountYen: order.amountYen,
      certificates: orderedCertificates(order.items, OrderPriceSchema.parse(order.price)).map((c) => ({
        name: c.name,
        quantity: c.quantity,
      })),
    })),
    next: next ? encodeQueueCursor(next) : null,
  };
}

export interface QueueCounts {
  /** 未対応: paid and not yet requested at the bureau */
  untouched: number;
  /** 速達: express orders not yet shipped */
  express: number;
  /** 期限超過: not yet shipped and past the last day promised to the member (Japan time) */
  overdue: number;
}

/** The dashboard's counts of the open queue (issue 24 §3): 未対応・速達・期限超過. */
export async function queueCounts(now = new Date()): Promise<QueueCounts> {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  const row = await openQueueCounts(today);
  return { untouched: row?.untouched ?? 0, express: row?.express ?? 0, overdue: row?.overdue ?? 0 };
}

/**
 * The open queue for a batch request at 登記ねっと (issue 24 §3): every 受付済み order, express
 * first, then by the last promised day, one row per certificate kind with its 会社法人等番号.
 */
export async function openQueueCsv(actor: Actor): Promise<{ filename: string; bytes: Uint8Array<ArrayBuffer> }> {
  const open = await acceptedOrdersInQueueOrder();
  const rows: (string | number)[][] = [
    ['注文番号', '速達', 'お届け期限', '会社法人等番号', '法人番号', '商号', '本店所在地', '証明書', '通数'],
  ];
  for (const o of open) {
    for (const c of orderedCertificates(o.items, OrderPriceSchema.parse(o.price))) {
      rows.push([
        o.orderNumber,
        o.deliverySpeed === 'express' ? '速達' : '',
        o.scheduledEndDate,
        companyRegistryNumber(o.corporateNumber) ?? '',
        o.corporateNumber,
        o.companyName,
        o.companyAddress ?? '',
        c.name,
        c.quantity,
      ]);
    }
  }
  await recordStaffAction(actor, 'order.queue_export', null, { after: { orders: open.length } });
  const body = Buffer.from(CSV_BOM + rows.map(excelCsvLine).join(''), 'utf8');
  const bytes = new Uint8Array(body.byteLength);
  bytes.set(body);
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
  return { filename: `hojin-open-orders-${day}.csv`, bytes };
}

export type OrderNumberLookup =
  | { kind: 'invalid'; message: string }
  | { kind: 'not_found'; orderNumber: string; message: string }
  | { kind: 'found'; orderId: string; orderNumber: string };

/**
 * 注文番号 as staff typed it (a member quoting it on the phone or in a mail): any case, with or
 * without hyphens, full-width. Finds the order whatever its state — a member may ask about a
 * payment that failed — so the queue page opens its detail directly.
 */
export async function lookupOrderNumber(typed: string): Promise<OrderNumberLookup> {
  // Receipts printed before order numbers existed give the internal id as ご注文番号 (decision 0025 §6).
  const uuid = typed.normalize('NFKC').trim().toLowerCase();
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(uuid)) {
    const byId = await findOrder(uuid);
    if (byId) return { kind: 'found', orderId: byId.id, orderNumber: byId.orderNumber };
  }
  const orderNumber = parseOrderNumberInput(typed);
  if (!orderNumber) return { kind: 'invalid', message: ORDER_NUMBER_FORMAT_MESSAGE };
  const order = await findOrderByNumber(orderNumber);
  if (!order)
    return { kind: 'not_found', orderNumber, message: `注文番号 ${orderNumber} のご注文は見つかりませんでした。番号をご確認ください。` };
  return { kind: 'found', orderId: order.id, orderNumber };
}

export interface AdminOrderDetail {
  order: OrderRow;
  memberEmail: string | null;
  events: OrderEventRow[];
  /** the receipt's number once the member downloaded it (receipts are issued on first download) */
  receiptSerial: string | null;
  /** whether the payment went through 3-D Secure (the timeline's awaiting_3ds step) */
  threeDSecure: 'verified' | 'not_required';
  /** the shipped mail failed after the last shipping step and was not sent since */
  shippedMailPending: boolean;
}

export async function getOrderForAdmin(orderId: string): Promise<AdminOrderDetail> {
  const detail = await getOrderDetail(orderId);
  const db = await getDb();
  // Read-only look at the receipts feature's table: the number printed on the receipt, if issued.
  const [receipt] = await db.select({ serial: receipts.serialNumber }).from(receipts).where(eq(receipts.orderId, orderId));
  return {
    ...detail,
    receiptSerial: receipt?.serial ?? null,
    threeDSecure: detail.events.some((e) => e.kind === 'payment' && e.toStatus === 'awaiting_3ds') ? 'verified' : 'not_required',
    shippedMailPending: shippedMailPending(detail.events),
  };
}

/** The mail marks on the timeline (data.mail): the last one after the shipping step says whether it went out. */
function shippedMailPending(events: OrderEventRow[]): boolean {
  let pending = false;
  for (const e of events) {
    const mail = (e.data as { mail?: unknown } | null)?.mail;
    if (e.kind === 'fulfilment' && e.toStatus === 'shipped') pending = false;
    if (mail === 'order_shipped:failed') pending = true;
    if (mail === 'order_shipped:sent') pending = false;
  }
  return pending;
}

/** Receipt serials of many orders (the accounting export), read-only from the receipts table. */
export async function receiptSerialsOf(orderIds: string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ orderId: receipts.orderId, serial: receipts.serialNumber })
    .from(receipts)
    .where(inArray(receipts.orderId, orderIds));
  return new Map(rows.map((r) => [r.orderId, r.serial]));
}

export interface FulfilmentResult {
  fulfilmentStatus: FulfilmentStatus;
  /** for 発送済み: whether the member's mail went out (false: it is marked pending on the order page to resend) */
  mailSent: boolean | null;
}

/**
 * One fulfilment step by a staff member: the orders feature's compare-and-set (409 when the page
 * was stale), the audit row in the same transaction, and for 発送済み the member's mail after the
 * commit. The mail is sent inline — a failure never undoes the shipment; it is logged and written
 * on the timeline as pending, and the order page offers 「発送メールを再送する」 until one goes out.
 */
export async function advanceOrderAsStaff(actor: Actor, orderId: string, body: FulfilmentBody): Promise<FulfilmentResult> {
  const updated = await advanceFulfilment(orderId, body.to, {
    actor: { type: 'staff', id: actor.id },
    expectedFrom: body.expectedFrom,
    note: body.note ?? null,
    ...(body.applicationNumber ? { applicationNumber: body.applicationNumber } : {}),
    ...(body.carrier ? { carrier: body.carrier } : {}),
    ...(body.trackingNumber ? { trackingNumber: body.trackingNumber } : {}),
    onChange: (tx, before, after) =>
      recordStaffAction(
        actor,
        'order.fulfilment',
        ['order', orderId],
        { before: fulfilmentView(before), after: { ...fulfilmentView(after), ...(body.note ? { note: body.note } : {}) } },
        tx,
      ),
  });
  const mailSent = body.to === 'shipped' ? await sendShippedMail(updated) : null;
  return { fulfilmentStatus: updated.fulfilmentStatus as FulfilmentStatus, mailSent };
}

/** Sends the shipped mail and marks the outcome on the timeline (never throws: the shipment stands). */
async function sendShippedMail(order: OrderRow, options: { corrected?: boolean } = {}): Promise<boolean> {
  const email = await memberEmailOf(order.userId);
  let sent = false;
  if (email) {
    try {
      await sendMail(email, orderShippedMail(order, options));
      sent = true;
    } catch (error) {
      logger.error({ err: error, orderId: order.id, event: 'order.shipped_mail_failed' }, 'shipped mail not sent');
    }
  } else {
    logger.error({ orderId: order.id, event: 'order.shipped_mail_failed' }, 'shipped mail: the member has no e-mail address');
  }
  try {
    await addOrderNote(
      order.id,
      { type: 'system' },
      sent
        ? `${options.corrected ? '訂正した' : ''}発送のお知らせメールを送信しました。`
        : `${options.corrected ? '訂正した' : ''}発送のお知らせメールを送信できませんでした。注文画面から再送してください。`,
      undefined,
      { mail: sent ? 'order_shipped:sent' : 'order_shipped:failed' },
    );
  } catch (error) {
    logger.error({ err: error, orderId: order.id, sent }, 'could not record the shipped mail outcome');
  }
  return sent;
}

/**
 * 「追跡番号を訂正する」: the orders feature's correction with its audit row (old and new carrier
 * and number) in the same transaction, then the corrected mail to the member after the commit —
 * a failed mail is marked pending like the first one (「発送メールを再送する」).
 */
export async function correctTrackingAsStaff(actor: Actor, orderId: string, body: TrackingCorrectionBody): Promise<FulfilmentResult> {
  const updated = await correctTracking(orderId, {
    actor: { type: 'staff', id: actor.id },
    carrier: body.carrier,
    trackingNumber: body.trackingNumber,
    expectedTrackingNumber: body.expectedTrackingNumber,
    onChange: (tx, before, after) =>
      recordStaffAction(
        actor,
        'order.tracking_correct',
        ['order', orderId],
        {
          before: { carrier: before.carrier, trackingNumber: before.trackingNumber },
          after: { carrier: after.carrier, trackingNumber: after.trackingNumber },
        },
        tx,
      ),
  });
  const mailSent = await sendShippedMail(updated, { corrected: true });
  return { fulfilmentStatus: updated.fulfilmentStatus as FulfilmentStatus, mailSent };
}

/** 「発送メールを再送する」: only for a shipped order; one audit row per attempt. */
export async function resendShippedMailAsStaff(actor: Actor, orderId: string): Promise<{ mailSent: boolean }> {
  const order = await findOrder(orderId);
  if (!order) throw new AppError('not_found', { message: 'ご注文が見つかりませんでした。' });
  if (order.fulfilmentStatus !== 'shipped' || !order.trackingNumber) {
    throw new AppError('invalid_transition', { status: 409, message: '発送済みのご注文ではないため、発送メールは送れません。' });
  }
  const mailSent = await sendShippedMail(order);
  await recordStaffAction(actor, 'order.shipped_mail_resend', ['order', orderId], { after: { mailSent } });
  return { mailSent };
}

/**
 * 「領収書メールを再送する」 (issue 24 §3): the member's order confirmation — the mail with the
 * receipt link they got after paying, from the same template (orderConfirmationMail) — sent again
 * to the member's address. Paid orders only (409 otherwise), 5 an hour per order (429), audited,
 * and a note on the order's timeline with the outcome.
 */
export async function resendReceiptMailAsStaff(actor: Actor, orderId: string): Promise<{ mailSent: boolean }> {
  const order = await findOrder(orderId);
  if (!order) throw new AppError('not_found', { message: 'ご注文が見つかりませんでした。' });
  if (order.status !== 'paid' || !order.paidAt) {
    throw new AppError('invalid_transition', {
      status: 409,
      message: 'お支払いが完了していないご注文のため、領収書のメールは送れません。',
    });
  }
  const memberEmail = await memberEmailOf(order.userId);
  if (!memberEmail) {
    throw new AppError('invalid_transition', { status: 409, message: '会員のメールアドレスがないため、領収書のメールは送れません。' });
  }
  await consumeOrThrow(
    await staffLimits.receiptMailResendsPerOrder(),
    limitKey('receipt_mail', orderId),
    (seconds) => `このご注文の領収書メールは1時間に5回まで再送できます。${waitText(seconds)}たってからもう一度お試しください。`,
  );
  let mailSent = true;
  try {
    await sendMail(memberEmail, orderConfirmationMail(order));
  } catch (error) {
    mailSent = false;
    logger.warn({ err: error, orderId }, 'receipt mail resend failed');
  }
  await addOrderNote(
    orderId,
    { type: 'staff', id: actor.id },
    mailSent ? '領収書のメールを会員に再送しました。' : '領収書のメールの再送に失敗しました。',
    (tx: Db) => recordStaffAction(actor, 'order.receipt_mail_resend', ['order', orderId], { after: { mailSent } }, tx),
    { mail: `order_confirmation:${mailSent ? 'sent' : 'failed'}` },
  );
  return { mailSent };
}

/**
 * 「お届け先を訂正する」 before the order ships: the orders feature's correction (409 once shipped)
 * with the audit row — the old and the new address — in its transaction.
 */
export async function correctDestinationAsStaff(actor: Actor, orderId: string, body: DestinationCorrectionBody): Promise<{ ok: true }> {
  await correctDestination(orderId, {
    actor: { type: 'staff', id: actor.id },
    destination: body,
    onChange: (tx, before, after) => recordStaffAction(actor, 'order.destination_correct', ['order', orderId], { before, after }, tx),
  });
  return { ok: true };
}

/** A staff note on the order's timeline, with its audit row in the same transaction. */
export async function addOrderNoteAsStaff(actor: Actor, orderId: string, note: string): Promise<void> {
  await addOrderNote(orderId, { type: 'staff', id: actor.id }, note, (tx: Db) =>
    recordStaffAction(actor, 'order.note', ['order', orderId], { after: { note } }, tx),
  );
}
