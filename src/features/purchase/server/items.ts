import 'server-only';

import { and, eq } from 'drizzle-orm';

import { orders } from '@db/schema';
import { getEnv } from '@/config/env';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/http/app-error';

import type { PurchaseSelection } from '../schemas';
import { loadCatalogue } from './catalogue-store';
import { scheduledDateMaster, type ScheduledDateMaster } from './delivery/scheduled-dates';
import type { CatalogueItem } from './pricing/catalogue';
import { priceSelection, taxSummaryLines, type PriceBreakdown } from './pricing/price';

/** The first-purchase price applies while the member has no paid order (issue 7 §1). */
export async function hasPaidOrder(userId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'paid')))
    .limit(1);
  return row !== undefined;
}

export interface ItemView {
  itemId: string;
  name: string;
  ministryFeeYen: number;
  /** the service fee this member pays now (first-purchase fee while isFirstPayPrice) */
  serviceFeeYen: number;
  regularServiceFeeYen: number;
  /** ministry + service fee of one copy, tax included (総額表示) */
  unitTotalYen: number;
}

export interface ItemsAll {
  items: ItemView[];
  scheduledDateMaster: ScheduledDateMaster;
  isFirstPayPrice: boolean;
  /** 速達料金 per order, tax included */
  expressFeeYen: number;
}

function itemView(c: CatalogueItem, first: boolean): ItemView {
  const serviceFeeYen = first ? c.firstPurchaseServiceFeeYen : c.serviceFeeYen;
  return {
    itemId: c.id,
    name: c.name,
    ministryFeeYen: c.ministryFeeYen,
    serviceFeeYen,
    regularServiceFeeYen: c.serviceFeeYen,
    unitTotalYen: c.ministryFeeYen + serviceFeeYen,
  };
}

/** GET /api/items/all */
export async function getItemsAll(userId: string, now: Date = new Date()): Promise<ItemsAll> {
  const [catalogue, paid] = await Promise.all([loadCatalogue(), hasPaidOrder(userId)]);
  const first = !paid;
  return {
    items: catalogue.map((c) => itemView(c, first)),
    scheduledDateMaster: scheduledDateMaster(now),
    isFirstPayPrice: first,
    expressFeeYen: getEnv().FEE_EXPRESS_YEN,
  };
}

export interface TaxView extends PriceBreakdown {
  summaryLines: string[];
}

/** Prices a selection for this member now; unknown items are a 422 with a Japanese message. */
export async function priceForMember(userId: string, selection: PurchaseSelection): Promise<PriceBreakdown> {
  const [catalogue, paid] = await Promise.all([loadCatalogue(), hasPaidOrder(userId)]);
  const result = priceSelection({
    catalogue,
    items: selection.items,
    deliverySpeed: selection.deliverySpeed,
    isFirstPurchase: !paid,
    expressFeeYen: getEnv().FEE_EXPRESS_YEN,
  });
  if (!result.ok) throw new AppError('validation_failed', { message: result.message, fields: { items: result.message } });
  return result.breakdown;
}

/** GET/POST /api/items/tax */
export async function taxForMember(userId: string, selection: PurchaseSelection): Promise<TaxView> {
  const breakdown = await priceForMember(userId, selection);
  return { ...breakdown, summaryLines: taxSummaryLines(breakdown) };
}
