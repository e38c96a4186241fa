import 'server-only';

import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';

import { orders } from '@db/schema';
import { formatYen } from '@/lib/format';
import { AppError } from '@/server/http/app-error';
import type { Db } from '@/server/db/client';

import { RESUMABLE_STATUSES } from '../../schemas';
import { PurchaseSelectionSchema } from '../../selection';
import { loadCatalogue } from './catalogue-store';
import type { CatalogueItem } from './catalogue';
import { priceSelection, type PriceBreakdown } from './price';
import { getSiteInfo } from '@/config/site';

/**
 * The first-purchase price (issue 7 §1, issue 11 §5) — the one place that decides it.
 *
 * It applies to ONE paid order per member. An order holds it from the moment its charge is
 * requested (`charging`, `awaiting_3ds`, `unknown` with `is_first_purchase`) until it fails,
 * expires or is paid; once the member has any paid order, it is gone. A pending order is only a
 * draft: any number of them may show the first-purchase price, but only the first to be charged
 * keeps it — the charge request re-prices the order with this rule under the member's row lock
 * (payments' `purchase`), so three drafts paid at once make exactly one first-purchase order.
 */
const HOLDS_FIRST_PRICE = ['charging', 'awaiting_3ds', 'unknown'] as const;

/**
 * Whether an order of this member may carry the first-purchase price now. `exceptOrderId`: the
 * order being priced (it never blocks itself). `db` may be a transaction (the charge claim).
 */
export async function firstPurchaseAvailable(db: Db, userId: string, exceptOrderId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        exceptOrderId ? ne(orders.id, exceptOrderId) : sql`true`,
        or(eq(orders.status, 'paid'), and(eq(orders.isFirstPurchase, true), inArray(orders.status, [...HOLDS_FIRST_PRICE]))),
      ),
    )
    .limit(1);
  return row === undefined;
}

/**
 * The order a screen is about to pay again (0023's お支払いを再開), when it may be: the member's own
 * order still open for a new attempt. Its resumed charge is priced by `priceOrderAtCharge`, which
 * does not let the order block itself — so a screen that shows its price must price it the same way,
 * not as a new order (which the order itself, holding the first-purchase price, would block).
 * Any other id (another member's, a paid or cancelled order, none) prices as a new order: that is
 * what the screen would make.
 */
export async function resumableOrderOf(db: Db, userId: string, orderId: string | undefined): Promise<string | undefined> {
  if (!orderId) return undefined;
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId), inArray(orders.status, [...RESUMABLE_STATUSES])))
    .limit(1);
  return row?.id;
}

/** A price computed for a selection, or the Japanese reason it cannot be sold now (422). */
export function priceOrThrow(catalogue: readonly CatalogueItem[], selection: unknown, isFirstPurchase: boolean): PriceBreakdown {
  const parsed = PurchaseSelectionSchema.safeParse(selection);
  if (!parsed.success) throw new Error('an order carries a selection that no longer parses');
  const result = priceSelection({
    catalogue,
    items: parsed.data.items,
    deliverySpeed: parsed.data.deliverySpeed,
    isFirstPurchase,
    expressFeeYen: getSiteInfo().fees.expressYen,
  });
  if (!result.ok) throw new AppError('validation_failed', { message: result.message, fields: { items: result.message } });
  return result.breakdown;
}

/**
 * Prices a pending order at charge time with today's catalogue and the rule above. Called inside
 * the charge claim's transaction, after the member's row is locked; `catalogue` is loaded before
 * the transaction (PGlite has one connection: a query outside the transaction would wait for it).
 */
export async function priceOrderAtCharge(
  tx: Db,
  catalogue: readonly CatalogueItem[],
  order: { id: string; userId: string; items: unknown; deliverySpeed: string },
): Promise<PriceBreakdown> {
  const first = await firstPurchaseAvailable(tx, order.userId, order.id);
  return priceOrThrow(catalogue, { items: order.items, deliverySpeed: order.deliverySpeed }, first);
}

/** The catalogue a charge is priced with (loaded before the claim's transaction). */
export function catalogueForCharge(): Promise<CatalogueItem[]> {
  return loadCatalogue();
}

/**
 * 409 `price_changed` for an order whose amount changed since it was confirmed, naming the amount
 * that would be charged now and why; nothing is charged.
 */
export function priceChangedError(before: { isFirstPurchase: boolean }, now: PriceBreakdown): AppError {
  const reason =
    before.isFirstPurchase && !now.isFirstPurchase
      ? '初回価格は会員1名につき最初にお支払いいただく1件のご注文のみに適用されるため、このご注文は通常価格になりました。'
      : !before.isFirstPurchase && now.isFirstPurchase
        ? 'このご注文に初回価格が適用されるようになりました。'
        : '';
  return new AppError('price_changed', {
    status: 409,
    message: `お支払い金額が変わりました（現在の合計 ${formatYen(now.totalYen)}）。${reason}お手数ですが、ご注文内容と金額をもう一度ご確認ください。`,
  });
}
