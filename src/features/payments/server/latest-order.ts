import 'server-only';

import { getOwnOrder, latestOrder, toOrderView, type OrderView } from '@/features/orders/index.server';

import type { PayjpBuyerMessage } from '@/features/payments/payjp-messages';
import { failureMessage, settleOrder } from './order-payment';
import { withTodaysPrice } from './todays-price';

export type LatestOrderView = OrderView & { failure: PayjpBuyerMessage | null };

/**
 * The member's newest order (or the one named), brought up to date with PAY.JP first when its
 * outcome is not settled, with the buyer's words for a failed payment; null when there is none.
 * What GET /api/payments/latest answers, and what /purchase/completion renders on the server.
 */
export async function latestOrderView(userId: string, paymentId?: string): Promise<LatestOrderView | null> {
  const row = paymentId ? await getOwnOrder(userId, paymentId) : await latestOrder(userId);
  if (!row) return null;
  const settled = await settleOrder(row);
  // An unpaid order is shown at the price paying it again would charge today (0058).
  const order = toOrderView(await withTodaysPrice(settled));
  return {
    ...order,
    failure: order.status === 'failed' || order.status === 'expired' ? failureMessage(order.failureCode) : null,
  };
}
