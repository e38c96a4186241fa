import 'server-only';

import { insertOrder, findOrderByIdempotencyKey, type OrderRow } from '@/features/orders/server';
import { AppError } from '@/server/http/app-error';

import type { CreatePaymentHistoryBody } from '../../schemas';
import { scheduledDateMaster } from '../delivery/scheduled-dates';
import { priceForMember } from '../items';

/**
 * POST /api/payments/create-payment-history: the pending order with its price snapshot. The
 * price is computed here from the database catalogue; the buyer's `expectedTotalYen` only
 * guards against charging a price they did not see (a mismatch answers 409 and creates nothing).
 * The same idempotency key answers the same order (double click, retried request). The orders
 * feature stores it.
 */
export async function createOrder(userId: string, body: CreatePaymentHistoryBody, now: Date = new Date()): Promise<OrderRow> {
  const existing = await findOrderByIdempotencyKey(userId, body.idempotencyKey);
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
  return insertOrder(
    userId,
    {
      idempotencyKey: body.idempotencyKey,
      corporateNumber: body.company.corporateNumber,
      companyName: body.company.name,
      companyKind: body.company.kind,
      companyAddress: '',
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
    },
    now,
  );
}
