import 'server-only';

import { and, desc, eq, inArray, isNotNull, lte, or } from 'drizzle-orm';

import { apiSubscriptionPeriods, apiSubscriptions } from '@db/schema';
import { appUrl, serverConfig } from '@/config/server';
import {
  buildThreeDSecureStartUrl,
  containedTaxYen,
  describePayjpFailure,
  findCustomerId,
  getPayjpClient,
  isThreeDSecurePassed,
  PayjpApiError,
  PayjpError,
  payjpBuyerMessage,
  type PayjpCharge,
  type PayjpClient,
  type PayjpSubscription,
} from '@/features/payments/index.server';
import { memberEmailOf } from '@/features/accounts/index.server';
import { formatDateJa, formatYenTaxIncluded } from '@/lib/format';
import { THREE_D_SECURE } from '@/lib/payment-terms';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/http/app-error';
import { giveBackJobLease, takeJobLease } from '@/server/jobs/lease';
import { logger } from '@/server/logger';
import { renderMail, sendMailInBackground } from '@/server/mail';

import { FREE_PLAN_ID, type ApiPlan, type SubscriptionView, type WebhookEventType } from '../rules';
import { apiMeter } from './metering';
import { ensurePayjpPlanOf, freePlan, paidNow, paidPlanById, paidPlans } from './plans';
import { emitWebhookEvent } from './webhooks';

/**
 * The member's paid API plan as a PAY.JP subscription (issue 27 §2, docs/decisions/0112, 0113).
 * Every change is made at PAY.JP first, then the subscription is read back from PAY.JP and copied
 * here (`syncSubscription`) — by the request that made it, by the webhook and by the periodic check
 * alike, so the row is always what PAY.JP last said, whoever saw it first. Each paid charge of the
 * subscription becomes one period row (unique by charge id: seeing it twice records it once).
 */

type Row = typeof apiSubscriptions.$inferSelect;
type Client = PayjpClient;

const SUBSCRIPTION_MESSAGES = {
  unknown_plan: 'お選びのプランは現在お申し込みいただけません。プランを選び直してください。',
  no_card: 'お支払いに使うカードを選んでください。カードがない場合は、先にカードを登録してください。',
  card_not_found: '選択されたカードが見つかりません。カードを選び直してください。',
  already: 'すでにこのプランをご利用中です。',
  none: '有料プランのご契約がありません。',
  busy: '他の操作と重なったため処理できませんでした。画面を更新してご確認ください。',
  tds_failed: `カードの本人認証（${THREE_D_SECURE}）が完了しませんでした。もう一度お試しいただくか、別のカードをお選びください。`,
  demo: 'デモアカウントでは有料プランをお申し込みいただけません。',
} as const;

const fail = (code: keyof typeof SUBSCRIPTION_MESSAGES, status = 422) =>
  new AppError(code, { status, message: SUBSCRIPTION_MESSAGES[code] });

/** A PAY.JP failure as the one error shape, with the member's Japanese message. */
function payjpFailure(error: unknown): never {
  if (!(error instanceof PayjpError)) throw error;
  if (error instanceof PayjpApiError && error.status === 402) {
    throw new AppError('card_error', { status: 422, message: payjpBuyerMessage(error.code ?? 'card_declined').message });
  }
  throw new AppError('payment_service_unavailable', { status: 503, message: describePayjpFailure(error).message });
}

/** Our plan of a PAY.JP plan id (`hojin_api_<id>_<price>`, plans.ts), with PAY.JP's amount as its price. */
function planOfPayjp(payjpPlan: { id: string; amount: number; name?: string | null }): ApiPlan {
  const m = /^hojin_api_([a-z0-9]+)_\d+$/.exec(payjpPlan.id);
  const configured = m?.[1] ? paidPlanById(m[1]) : null;
  if (configured) return { ...configured, priceYen: payjpPlan.amount };
  // A plan removed from the configuration: its name and price as PAY.JP knows them, the free limits.
  return { ...freePlan(), id: m?.[1] ?? payjpPlan.id, name: payjpPlan.name ?? payjpPlan.id, priceYen: payjpPlan.amount };
}

const seconds = (s: number | null | undefined) => (s == null ? null : new Date(s * 1000));

