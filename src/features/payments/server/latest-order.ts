import 'server-only';

import { getOwnOrder, latestOrder, toOrderView, type OrderView } from '@/features/orders/server';

import type { PayjpBuyerMessage } from './payjp/messages';
import { failureMessage, settleOrder } from './order-payment';

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
  const order = toOrderView(settled);
  return {
    ...order,
    failure: order.status === 'failed' || order.status === 'expired' ? failureMessage(order.failureCode) : null,
  };
}
