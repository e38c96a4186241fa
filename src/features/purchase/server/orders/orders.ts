import 'server-only';

import { and, desc, eq } from 'drizzle-orm';

import { orders } from '@db/schema';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/http/app-error';

import type { CreatePaymentHistoryBody, OrderStatus } from '../../schemas';
import { scheduledDateMaster } from '../delivery/scheduled-dates';
import { priceForMember } from '../items';
import type { PriceBreakdown } from '../pricing/price';

export type OrderRow = typeof orders.$inferSelect;

/**
 * POST /api/payments/create-payment-history: the pending order with its price snapshot. The
 * price is computed here from the database catalogue; the buyer's `expectedTotalYen` only
 * guards against charging a price they did not see (a mismatch answers 409 and creates nothing).
 * The same idempotency key answers the same order (double click, retried request).
 */
export async function createOrder(userId: string, body: CreatePaymentHistoryBody, now: Date = new Date()): Promise<OrderRow> {
  const db = await getDb();
  const existing = await findByIdempotencyKey(userId, body.idempotencyKey);
  if (existing) return existing;

  const price = await priceForMember(userId, body.selection);
  if (price.totalYen !== body.expectedTotalYen) {
    throw new AppError('price_changed', {
      status: 409,
      message: `お支払い金額が変わりました（現在の合計 ${price.totalYen.toLocaleString('ja-JP')}円）。お手数ですが、ご注文内容をもう一度ご確認ください。`,
    });
  }
  const dates = scheduledDateMaster(now);
  const express = body.selection.deliverySpeed === 'express';
  const d = body.destination;
  const [inserted] = await db
    .insert(orders)
    .values({
      userId,
      idempotencyKey: body.idempotencyKey,
      status: 'pending',
      corporateNumber: body.company.corporateNumber,
      companyName: body.company.name,
      companyKind: body.company.kind,
      deliverySpeed: body.selection.deliverySpeed,
      scheduledStartDate: express ? dates.expressStartDate : dates.normalStartDate,
      scheduledEndDate: express ? dates.expressEndDate : dates.normalEndDate,
      items: body.selection.items,
      price,
      amountYen: price.totalYen,
      taxYen: price.taxTotalYen,
      nonTaxableYen: price.nonTaxableTotalYen,
      isFirstPurchase: price.isFirstPurchase,
      recipient: d.recipient,
      destinationZipCode: d.destinationZipCode,
      destinationPrefecture: d.destinationPrefecture,
      destinationCity: d.destinationCity,
      destinationStreet: d.destinationStreet,
      destinationApartmentEtc: d.destinationApartmentEtc,
      receiptRecipient: d.receiptRecipient,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: [orders.userId, orders.idempotencyKey] })
    .returning();
  if (inserted) return inserted;
  // A concurrent request with the same key won the insert.
  const winner = await findByIdempotencyKey(userId, body.idempotencyKey);
  if (!winner) throw new Error('order insert conflicted but no order was found');
  return winner;
}

async function findByIdempotencyKey(userId: string, key: string): Promise<OrderRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return row;
}

/** An order of this member, or 404 (another member's order is indistinguishable from none). */
export async function getOwnOrder(userId: string, orderId: string): Promise<OrderRow> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1);
  if (!row) throw new AppError('not_found', { message: 'ご注文が見つかりませんでした。' });
  return row;
}

/** The member's newest order (any status), or undefined. */
export async function latestOrder(userId: string): Promise<OrderRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id)).limit(1);
  return row;
}

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'お支払い前',
  charging: 'お支払い処理中',
  awaiting_3ds: '本人認証待ち',
  paid: 'お支払い完了',
  failed: 'お支払い未完了',
  expired: 'お支払い期限切れ',
  unknown: 'お支払い確認中',
};

export interface OrderView {
  paymentId: string;
  status: OrderStatus;
  statusLabel: string;
  createdAt: string;
  paidAt: string | null;
  company: { corporateNumber: string; name: string };
  lines: PriceBreakdown['lines'];
  taxRates: PriceBreakdown['taxRates'];
  nonTaxableTotalYen: number;
  taxTotalYen: number;
  totalYen: number;
  isFirstPurchase: boolean;
  deliverySpeed: 'normal' | 'express';
  scheduledStartDate: string;
  scheduledEndDate: string;
  destination: {
    recipient: string;
    destinationZipCode: string;
    destinationPrefecture: string;
    destinationCity: string;
    destinationStreet: string;
    destinationApartmentEtc: string;
    receiptRecipient: string;
  };
  card: { brand: string; last4: string } | null;
  failureCode: string | null;
  /** `/api/download/receipt/{paymentId}.pdf` once paid (docs/api.md), else null */
  receiptUrl: string | null;
}

function statusOf(row: OrderRow): OrderStatus {
  return row.status as OrderStatus;
}

export function toOrderView(row: OrderRow): OrderView {
  const price = row.price as PriceBreakdown;
  const status = statusOf(row);
  return {
    paymentId: row.id,
    status,
    statusLabel: ORDER_STATUS_LABELS[status],
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    company: { corporateNumber: row.corporateNumber, name: row.companyName },
    lines: price.lines,
    taxRates: price.taxRates,
    nonTaxableTotalYen: row.nonTaxableYen,
    taxTotalYen: row.taxYen,
    totalYen: row.amountYen,
    isFirstPurchase: row.isFirstPurchase,
    deliverySpeed: row.deliverySpeed === 'express' ? 'express' : 'normal',
    scheduledStartDate: row.scheduledStartDate,
    scheduledEndDate: row.scheduledEndDate,
    destination: {
      recipient: row.recipient,
      destinationZipCode: row.destinationZipCode,
      destinationPrefecture: row.destinationPrefecture,
      destinationCity: row.destinationCity,
      destinationStreet: row.destinationStreet,
      destinationApartmentEtc: row.destinationApartmentEtc,
      receiptRecipient: row.receiptRecipient,
    },
    card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
    failureCode: row.failureCode,
    receiptUrl: status === 'paid' ? `/api/download/receipt/${row.id}.pdf` : null,
  };
}