async function rowOf(userId: string): Promise<Row | null> {
  const db = await getDb();
  const [row] = await db.select().from(apiSubscriptions).where(eq(apiSubscriptions.userId, userId));
  return row ?? null;
}

/**
 * Copies what PAY.JP says of a subscription into our row and records its paid charges as periods.
 * Idempotent; the one writer of a subscription's state after it exists.
 */
export async function syncSubscription(payjpSubscriptionId: string, client: Client = getPayjpClient()): Promise<Row | null> {
  let sub: PayjpSubscription | null;
  try {
    sub = await client.subscriptions.retrieve(payjpSubscriptionId);
  } catch (error) {
    if (!(error instanceof PayjpApiError && error.status === 404)) throw error;
    sub = null;
  }
  const db = await getDb();
  const [row] = await db.select().from(apiSubscriptions).where(eq(apiSubscriptions.payjpSubscriptionId, payjpSubscriptionId));
  if (!row) return null;
  if (!sub) {
    // Deleted at PAY.JP (a canceled subscription at its period's end, or deleted by hand).
    const [ended] = await db
      .update(apiSubscriptions)
      .set({ status: 'ended', nextPlanId: null, graceUntil: null, updatedAt: new Date() })
      .where(eq(apiSubscriptions.userId, row.userId))
      .returning();
    apiMeter().forget(row.userId);
    return ended ?? null;
  }
  const plan = planOfPayjp(sub.plan);
  // Paused at PAY.JP with its grace over: ours says `lapsed` (on the free plan, mailed once; checkSubscriptions).
  const status = sub.status === 'paused' && row.status === 'lapsed' ? 'lapsed' : sub.status;
  const graceMs = serverConfig().api.graceDays * 86_400_000;
  const pausedAt = seconds(sub.paused_at);
  const graceUntil = sub.status === 'paused' ? (row.graceUntil ?? new Date((pausedAt ?? new Date()).getTime() + graceMs)) : null;
  const [updated] = await db
    .update(apiSubscriptions)
    .set({
      planId: plan.id,
      nextPlanId: sub.next_cycle_plan ? planOfPayjp(sub.next_cycle_plan).id : null,
      status,
      currentPeriodStart: seconds(sub.current_period_start),
      currentPeriodEnd: seconds(sub.current_period_end),
      graceUntil,
      updatedAt: new Date(),
    })
    .where(and(eq(apiSubscriptions.userId, row.userId), eq(apiSubscriptions.status, row.status)))
    .returning();
  if (!updated) return syncSubscription(payjpSubscriptionId, client); // changed meanwhile: read again
  const recorded = await recordPeriods(row.userId, sub, client);
  apiMeter().forget(row.userId);
  if (row.status !== 'paused' && row.status !== 'lapsed' && status === 'paused') {
    await mailMember(row.userId, failedRenewalMail(plan, graceUntil));
    await billingEvent(row.userId, 'billing.renewal_failed', `renewal_failed:${sub.id}:${sub.current_period_start}`, {
      plan: plan.id,
      graceUntil: graceUntil?.toISOString() ?? null,
    });
  }
  if (row.planId !== plan.id) {
    await billingEvent(row.userId, 'billing.plan_changed', `plan_changed:${sub.id}:${row.planId}:${plan.id}:${sub.current_period_start}`, {
      from: row.planId,
      to: plan.id,
    });
  }
  for (const period of recorded) {
    await mailMember(row.userId, paidPeriodMail(period));
    await billingEvent(row.userId, 'billing.renewed', `period:${period.id}`, {
      plan: period.planId,
      periodStart: period.periodStart.toISOString(),
      periodEnd: period.periodEnd.toISOString(),
      amountYen: period.amountYen,
      taxYen: period.taxYen,
    });
  }
  return updated;
}

/** One month on in Japan time from `from`, on the subscription's day of the month (clamped to the month's end), as PAY.JP renews. */
function oneMonthAfter(from: Date, anchorDay: number): Date {
  const jst = new Date(from.getTime() + 9 * 3_600_000);
  const y = jst.getUTCFullYear();
  const m = jst.getUTCMonth() + 1;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const day = Math.min(anchorDay, last);
  return new Date(
    Date.UTC(y, m, day, jst.getUTCHours(), jst.getUTCMinutes(), jst.getUTCSeconds(), jst.getUTCMilliseconds()) - 9 * 3_600_000,
  );
}

