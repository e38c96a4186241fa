import 'server-only';

import { eq } from 'drizzle-orm';

import { apiSubscriptions } from '@db/schema';
import { serverConfig } from '@/config/server';
import { ensurePayjpPlan } from '@/features/payments/index.server';
import { getDb } from '@/server/db/client';
import { logger } from '@/server/logger';

import { FREE_PLAN_ID, FREE_PLAN_NAME, type ApiPlan } from '../rules';

/**
 * The public API's plans (issue 27 §1, docs/decisions/0111): the one reader of their
 * configuration. The free plan is API_MONTHLY_QUOTA and API_RATE_PER_SECOND (no card); the paid
 * plans come from API_PAID_PLANS, each billed monthly through a PAY.JP plan whose id this module
 * derives (`payjpPlanIdOf`).
 */

export function freePlan(): ApiPlan {
  const { monthlyQuota, keyPerSecond } = serverConfig().api;
  return { id: FREE_PLAN_ID, name: FREE_PLAN_NAME, priceYen: 0, monthlyQuota, ratePerSecond: keyPerSecond };
}

export function paidPlans(): ApiPlan[] {
  return serverConfig().api.paidPlans.map((p) => ({ ...p }));
}

/** The free plan first, then the paid ones in the configured order. */
export function apiPlans(): ApiPlan[] {
  return [freePlan(), ...paidPlans()];
}

/** A paid plan by id, or null (unknown, removed from the configuration, or the free plan). */
export function paidPlanById(id: string): ApiPlan | null {
  return paidPlans().find((p) => p.id === id) ?? null;
}

/**
 * The PAY.JP plan of a paid plan. PAY.JP cannot change a plan's amount, so the price is part of the
 * id: a new price in the configuration is a new PAY.JP plan, and subscriptions on the old one move
 * to it at their next change (decision 0111).
 */
export function payjpPlanIdOf(plan: ApiPlan): string {
  return `hojin_api_${plan.id}_${plan.priceYen}`;
}

const ensured = new Set<string>();

/**
 * Makes sure the PAY.JP plan of a paid plan exists (created by id, so two instances racing end with
 * one plan). Called before a subscription is created or changed; remembered per process.
 */
export async function ensurePayjpPlanOf(plan: ApiPlan): Promise<string> {
  const id = payjpPlanIdOf(plan);
  if (ensured.has(id)) return id;
  await ensurePayjpPlan({ id, amount: plan.priceYen, name: `hojin API ${plan.name}` });
  ensured.add(id);
  return id;
}

/** At start (instrumentation-node.ts): every paid plan's PAY.JP plan, in the background; a failure is logged and tried again at the first subscription. */
export async function ensurePayjpPlans(): Promise<void> {
  for (const plan of paidPlans()) {
    try {
      await ensurePayjpPlanOf(plan);
    } catch (error) {
      logger.warn({ event: 'api.plan_ensure_failed', plan: plan.id, err: error }, 'PAY.JP plan could not be ensured at start');
    }
  }
}

/** Whether a subscription's paid plan applies now: in its period (active, or canceled until the end), or paused within its grace. */
export function paidNow(row: { status: string; currentPeriodEnd: Date | null; graceUntil: Date | null }, now: Date): boolean {
  if ((row.status === 'active' || row.status === 'canceled') && row.currentPeriodEnd && row.currentPeriodEnd > now) return true;
  return row.status === 'paused' && row.graceUntil !== null && row.graceUntil > now;
}

/** The plan whose quota and rate apply to a key owner now (metering.ts): their subscription's (subscriptions.ts), else the free plan. */
export async function currentPlanOf(userId: string, now = new Date()): Promise<ApiPlan> {
  const db = await getDb();
  const [row] = await db
    .select({
      planId: apiSubscriptions.planId,
      status: apiSubscriptions.status,
      currentPeriodEnd: apiSubscriptions.currentPeriodEnd,
      graceUntil: apiSubscriptions.graceUntil,
    })
    .from(apiSubscriptions)
    .where(eq(apiSubscriptions.userId, userId));
  if (!row || !paidNow(row, now)) return freePlan();
  return paidPlanById(row.planId) ?? freePlan();
}
