import 'server-only';

import { getPayjpClient, type PayjpClient } from './payjp/client';
import { PayjpApiError } from './payjp/errors';

/**
 * Makes sure a monthly PAY.JP plan exists under the given id (issue 27 §1): looked up first, created
 * when missing; a concurrent creation (`already_exist_id`) counts as done. A plan found with another
 * amount is an error: the caller derives the id from the price, so this means someone changed it by hand.
 */
export async function ensurePayjpPlan(
  plan: { id: string; amount: number; name: string },
  client: PayjpClient = getPayjpClient(),
): Promise<void> {
  try {
    const found = await client.plans.retrieve(plan.id);
    if (found.amount !== plan.amount || found.interval !== 'month')
      throw new Error(`PAY.JP plan ${plan.id} is ${found.amount} yen per ${found.interval}, not ${plan.amount} yen a month`);
    return;
  } catch (error) {
    if (!(error instanceof PayjpApiError && error.status === 404)) throw error;
  }
  try {
    await client.plans.create({ id: plan.id, amount: plan.amount, interval: 'month', name: plan.name });
  } catch (error) {
    if (!(error instanceof PayjpApiError && error.code === 'already_exist_id')) throw error;
  }
}
