import 'server-only';

import { getDb } from '@/server/db/client';

import type { PurchaseSelection } from '../schemas';
import {
  firstPurchaseAvailable,
  loadCatalogue,
  priceOrThrow,
  resumableOrderOf,
  taxSummaryLines,
  type CatalogueItem,
  type PriceBreakdown,
} from '@/features/orders/index.server';
import { scheduledDateMaster, type ScheduledDateMaster } from './delivery/scheduled-dates';
import { getSiteInfo } from '@/config/site';

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
  const db = await getDb();
  const [catalogue, first] = await Promise.all([loadCatalogue(), firstPurchaseAvailable(db, userId)]);
  return {
    items: catalogue.map((c) => itemView(c, first)),
    scheduledDateMaster: scheduledDateMaster(now),
    isFirstPayPrice: first,
    expressFeeYen: getSiteInfo().fees.expressYen,
  };
}

export interface TaxView extends PriceBreakdown {
  summaryLines: string[];
}

/**
 * Prices a selection for this member now; unknown items are a 422 with a Japanese message.
 * `resumeOrderId`: the unpaid order the screen would pay again (0023) — priced as its resumed charge
 * will be (`resumableOrderOf`), so the price shown is the amount charged; otherwise as a new order.
 */
export async function priceForMember(userId: string, selection: PurchaseSelection, resumeOrderId?: string): Promise<PriceBreakdown> {
  const db = await getDb();
  const [catalogue, except] = await Promise.all([loadCatalogue(), resumableOrderOf(db, userId, resumeOrderId)]);
  const first = await firstPurchaseAvailable(db, userId, except);
  return priceOrThrow(catalogue, selection, first);
}

/** GET/POST /api/items/tax */
export async function taxForMember(userId: string, selection: PurchaseSelection, resumeOrderId?: string): Promise<TaxView> {
  const breakdown = await priceForMember(userId, selection, resumeOrderId);
  return { ...breakdown, summaryLines: taxSummaryLines(breakdown) };
}