type PeriodRow = typeof apiSubscriptionPeriods.$inferSelect;

/** The paid charges of a subscription not yet recorded, each as the period it pays for; answers the rows this call recorded. */
async function recordPeriods(userId: string, sub: PayjpSubscription, client: Client): Promise<PeriodRow[]> {
  const charges: PayjpCharge[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await client.charges.list({ subscription: sub.id, limit: 100, offset });
    charges.push(...page.data);
    if (!page.has_more) break;
  }
  const paid = charges.filter((c) => c.paid && c.captured).sort((a, b) => a.created - b.created);
  if (paid.length === 0) return [];
  const db = await getDb();
  const known = new Set(
    (
      await db
        .select({ id: apiSubscriptionPeriods.payjpChargeId })
        .from(apiSubscriptionPeriods)
        .where(
          inArray(
            apiSubscriptionPeriods.payjpChargeId,
            paid.map((c) => c.id),
          ),
        )
    ).map((r) => r.id),
  );
  const periodStart = sub.current_period_start ?? 0;
  const anchorDay = new Date(((sub.start ?? sub.created) + 9 * 3600) * 1000).getUTCDate();
  const rows = paid
    .filter((c) => !known.has(c.id))
    .map((c) => {
      const chargedAt = new Date(c.created * 1000);
      const current = c.created >= periodStart && sub.current_period_end !== null;
      const periodEnd = current ? new Date((sub.current_period_end ?? 0) * 1000) : oneMonthAfter(chargedAt, anchorDay);
      // The plan it paid for: the subscription's now for a charge of this period, else the plan of that price.
      const plan =
        current || c.amount === sub.plan.amount
          ? planOfPayjp(sub.plan)
          : (paidPlans().find((p) => p.priceYen === c.amount) ?? planOfPayjp(sub.plan));
      return {
        userId,
        payjpSubscriptionId: sub.id,
        payjpChargeId: c.id,
        planId: plan.id,
        planName: plan.name,
        amountYen: c.amount,
        taxYen: containedTaxYen(c.amount),
        periodStart: chargedAt,
        periodEnd,
        chargedAt,
        refundedYen: c.amount_refunded,
      };
    });
  if (rows.length === 0) return [];
  return db.insert(apiSubscriptionPeriods).values(rows).onConflictDoNothing().returning();
}

// ---- mails and the periodic check -------------------------------------------------------------

async function mailMember(userId: string, mail: ReturnType<typeof renderMail>): Promise<void> {
  const email = await memberEmailOf(userId);
  if (email) void sendMailInBackground(email, mail);
}

const planPage = () => appUrl('/my-page/api').toString();

/**
 * The plan's billing events for the member's webhook endpoints that asked for them (issue 27 §5):
 * the member's own plan and period only; once per `sourceKey`. A failure is logged, never thrown:
 * the subscription is already read back and saved.
 */
async function billingEvent(userId: string, type: WebhookEventType, sourceKey: string, data: Record<string, unknown>): Promise<void> {
  try {
    await emitWebhookEvent(userId, type, data, sourceKey);
  } catch (error) {
    logger.error({ event: 'api.billing_webhook_failed', userId, type, err: error }, 'billing webhook event not recorded');
  }
}

function paidPeriodMail(p: PeriodRow) {
  return renderMail({
    kind: 'api_subscription_paid',
    subject: `API ${p.planName}プランのお支払いが完了しました`,
    lead: [
      `hojin API ${p.planName}プランの料金 ${formatYenTaxIncluded(p.amountYen)}（うち消費税 ${p.taxYen.toLocaleString('ja-JP')}円）をお支払いいただきました。`,
      `対象期間：${formatDateJa(p.periodStart)}〜${formatDateJa(p.periodEnd)}`,
    ],
    action: { label: 'プランとお支払いを見る', url: planPage() },
  });
}

function failedRenewalMail(plan: ApiPlan, graceUntil: Date | null) {
  return renderMail({
    kind: 'api_subscription_failed',
    subject: `API ${plan.name}プランの更新の決済ができませんでした`,
    lead: [
      `hojin API ${plan.name}プランの更新の決済ができませんでした。カードの有効期限や利用枠をご確認ください。`,
      graceUntil
        ? `${formatDateJa(graceUntil)}までは現在のプランの上限でご利用いただけます。それまでにマイページでカードを選んで再開しない場合、フリープランになります。`
        : 'マイページでカードを選んで再開しない場合、フリープランになります。',
    ],
    action: { label: 'カードを選んで再開する', url: planPage() },
  });
}

