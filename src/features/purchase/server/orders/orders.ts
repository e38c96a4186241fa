import 'server-only';

import { CLOSED_COMPANY_ITEM_MESSAGE, isItemOrderable, orderabilityOf, type OrderCompanySnapshot } from '@/features/orders';
import { insertOrder, findOrderByIdempotencyKey, type OrderRow } from '@/features/orders/index.server';
import { lookupCompany } from '@/features/registry/index.server';
import { AppError } from '@/server/http/app-error';

import { REGISTRY_UNAVAILABLE_FOR_ORDER_MESSAGE, companyNotFoundMessage } from '../../rules';
import type { CreatePaymentHistoryBody } from '../../schemas';
import { scheduledDateMaster } from '../delivery/scheduled-dates';
import { priceForMember } from '../items';
import { rememberDestination } from '../saved-addresses';

/**
 * The company of a new order as the registry has it now, and only when its certificates can be
 * ordered (the orders feature's one rule, docs/decisions/0014): an unknown number is 404, a
 * company without a registry record 422, certificates a closed company does not have 422. The
 * browser's idea of the name never reaches the order, the receipt or the mail (issue 12 §2).
 */
export function companyForOrder(corporateNumber: string, itemIds: readonly string[]): OrderCompanySnapshot {
  const found = lookupCompany(corporateNumber);
  if (!found.ok) {
    if (found.code === 'registry_unavailable') {
      throw new AppError('registry_unavailable', {
        status: 503,
        message: REGISTRY_UNAVAILABLE_FOR_ORDER_MESSAGE,
        headers: { 'Retry-After': '30' },
      });
    }
    throw new AppError('company_not_found', {
      status: 404,
      message: companyNotFoundMessage(corporateNumber),
      fields: { 'company.corporateNumber': '法人番号の法人が見つかりません。' },
    });
  }
  const company = found.company;
  const orderability = orderabilityOf(company);
  if (!orderability.orderable) {
    throw new AppError('company_not_orderable', {
      status: 422,
      message: `${company.name}（${company.kindLabel}）：${orderability.message}`,
      fields: { 'company.corporateNumber': orderability.message },
    });
  }
  if (itemIds.some((id) => !isItemOrderable(company, id))) {
    throw new AppError('item_not_orderable', {
      status: 422,
      message: CLOSED_COMPANY_ITEM_MESSAGE,
      fields: { 'selection.items': CLOSED_COMPANY_ITEM_MESSAGE },
    });
  }
  return { corporateNumber: company.corporateNumber, name: company.name, kind: company.kind, address: company.address };
}

/**
 * POST /api/payments/create-payment-history: the pending order with its price snapshot. The
 * price is computed here from the database catalogue; the buyer's `expectedTotalYen` only
 * guards against charging a price they did not see (a mismatch answers 409 and creates nothing).
 * The same idempotency key answers the same order (double click, retried request). The orders
 * feature stores it.
 */
export async function createOrder(userId: string, body: CreatePaymentHistoryBody, now: Date = new Date()): Promise<OrderRow> {
  const existing = await findOrderByIdempotencyKey(userId, body.idempotencyKey);
  if (existing) return sameRequestOrRefuse(existing, body);

  const company = companyForOrder(
    body.company.corporateNumber,
    body.selection.items.map((i) => i.itemId),
  );
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
  const inserted = await insertOrder(
    userId,
    {
      idempotencyKey: body.idempotencyKey,
      corporateNumber: company.corporateNumber,
      companyName: company.name,
      companyKind: company.kind,
      companyAddress: company.address,
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
  // A concurrent request with the same key may have won the insert with another body.
  const order = sameRequestOrRefuse(inserted, body);
  // The confirmed destination is offered on the member's next order (docs/decisions/0063).
  await rememberDestination(userId, d, now);
  return order;
}

/**
 * The order already made under this idempotency key answers a request sent again — only when it is
 * the same request (company, items, delivery, address and 宛名). Another body under a used key is
 * refused as PAY.JP refuses it (`idempotency_key_reused`, docs/decisions/0058), never silently
 * answered with the first order.
 */
function sameRequestOrRefuse(order: OrderRow, body: CreatePaymentHistoryBody): OrderRow {
  const d = body.destination;
  const items = (order.items as { itemId: string; quantity: number }[]).map((i) => `${i.itemId}×${i.quantity}`).join(',');
  const same =
    order.corporateNumber === body.company.corporateNumber &&
    items === body.selection.items.map((i) => `${i.itemId}×${i.quantity}`).join(',') &&
    order.deliverySpeed === body.selection.deliverySpeed &&
    order.recipient === d.recipient &&
    order.destinationZipCode === d.destinationZipCode &&
    order.destinationPrefecture === d.destinationPrefecture &&
    order.destinationCity === d.destinationCity &&
    order.destinationStreet === d.destinationStreet &&
    order.destinationApartmentEtc === d.destinationApartmentEtc &&
    order.receiptRecipient === d.receiptRecipient;
  if (same) return order;
  throw new AppError('idempotency_key_reused', {
    status: 409,
    message:
      '同じ申込みキーで内容の異なるご注文が送信されました。ご注文は作成していません。お手数ですが、画面を読み込み直してからもう一度お試しください。',
  });
}
