import 'server-only';

import { RESUMABLE_STATUSES, type OrderStatus } from '@/features/orders';
import { catalogueForCharge, priceOrderAtCharge, type OrderRow } from '@/features/orders/index.server';
import { getDb } from '@/server/db/client';
import { logger } from '@/server/logger';

type Catalogue = Awaited<ReturnType<typeof catalogueForCharge>>;

/**
 * An unpaid order (本人認証待ち, お支払い未完了) as it would be charged if paid again now
 * (docs/decisions/0041, 0058): the same rule as the resumed charge's claim (`priceOrderAtCharge`,
 * the order never blocking itself), so once another order of the member has used the first-purchase
 * price, the history and /purchase/resume show today's price, not the stored first-purchase one.
 * Other orders are shown as stored (a paid order's price is what was charged). Read-only: the stored
 * price changes only at the claim, which still refuses a changed amount with 409 `price_changed`.
 */
export async function withTodaysPrice(row: OrderRow, catalogue?: Catalogue): Promise<OrderRow> {
  if (!RESUMABLE_STATUSES.includes(row.status as OrderStatus)) return row;
  try {
    const priced = await priceOrderAtCharge(await getDb(), catalogue ?? (await catalogueForCharge()), row);
    if (priced.totalYen === row.amountYen && priced.isFirstPurchase === row.isFirstPurchase) return row;
    return {
      ...row,
      price: priced,
      amountYen: priced.totalYen,
      taxYen: priced.taxTotalYen,
      nonTaxableYen: priced.nonTaxableTotalYen,
      isFirstPurchase: priced.isFirstPurchase,
    };
  } catch (error) {
    // A certificate no longer sold: the stored price is shown, and paying again says why it cannot.
    logger.warn({ err: error, orderId: row.id }, 'could not price the unpaid order with today’s catalogue');
    return row;
  }
}

/** The same for a page of orders, with one catalogue read. */
export async function withTodaysPrices(rows: readonly OrderRow[]): Promise<OrderRow[]> {
  if (!rows.some((r) => RESUMABLE_STATUSES.includes(r.status as OrderStatus))) return [...rows];
  const catalogue = await catalogueForCharge();
  const out: OrderRow[] = [];
  for (const row of rows) out.push(await withTodaysPrice(row, catalogue));
  return out;
}