function lapsedMail(planName: string) {
  return renderMail({
    kind: 'api_subscription_lapsed',
    subject: 'API の有料プランが停止し、フリープランになりました',
    lead: [
      `更新の決済ができなかった hojin API ${planName}プランの猶予期間が終わったため、フリープランの上限でのご利用になりました。`,
      'マイページでカードを選んで再開すると、その時点で決済して有料プランに戻ります。',
    ],
    action: { label: 'プランを再開する', url: planPage() },
  });
}

const CHECK_JOB = 'api-subscriptions';
const CHECK_LEASE_MS = 5 * 60_000;

/**
 * The periodic check (issue 27 §4, in the reconciler's way: one instance at a time under a lease):
 * reads back every subscription whose period has ended (a renewal or an end whose webhook was lost)
 * and every paused or canceled one, then moves paused ones past their grace to `lapsed` (free plan,
 * mailed once).
 */
export async function checkSubscriptions(
  options: { now?: Date; holder?: string; client?: Client } = {},
): Promise<{ ran: boolean; read: number; lapsed: number }> {
  const now = options.now ?? new Date();
  const client = options.client ?? getPayjpClient();
  const holder = options.holder ?? `api-subscriptions:${process.pid}:${Math.random().toString(36).slice(2, 10)}`;
  const db = await getDb();
  if (!(await takeJobLease(db, CHECK_JOB, holder, CHECK_LEASE_MS))) return { ran: false, read: 0, lapsed: 0 };
  try {
    const due = await db
      .select({ id: apiSubscriptions.payjpSubscriptionId })
      .from(apiSubscriptions)
      .where(
        and(
          isNotNull(apiSubscriptions.payjpSubscriptionId),
          or(
            inArray(apiSubscriptions.status, ['paused', 'canceled']),
            and(eq(apiSubscriptions.status, 'active'), lte(apiSubscriptions.currentPeriodEnd, now)),
          ),
        ),
      );
    for (const { id } of due) {
      if (!id) continue;
      try {
        await syncSubscription(id, client);
      } catch (error) {
        logger.warn({ event: 'api.subscription_check_failed', subscription: id, err: error }, 'subscription could not be read back');
      }
    }
    const lapsed = await db
      .update(apiSubscriptions)
      .set({ status: 'lapsed', updatedAt: now })
      .where(and(eq(apiSubscriptions.status, 'paused'), lte(apiSubscriptions.graceUntil, now)))
      .returning();
    for (const row of lapsed) {
      apiMeter().forget(row.userId);
      await mailMember(row.userId, lapsedMail(paidPlanById(row.planId)?.name ?? row.planId));
      await billingEvent(row.userId, 'billing.canceled', `lapsed:${row.payjpSubscriptionId}:${row.graceUntil?.toISOString()}`, {
        plan: row.planId,
        reason: 'renewal_failed',
      });
    }
    return { ran: true, read: due.length, lapsed: lapsed.length };
  } finally {
    await giveBackJobLease(db, CHECK_JOB, holder);
  }
}

/** Every instance's timer (instrumentation-node.ts), at the reconciler's interval. */
export function startSubscriptionCheck(intervalMs: number): { stop: () => Promise<void> } {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = checkSubscriptions()
      .then(() => undefined)
      .catch((error: unknown) => logger.error({ err: error }, 'API subscription check failed'))
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return {
    // The drain (docs/decisions/0125): no new check; one in progress finishes (each step is read back from PAY.JP).
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}

// ---- what the member does -------------------------------------------------------------------

export async function subscriptionView(userId: string, now = new Date()): Promise<SubscriptionView> {
  const row = await rowOf(userId);
  const db = await getDb();
  const periods = await db
    .select()
    .from(apiSubscriptionPeriods)
    .where(eq(apiSubscriptionPeriods.userId, userId))
    .orderBy(desc(apiSubscriptionPeriods.chargedAt), desc(apiSubscriptionPeriods.createdAt))
    .limit(24);
  const status = (row?.status ?? 'none') as SubscriptionView['status'];
  return {
    plan: row && paidNow(row, now) ? (paidPlanById(row.planId) ?? freePlan()) : freePlan(),
    status,
    currentPeriodEnd: row?.currentPeriodEnd?.toISOString() ?? null,
    nextPlan: row?.nextPlanId ? paidPlanById(row.nextPlanId) : null,
    graceUntil: row?.graceUntil?.toISOString() ?? null,
    periods: periods.map((p) => ({
      id: p.id,
      planName: p.planName,
      amountYen: p.amountYen,
      taxYen: p.taxYen,
      periodStart: p.periodStart.toISOString(),
      periodEnd: p.periodEnd.toISOString(),
      refundedYen: p.refundedYen,
    })),
  };
}

export type SubscribeOutcome = { done: true } | { done: false; redirectUrl: string };

const RETURN_PATH = '/api/api-subscription/tds-return';

/**
 * Subscribe to a paid plan with one of the member's cards, or resume a paused (failed renewal) or
 * ended subscription with a card. The card must have passed 3-D Secure (PAY.JP's
 * three_d_secure_requests for a customer's card): when it has not, the member is sent to the
 * 3-D Secure page and `finishThreeDSecure` completes this on their return.
 */
export async function subscribe(
  userId: string,
  input: { planId: string; cardId: string },
  client: Client = getPayjpClient(),
): Promise<SubscribeOutcome> {
  const plan = paidPlanById(input.planId);
  if (!plan) throw fail('unknown_plan');
  const customerId = await findCustomerId(userId);
  if (!customerId) throw fail('no_card');
  const row = await rowOf(userId);
  if (row && (row.status === 'active' || row.status === 'canceled') && row.currentPeriodEnd && row.currentPeriodEnd > new Date()) {
    throw fail('already', 409);
  }
  const card = await client.cards.retrieve(customerId, input.cardId).catch((error: unknown) => {
    if (error instanceof PayjpApiError && error.status === 404) throw fail('card_not_found', 404);
    return payjpFailure(error);
  });
  const db = await getDb();
  if (isThreeDSecurePassed(card.three_d_secure_status)) {
    await db
      .insert(apiSubscriptions)
      .values({ userId, payjpCustomerId: customerId, planId: plan.id, status: row?.status ?? 'pending' })
      .onConflictDoNothing();
    await startOrResume(userId, customerId, plan, input.cardId, client);
    return { done: true };
  }
  const request = await client.threeDSecureRequests.create({ resource_id: input.cardId }).catch(payjpFailure);
  const pending = { pendingTdsRequestId: request.id, pendingCardId: input.cardId, pendingPlanId: plan.id, updatedAt: new Date() };
  await db
    .insert(apiSubscriptions)
    .values({ userId, payjpCustomerId: customerId, planId: plan.id, status: 'pending', ...pending })
    .onConflictDoUpdate({ target: apiSubscriptions.userId, set: pending });
  return {
    done: false,
    redirectUrl: await buildThreeDSecureStartUrl({ resourceId: request.id, returnUrl: appUrl(RETURN_PATH).toString() }),
  };
}

/** The member's return from the card's 3-D Secure page: finishes the subscription when the card passed. */
export async function finishThreeDSecure(userId: string, client: Client = getPayjpClient()): Promise<'subscribed' | 'failed'> {
  const row = await rowOf(userId);
  if (!row?.pendingTdsRequestId || !row.pendingCardId || !row.pendingPlanId) return 'failed';
  const request = await client.threeDSecureRequests.retrieve(row.pendingTdsRequestId).catch(payjpFailure);
  const card = await client.cards.retrieve(row.payjpCustomerId, row.pendingCardId).catch(payjpFailure);
  const db = await getDb();
  // Claim the pending request: a second return (reload, another tab) finds nothing to do.
  const [claimed] = await db
    .update(apiSubscriptions)
    .set({ pendingTdsRequestId: null, pendingCardId: null, pendingPlanId: null, updatedAt: new Date() })
    .where(and(eq(apiSubscriptions.userId, userId), eq(apiSubscriptions.pendingTdsRequestId, row.pendingTdsRequestId)))
    .returning();
  if (!claimed) return row.status === 'active' ? 'subscribed' : 'failed';
  const passed = request.resource_id === row.pendingCardId && isThreeDSecurePassed(card.three_d_secure_status);
  const plan = paidPlanById(row.pendingPlanId);
  if (!passed || !plan) return 'failed';
  await startOrResume(userId, row.payjpCustomerId, plan, row.pendingCardId, client);
  return 'subscribed';
}

/** The card becomes the customer's default (PAY.JP charges the default card), then the subscription is made or resumed. */
async function startOrResume(userId: string, customerId: string, plan: ApiPlan, cardId: string, client: Client): Promise<void> {
  await client.customers.update(customerId, { default_card: cardId }).catch(payjpFailure);
  const row = await rowOf(userId);
  const payjpPlanId = await ensurePayjpPlanOf(plan).catch(payjpFailure);
  if (row?.payjpSubscriptionId && (row.status === 'paused' || row.status === 'lapsed')) {
    // A failed renewal: resume charges now and starts a new period (the plan may change first).
    if (row.planId !== plan.id) await client.subscriptions.update(row.payjpSubscriptionId, { plan: payjpPlanId }).catch(payjpFailure);
    await client.subscriptions.resume(row.payjpSubscriptionId).catch(payjpFailure);
    await syncSubscription(row.payjpSubscriptionId, client);
    return;
  }
  const sub = await client.subscriptions
    .create({ customer: customerId, plan: payjpPlanId, metadata: { user_id: userId } })
    .catch(payjpFailure);
  const db = await getDb();
  await db
    .update(apiSubscriptions)
    .set({ payjpSubscriptionId: sub.id, planId: plan.id, status: sub.status, graceUntil: null, updatedAt: new Date() })
    .where(eq(apiSubscriptions.userId, userId));
  await syncSubscription(sub.id, client);
  logger.info({ event: 'api.subscribed', userId, plan: plan.id }, 'API subscription created');
}

async function liveRow(userId: string): Promise<Row & { payjpSubscriptionId: string }> {
  const row = await rowOf(userId);
  if (!row?.payjpSubscriptionId || (row.status !== 'active' && row.status !== 'canceled')) throw fail('none', 404);
  return row as Row & { payjpSubscriptionId: string };
}

/**
 * Another plan (decision 0112): a dearer one at once, charged pro rata for the days left (PAY.JP's
 * `prorate`), a cheaper one from the next period (`next_cycle_plan`); the current plan again
 * cancels a waiting downgrade.
 */
export async function changePlan(userId: string, planId: string, client: Client = getPayjpClient()): Promise<void> {
  const row = await liveRow(userId);
  const current = paidPlanById(row.planId);
  if (planId === FREE_PLAN_ID) return cancelSubscription(userId, client);
  const plan = paidPlanById(planId);
  if (!plan) throw fail('unknown_plan');
  const payjpPlanId = await ensurePayjpPlanOf(plan).catch(payjpFailure);
  if (plan.id === row.planId) {
    if (row.nextPlanId) await client.subscriptions.update(row.payjpSubscriptionId, { next_cycle_plan: '' }).catch(payjpFailure);
    if (row.status === 'canceled') await client.subscriptions.resume(row.payjpSubscriptionId).catch(payjpFailure);
  } else if (!current || plan.priceYen > current.priceYen) {
    if (row.status === 'canceled') await client.subscriptions.resume(row.payjpSubscriptionId).catch(payjpFailure);
    await client.subscriptions.update(row.payjpSubscriptionId, { plan: payjpPlanId, prorate: true }).catch(payjpFailure);
  } else {
    if (row.status === 'canceled') await client.subscriptions.resume(row.payjpSubscriptionId).catch(payjpFailure);
    await client.subscriptions.update(row.payjpSubscriptionId, { next_cycle_plan: payjpPlanId }).catch(payjpFailure);
  }
  await syncSubscription(row.payjpSubscriptionId, client);
}

/** Cancel at the period's end (PAY.JP's cancel: usable and resumable until then, then deleted). */
export async function cancelSubscription(userId: string, client: Client = getPayjpClient()): Promise<void> {
  const row = await liveRow(userId);
  if (row.status === 'canceled') return;
  await client.subscriptions.cancel(row.payjpSubscriptionId).catch(payjpFailure);
  await syncSubscription(row.payjpSubscriptionId, client);
}
