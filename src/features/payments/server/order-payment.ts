import 'server-only';

import { eq } from 'drizzle-orm';

import { payjpWebhookEvents, users } from '@db/schema';
import {
  PAYMENT_STATUS_LABELS,
  RESUMABLE_STATUSES,
  SYSTEM_ACTOR,
  paymentDeadline,
  type OrderActor,
  type OrderStatus,
} from '@/features/orders';
import {
  adoptEarlierAttemptCharge,
  catalogueForCharge,
  claimForCharge as claimOrderForCharge,
  claimOrdersToReconcile,
  findOrderOfCharge,
  getOwnOrder,
  markConfirmationMailSent,
  orderConfirmationMail,
  priceChangedError,
  priceOrderAtCharge,
  reloadOrder as reload,
  transitionPayment,
  type OrderRow,
  type PaymentGuard,
  type PaymentPatch,
} from '@/features/orders/index.server';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/http/app-error';
import { logger } from '@/server/logger';
import { sendMail } from '@/server/mail';

import { ATTEMPT_SUPERSEDED_MESSAGE } from '../client/attempts';
import { findCustomerId, isDemoMember, isTestMode } from './customers';
import { getPayjpClient, type PayjpClient } from './payjp/client';
import { getPayjpConfig } from './payjp/config';
import { PayjpApiError, PayjpError, describePayjpFailure } from './payjp/errors';
import { payjpBuyerMessage, payjpOutcomeMessage, type PayjpBuyerMessage } from '@/features/payments/payjp-messages';
import { isThreeDSecurePassed, type PayjpCharge, type PayjpEvent } from './payjp/schemas';
import { buildThreeDSecureStartUrl } from './payjp/three-d-secure';
import { assertCardPaymentAvailable } from './public-key';
import { recordOutsideRefund, type OutsideRefundOptions } from './refunds';
import { appUrl } from '@/config/server';

/**
 * The payment state machine of an order (security.md "Payments", docs/decisions/0008):
 *
 *   pending ─claim─▶ charging ─charge created─▶ awaiting_3ds ─tds_finish─▶ paid
 *                       │  └─declined / refused─▶ failed        ├─3DS failed / given up─▶ failed
 *                       └─timeout, 5xx, reset─▶ unknown          └─30 min window passed─▶ expired
 *   unknown ─reconcile (GET /v1/charges, metadata.order_id)─▶ awaiting_3ds | paid | failed
 *   awaiting_3ds | failed ─お支払いを再開─▶ charging (attempt + 1)   ─取り消す─▶ cancelled
 *   awaiting_3ds | failed ─payment deadline passed, PAY.JP says not paid─▶ expired   (0023)
 *
 * Every transition is a compare-and-set inside a transaction holding the row lock
 * (SELECT … FOR UPDATE) — the orders feature's `transitionPayment`, which owns the table and the
 * table of legal steps — so two requests racing for one order make at most one charge: only the
 * request that moved the order from `pending` to `charging` sends POST /v1/charges. A request
 * whose outcome is unknown is never re-sent; the charge is found again by its order id.
 * Everything that learns about a charge (the 3-D Secure return, the completion page, a webhook)
 * re-reads the charge at PAY.JP and goes through `settleOrder`, which is idempotent.
 */

export type { OrderRow };
type Status = OrderStatus;

/** How long after sending the charge request an order without a charge at PAY.JP is given up. */
function noChargeGraceMs(): number {
  return getPayjpConfig().timeoutMs + 60_000;
}

/** The 3-D Secure flow of a charge ends after about 30 minutes (domain.md §3). */
const THREE_D_SECURE_WINDOW_SECONDS = 30 * 60;

/** A payment step through the orders feature (compare-and-set under the row lock, with its timeline row). */
function transition(
  orderId: string,
  from: readonly Status[],
  patch: PaymentPatch,
  actor: OrderActor = SYSTEM_ACTOR,
  guard?: PaymentGuard,
  note?: string,
): Promise<OrderRow | null> {
  return transitionPayment(orderId, from, patch, actor, guard, note ?? null);
}

const ownOrder = getOwnOrder;

/** The payment attempt a charge was made for (`metadata[attempt]`; charges from before 0023 have none: 1). */
function attemptOf(charge: PayjpCharge): number {
  const raw = charge.metadata?.attempt;
  const n = typeof raw === 'string' ? Number(raw) : typeof raw === 'number' ? raw : 1;
  return Number.isInteger(n) && n > 0 ? n : 1;
}

/**
 * Whether a charge is the order's current attempt's (0023). A charge of an abandoned attempt is
 * never finished nor adopted: without tds_finish a 3-D Secure charge takes no money.
 */
function isCurrentCharge(order: OrderRow, charge: PayjpCharge): boolean {
  return order.payjpChargeId ? charge.id === order.payjpChargeId : attemptOf(charge) === order.paymentAttempt;
}

/** True once the order's payment deadline (PAYMENT_DEADLINE_MINUTES after its latest attempt began) has passed. */
function pastDeadline(order: OrderRow, now: Date): boolean {
  return now.getTime() > paymentDeadline(order).getTime();
}

function cardFields(charge: PayjpCharge): { cardBrand: string | null; cardLast4: string | null } {
  return { cardBrand: charge.card?.brand ?? null, cardLast4: charge.card?.last4 ?? null };
}

// ---------------------------------------------------------------------------------------------
// Outcomes

/**
 * When the order was paid: PAY.JP's capture time, never later than now — a payment the reconciler
 * or a late webhook confirms after midnight stays in the day (and the accounting month) PAY.JP took it.
 */
function paidAtOf(charge: PayjpCharge): Date {
  const now = new Date();
  if (charge.captured_at === null) return now;
  const captured = new Date(charge.captured_at * 1000);
  return captured < now ? captured : now;
}

async function markPaid(order: OrderRow, charge: PayjpCharge): Promise<OrderRow> {
  if (charge.amount !== order.amountYen) {
    // Never expected (the amount is ours); keep the money trail visible for the operator.
    logger.error(
      { event: 'order.amount_mismatch', orderId: order.id, chargeId: charge.id, charged: charge.amount, expected: order.amountYen },
      'charge amount differs from the order',
    );
  }
  const paid = await transition(order.id, ['charging', 'awaiting_3ds', 'unknown', 'failed', 'expired', 'cancelled'], {
    status: 'paid',
    payjpChargeId: charge.id,
    paidAt: paidAtOf(charge),
    failureCode: null,
    ...cardFields(charge),
  });
  if (!paid) return reload(order.id);
  logger.info({ event: 'order.paid', orderId: order.id, chargeId: charge.id, amount: charge.amount }, 'order paid');
  await sendConfirmation(paid);
  return reload(order.id);
}

async function markFailed(
  order: OrderRow,
  code: string,
  chargeId: string | null,
  status: 'failed' | 'expired' = 'failed',
): Promise<OrderRow> {
  const updated = await transition(order.id, ['charging', 'awaiting_3ds', 'unknown'], {
    status,
    failureCode: code,
    ...(chargeId ? { payjpChargeId: chargeId } : {}),
  });
  return updated ?? reload(order.id);
}

/** The order confirmation mail, once: whoever marks the order paid sends it. A mail failure is logged, never undoes the payment. */
async function sendConfirmation(order: OrderRow): Promise<void> {
  const db = await getDb();
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, order.userId));
  if (!user?.email) return;
  try {
    await sendMail(user.email, orderConfirmationMail(order));
    await markConfirmationMailSent(order.id);
  } catch (error) {
    logger.warn({ err: error, orderId: order.id }, 'order confirmation mail not sent');
  }
}

// ---------------------------------------------------------------------------------------------
// Settling: from what PAY.JP says about the charge

interface SettleOptions {
  /** The buyer came back from the 3-D Secure page: an unverified charge means they gave up. */
  buyerReturned?: boolean;
  client?: PayjpClient;
  now?: Date;
}

async function settleWithCharge(order: OrderRow, charge: PayjpCharge, options: SettleOptions): Promise<OrderRow> {
  const client = options.client ?? getPayjpClient();
  if (charge.paid) return markPaid(order, charge);
  if (charge.failure_code) return markFailed(order, charge.failure_code, charge.id);
  const tds = charge.three_d_secure_status;
  if (isThreeDSecurePassed(tds)) {
    // tds_finish takes the money: only for the order's current charge while it still waits for it.
    // Looked at again just before, so a cancel or another attempt committed meanwhile (this
    // request read the order earlier) is honoured: a cancelled order's charge is never finished (0057).
    const now = await reload(order.id);
    if (now.status !== 'awaiting_3ds' || now.payjpChargeId !== charge.id) return now;
    try {
      const finished = await client.charges.finishThreeDSecure(charge.id);
      return finished.paid ? markPaid(order, finished) : order;
    } catch (error) {
      if (error instanceof PayjpApiError && error.isCardError) return markFailed(order, error.code ?? 'card_declined', charge.id);
      if (error instanceof PayjpError && !error.outcomeUnknown && error instanceof PayjpApiError) {
        // Finished by a concurrent request, or the window closed: the charge tells which.
        const again = await client.charges.retrieve(charge.id);
        if (again.paid) return markPaid(order, again);
        if (again.failure_code) return markFailed(order, again.failure_code, charge.id);
        return markFailed(
          order,
          error.code ?? 'three_d_secure_incompleted',
          charge.id,
          error.code === 'not_in_three_d_secure_flow' ? 'expired' : 'failed',
        );
      }
      // Timeout on tds_finish: leave awaiting_3ds; the next look (page, webhook) settles it.
      logger.warn({ err: error, orderId: order.id }, 'tds_finish outcome unknown');
      return order;
    }
  }
  if (tds === 'failed' || tds === 'error') return markFailed(order, 'three_d_secure_failed', charge.id);
  const now = options.now ?? new Date();
  if (now.getTime() / 1000 > charge.created + THREE_D_SECURE_WINDOW_SECONDS) {
    return markFailed(order, 'not_in_three_d_secure_flow', charge.id, 'expired');
  }
  // PAY.JP says the charge is not paid and its 3-D Secure step unfinished: an attempt abandoned
  // past our deadline expires (0023).
  if (pastDeadline(order, now)) return markFailed(order, PAYMENT_DEADLINE_CODE, charge.id, 'expired');
  if (options.buyerReturned) return markFailed(order, 'three_d_secure_incompleted', charge.id);
  return order;
}

/** Finds the charge of an order whose creation we never heard back from (metadata.order_id). */
async function findChargeOfOrder(
  order: OrderRow,
  client: PayjpClient,
  attempt: number = order.paymentAttempt,
): Promise<PayjpCharge | null> {
  // An earlier attempt's charge was made before this attempt began: searched from the order's creation.
  const from = attempt === order.paymentAttempt ? (order.chargingStartedAt ?? order.createdAt) : order.createdAt;
  const since = Math.floor(from.getTime() / 1000) - 300;
  for (let offset = 0; offset < 1000; offset += 100) {
    const page = await client.charges.list({ since, limit: 100, offset });
    // The attempt's charge only: an abandoned attempt's charge is never adopted (0023) — except
    // by its own late return (completeWithEarlierAttempt, 0057).
    const match = page.data.find((c) => c.metadata?.order_id === order.id && attemptOf(c) === attempt);
    if (match) return match;
    if (!page.has_more) break;
  }
  return null;
}

async function reconcileUnknown(order: OrderRow, options: SettleOptions): Promise<OrderRow> {
  const client = options.client ?? getPayjpClient();
  const charge = await findChargeOfOrder(order, client);
  if (charge) {
    const adopted =
      (await transition(order.id, ['charging', 'unknown'], { status: 'awaiting_3ds', payjpChargeId: charge.id, ...cardFields(charge) })) ??
      (await reload(order.id));
    logger.info({ event: 'order.reconciled', orderId: order.id, chargeId: charge.id }, 'charge found for an order with an unknown outcome');
    return adopted.status === 'awaiting_3ds' ? settleWithCharge(adopted, charge, options) : adopted;
  }
  const started = (order.chargingStartedAt ?? order.createdAt).getTime();
  const now = (options.now ?? new Date()).getTime();
  if (now - started > noChargeGraceMs()) {
    // No charge with this order id exists at PAY.JP: nothing was charged, the buyer may order again.
    return markFailed(order, 'no_charge_created', null);
  }
  return order;
}

/**
 * Brings an order up to date with PAY.JP. Idempotent; safe to call from the 3-D Secure return,
 * the completion page, the webhook and a sweep. Failures to reach PAY.JP leave the order as it is.
 */
export async function settleOrder(order: OrderRow, options: SettleOptions = {}): Promise<OrderRow> {
  const client = options.client ?? getPayjpClient();
  try {
    switch (order.status as Status) {
      case 'unknown':
        return await reconcileUnknown(order, options);
      case 'charging':
        // A request that died between claiming and recording the outcome (crash, deploy), or one
        // still running. A charge PAY.JP already has is adopted at once (compare-and-set: a live
        // request that hears back later finds the order moved on); no charge fails the order only
        // after the client timeout + 60 s, when no request can still be making it.
        return await reconcileUnknown(order, options);
      case 'awaiting_3ds': {
        if (!order.payjpChargeId) return await reconcileUnknown(order, options);
        const charge = await client.charges.retrieve(order.payjpChargeId);
        return await settleWithCharge(order, charge, options);
      }
      case 'failed':
        return await expireFailed(order, options);
      default:
        return order;
    }
  } catch (error) {
    logger.warn({ err: error, orderId: order.id }, 'could not settle the order with PAY.JP now');
    return order;
  }
}

/**
 * A failed order past its payment deadline becomes 期限切れ (0023) — after PAY.JP confirms that its
 * charge, if it had one, took no money (a paid one makes the order paid instead). Before the
 * deadline it stays failed: the member may still pay it again or cancel it.
 */
async function expireFailed(order: OrderRow, options: SettleOptions): Promise<OrderRow> {
  if (!pastDeadline(order, options.now ?? new Date())) return order;
  if (order.payjpChargeId) {
    const charge = await (options.client ?? getPayjpClient()).charges.retrieve(order.payjpChargeId);
    if (charge.paid) return markPaid(order, charge);
  }
  const expired = await transition(
    order.id,
    ['failed'],
    { status: 'expired', failureCode: order.failureCode ?? PAYMENT_DEADLINE_CODE },
    SYSTEM_ACTOR,
    { paymentAttempt: order.paymentAttempt },
    'payment deadline passed',
  );
  return expired ?? reload(order.id);
}

// ---------------------------------------------------------------------------------------------
// The background reconciler's share (reconciler.ts, docs/decisions/0013)

export { claimOrdersToReconcile };

/**
 * The confirmation mail of a paid order that has none (the process died between marking the
 * order paid and sending). Only for an order the caller claimed: the claim is what makes it once.
 */
export async function sendMissingConfirmation(order: OrderRow): Promise<boolean> {
  if (order.status !== 'paid' || order.mailSentAt) return false;
  await sendConfirmation(order);
  return (await reload(order.id)).mailSentAt !== null;
}

// ---------------------------------------------------------------------------------------------
// POST /api/payments/purchase

export type PurchaseResult =
  | { paymentId: string; status: 'awaiting_3ds'; redirectUrl: string }
  | { paymentId: string; status: 'paid' }
  | { paymentId: string; status: 'charging' | 'unknown'; message: string }
  | { paymentId: string; status: 'failed' | 'expired'; failure: PayjpBuyerMessage };

/** The return address of a 3-D Secure page, naming the attempt it belongs to (0023). */
export function threeDSecureReturnUrl(orderId: string, attempt = 1): string {
  return appUrl(`/api/payments/tds-return?paymentId=${encodeURIComponent(orderId)}&attempt=${attempt}`).toString();
}

/** Our failure code of an order whose payment deadline passed (0023). */
export const PAYMENT_DEADLINE_CODE = 'payment_deadline_passed';

export function failureMessage(code: string | null): PayjpBuyerMessage {
  if (code === 'no_charge_created') {
    return {
      code,
      message: 'お支払いは完了していません（料金は請求されていません）。お手数ですが、もう一度ご注文手続きを行ってください。',
      action: 'retry_payment',
    };
  }
  if (code === PAYMENT_DEADLINE_CODE) {
    return { code, message: PAYMENT_STATUS_LABELS.expired.meaning ?? '', action: 'retry_payment' };
  }
  return payjpBuyerMessage(code);
}

async function resultOf(order: OrderRow): Promise<PurchaseResult> {
  switch (order.status as Status) {
    case 'paid':
      return { paymentId: order.id, status: 'paid' };
    case 'awaiting_3ds':
      if (order.payjpChargeId) {
        return {
          paymentId: order.id,
          status: 'awaiting_3ds',
          redirectUrl: await buildThreeDSecureStartUrl({
            resourceId: order.payjpChargeId,
            returnUrl: threeDSecureReturnUrl(order.id, order.paymentAttempt),
          }),
        };
      }
      return { paymentId: order.id, status: 'unknown', message: payjpOutcomeMessage('outcome_unknown').message };
    case 'failed':
    case 'expired':
      return { paymentId: order.id, status: order.status as 'failed' | 'expired', failure: failureMessage(order.failureCode) };
    case 'charging':
      return { paymentId: order.id, status: 'charging', message: 'お支払いを処理しています。画面を閉じずに、しばらくお待ちください。' };
    default:
      return { paymentId: order.id, status: 'unknown', message: payjpOutcomeMessage('outcome_unknown').message };
  }
}

/**
 * pending → charging, the one step that allows a charge request, with the amount decided here:
 * the order is re-priced with the first-purchase rule under the member's row lock (so of several
 * orders charged at once, exactly one gets the first-purchase price — issue 11 §5), and an amount
 * that differs from the one the buyer confirmed is refused with 409 `price_changed` naming the new
 * amount. The order keeps the new price (still pending), so every screen shows it before a charge.
 * Null when another request claimed the order first.
 */
async function claimForCharge(
  order: OrderRow,
  paymentMethod: 'registered_card' | 'new_card',
  options: { resume?: boolean } = {},
): Promise<OrderRow | null> {
  const catalogue = await catalogueForCharge();
  const outcome = await claimOrderForCharge(
    order,
    paymentMethod,
    (tx, row) => priceOrderAtCharge(tx, catalogue, row),
    { type: 'member', id: order.userId },
    options,
  );
  if (outcome.repriced) throw priceChangedError(outcome.repriced.before, outcome.repriced.price);
  // Unregistered since the request's session was checked: nothing is charged (docs/decisions/0049).
  if (outcome.accountClosed) throw new AppError('unauthorized');
  return outcome.claimed;
}

type CardInput = { token: string } | { cardId: string };

function paymentServiceUnavailable(error: PayjpError): AppError {
  return new AppError('payment_service_unavailable', { status: 503, message: describePayjpFailure(error).message });
}

/** The demo account pays only while PAY.JP is in test mode (0008 "Demo members"). */
async function assertMayPay(userId: string): Promise<void> {
  if ((await isDemoMember(userId)) && !isTestMode()) {
    throw new AppError('demo_forbidden', { status: 403, message: 'デモアカウントではお支払いできません。会員登録のうえご利用ください。' });
  }
}

/**
 * The customer a registered card belongs to, checked before the order is touched (undefined for a
 * new card's token): only a card of this member's customer. PAY.JP failing to answer here is not
 * the member's fault and nothing was charged: a Japanese 503, and the order stays as it was.
 */
async function customerForCard(userId: string, card: CardInput, client: PayjpClient): Promise<string | undefined> {
  if (!('cardId' in card)) return undefined;
  const customer = (await findCustomerId(userId)) ?? undefined;
  const notFound = new AppError('not_found', { message: '選択されたカードが見つかりません。カードを選び直してください。' });
  if (!customer) throw notFound;
  await client.cards.retrieve(customer, card.cardId).catch((error: unknown) => {
    if (error instanceof PayjpApiError && error.status === 404) throw notFound;
    if (error instanceof PayjpError) throw paymentServiceUnavailable(error);
    throw error;
  });
  return customer;
}

/** The one charge request of a claimed attempt (only the claim's winner gets here). */
async function chargeClaimed(
  claimed: OrderRow,
  card: CardInput,
  customer: string | undefined,
  client: PayjpClient,
  member: OrderActor,
): Promise<PurchaseResult> {
  let charge: PayjpCharge;
  try {
    charge = await client.charges.create({
      amount: claimed.amountYen,
      ...('token' in card ? { card: card.token } : { customer, card: card.cardId }),
      three_d_secure: true,
      description: `hojin order ${claimed.id}`,
      metadata: { order_id: claimed.id, attempt: String(claimed.paymentAttempt) },
    });
  } catch (error) {
    if (error instanceof PayjpError && error.outcomeUnknown) {
      logger.warn({ err: error, orderId: claimed.id }, 'charge outcome unknown: reconciliation will find it');
      const unknown = (await transition(claimed.id, ['charging'], { status: 'unknown' }, member)) ?? (await reload(claimed.id));
      return resultOf(unknown);
    }
    const code = error instanceof PayjpApiError ? (error.code ?? (error.status === 429 ? 'over_capacity' : 'payjp_wrong')) : 'unreachable';
    const chargeId = error instanceof PayjpApiError ? error.chargeId : null;
    if (!(error instanceof PayjpError)) logger.error({ err: error, orderId: claimed.id }, 'unexpected error creating the charge');
    const failed = await markFailed(claimed, code, chargeId);
    const result = await resultOf(failed);
    return result.status === 'failed' && !(error instanceof PayjpApiError) ? { ...result, failure: describePayjpFailure(error) } : result;
  }

  const awaiting =
    (await transition(claimed.id, ['charging'], { status: 'awaiting_3ds', payjpChargeId: charge.id, ...cardFields(charge) }, member)) ??
    (await reload(claimed.id));
  if (charge.paid) return resultOf(await markPaid(awaiting, charge));
  return resultOf(awaiting);
}

export async function purchase(
  userId: string,
  input: { paymentId: string; card: CardInput },
  client: PayjpClient = getPayjpClient(),
): Promise<PurchaseResult> {
  assertCardPaymentAvailable();
  const member: OrderActor = { type: 'member', id: userId };
  const order = await ownOrder(userId, input.paymentId);
  await assertMayPay(userId);
  if (order.status !== 'pending') {
    // A second click, a reload or a retry after an unknown outcome: never a second charge.
    return resultOf(await settleOrder(order, { client }));
  }
  const customer = await customerForCard(userId, input.card, client);
  const claimed = await claimForCharge(order, customer ? 'registered_card' : 'new_card');
  if (!claimed) return resultOf(await reload(order.id));
  return chargeClaimed(claimed, input.card, customer, client, member);
}

// ---------------------------------------------------------------------------------------------
// お支払いを再開 and この申込みを取り消す (docs/decisions/0023)

/** Why an unpaid order can no longer be paid or cancelled, in the orders feature's words. */
function closedError(order: OrderRow): AppError {
  const status = order.status as Status;
  if (status === 'paid') {
    return new AppError('already_paid', {
      status: 409,
      message: 'このお申込みはお支払いが完了しています。ご注文を承りました（お支払い履歴でご確認いただけます）。',
    });
  }
  if (status === 'charging' || status === 'unknown') {
    return new AppError('payment_in_progress', {
      status: 409,
      message:
        'お支払いの結果を確認しています。二重のご請求を防ぐため、確認が終わるまでお待ちください（お支払い履歴で状況をご確認いただけます）。',
    });
  }
  // Still 本人認証待ち / お支払い未完了 here means its deadline passed (PAY.JP could not be asked to settle it yet).
  const closedAs = RESUMABLE_STATUSES.includes(status) ? 'expired' : status;
  return new AppError('payment_closed', {
    status: 409,
    message: PAYMENT_STATUS_LABELS[closedAs].meaning ?? 'このお申込みはお支払い・取り消しができません。',
  });
}

/**
 * Asks PAY.JP about the charge of an unpaid order before the member acts on it: a charge that
 * turns out paid makes the order paid (money taken is always recorded). With `finish` (paying
 * again), an authenticated charge the member never came back from is finished instead of starting
 * over; a cancel passes `finish: false` — a cancel never takes money (0057): the authenticated but
 * unfinished charge is left as it is, and without tds_finish it takes nothing. Answers the order as
 * it is now; a PAY.JP that cannot be asked is a 503 (nothing is changed without knowing).
 */
async function checkChargeFirst(order: OrderRow, client: PayjpClient, { finish }: { finish: boolean }): Promise<OrderRow> {
  if (!order.payjpChargeId) return order;
  let charge: PayjpCharge;
  try {
    charge = await client.charges.retrieve(order.payjpChargeId);
  } catch (error) {
    if (error instanceof PayjpError) throw paymentServiceUnavailable(error);
    throw error;
  }
  if (charge.paid) return markPaid(order, charge);
  if (finish && order.status === 'awaiting_3ds' && isThreeDSecurePassed(charge.three_d_secure_status)) {
    return settleWithCharge(order, charge, { client });
  }
  return order;
}

/**
 * POST /api/payments/retry: pays an unpaid order (本人認証待ち or お支払い未完了) again with the
 * same or another card, before its deadline. The abandoned attempt's charge is checked at PAY.JP
 * first and never finished afterwards; the new attempt is claimed with a compare-and-set on the
 * status, attempt and charge the check saw, so two clicks (or two tabs) make one new charge.
 */
export async function resumePayment(
  userId: string,
  input: { paymentId: string; card: CardInput; attempt: number },
  client: PayjpClient = getPayjpClient(),
  now: Date = new Date(),
): Promise<PurchaseResult> {
  assertCardPaymentAvailable();
  const member: OrderActor = { type: 'member', id: userId };
  let order = await ownOrder(userId, input.paymentId);
  await assertMayPay(userId);
  if (order.status === 'pending') return purchase(userId, input, client);
  // One attempt per order at a time (0057): the member asks to replace the attempt their page
  // showed. When the order has moved on since (another click, tab or request started a newer
  // attempt), nothing new is started: that attempt is the order's, and its state is the answer.
  if (order.paymentAttempt !== input.attempt) return answerSupersededRetry(order, client);
  if (order.status === 'charging' || order.status === 'unknown') return resultOf(await settleOrder(order, { client }));
  if (!RESUMABLE_STATUSES.includes(order.status as Status)) {
    if (order.status === 'paid') return resultOf(order);
    throw closedError(order);
  }
  order = await checkChargeFirst(order, client, { finish: true });
  if (order.status === 'paid') return resultOf(order);
  if (!RESUMABLE_STATUSES.includes(order.status as Status)) throw closedError(order);
  if (order.paymentAttempt !== input.attempt) return answerSupersededRetry(order, client);
  if (pastDeadline(order, now)) {
    // Expired now (after PAY.JP is asked once more: a charge that did complete is recorded as paid).
    const settled = await settleOrder(order, { client, now });
    if (settled.status === 'paid') return resultOf(settled);
    throw closedError(settled);
  }
  const customer = await customerForCard(userId, input.card, client);
  const claimed = await claimForCharge(order, customer ? 'registered_card' : 'new_card', { resume: true });
  if (!claimed) {
    // Another request moved the order first (a second click, another tab): answer its state.
    return answerSupersededRetry(await reload(order.id), client);
  }
  logger.info({ event: 'order.payment_resumed', orderId: claimed.id, attempt: claimed.paymentAttempt }, 'member pays the order again');
  return chargeClaimed(claimed, input.card, customer, client, member);
}

/**
 * The answer to a retry that lost to a newer attempt: the newer attempt as it stands (its 3-D
 * Secure page, paid, or still being charged), never a charge of its own; an attempt that has
 * already ended says so (409, the page re-reads the order).
 */
async function answerSupersededRetry(order: OrderRow, client: PayjpClient): Promise<PurchaseResult> {
  const current = order.status === 'charging' || order.status === 'unknown' ? await settleOrder(order, { client }) : order;
  const status = current.status as Status;
  if (status === 'paid' || status === 'awaiting_3ds' || status === 'charging' || status === 'unknown') return resultOf(current);
  if (status === 'failed') throw new AppError('payment_attempt_changed', { status: 409, message: ATTEMPT_SUPERSEDED_MESSAGE });
  throw closedError(current);
}

/**
 * POST /api/payments/cancel: withdraws an unpaid order (本人認証待ち or お支払い未完了). PAY.JP is
 * asked first: a charge that did complete makes the order paid and the cancel is refused (409);
 * otherwise the order becomes 取り消し済み and its charge is never finished, so nothing is charged.
 * Cancelling a cancelled order again answers it as it is.
 */
export async function cancelUnpaidOrder(userId: string, paymentId: string, client: PayjpClient = getPayjpClient()): Promise<OrderRow> {
  let order = await ownOrder(userId, paymentId);
  if (order.status === 'cancelled') return order;
  if (!RESUMABLE_STATUSES.includes(order.status as Status)) throw closedError(order);
  // Never tds_finish here: a cancel takes no money. Only a charge PAY.JP has already captured refuses it.
  order = await checkChargeFirst(order, client, { finish: false });
  if (!RESUMABLE_STATUSES.includes(order.status as Status)) throw closedError(order);
  const cancelled = await transition(
    order.id,
    [order.status as Status],
    { status: 'cancelled' },
    { type: 'member', id: userId },
    { paymentAttempt: order.paymentAttempt, payjpChargeId: order.payjpChargeId },
    'cancelled by member',
  );
  if (!cancelled) {
    const current = await reload(order.id);
    if (current.status === 'cancelled') return current;
    throw closedError(current);
  }
  logger.info({ event: 'order.cancelled', orderId: order.id, chargeId: order.payjpChargeId }, 'member cancelled an unpaid order');
  return cancelled;
}

/**
 * The 3-D Secure return (GET /api/payments/tds-return?paymentId=…): the order is looked up with
 * the session's member, never from a charge id in the URL; the charge is re-read at PAY.JP and
 * tds_finish called only for verified/attempted.
 */
export async function finishAfterThreeDSecure(
  userId: string,
  paymentId: string,
  client: PayjpClient = getPayjpClient(),
  attempt?: number,
): Promise<OrderRow> {
  return (await returnFromThreeDSecure(userId, paymentId, client, attempt)).order;
}

/**
 * The 3-D Secure return with what it meant: `superseded` when the page was an earlier attempt's
 * (another tab, 0057). Such a return completes the order with that attempt's charge when nothing
 * else has — the order still unpaid (本人認証待ち or お支払い未完了) and the cardholder authenticated
 * on that page; otherwise the order is answered as it is (paid by the newer attempt, cancelled,
 * expired) and the page that receives the buyer says what happened.
 */
export async function returnFromThreeDSecure(
  userId: string,
  paymentId: string,
  client: PayjpClient = getPayjpClient(),
  attempt?: number,
): Promise<{ order: OrderRow; superseded: boolean }> {
  const order = await ownOrder(userId, paymentId);
  if (attempt === undefined || attempt === order.paymentAttempt) {
    return { order: await settleOrder(order, { buyerReturned: true, client }), superseded: false };
  }
  // A return from another attempt's page says nothing about the current one.
  const current = await settleOrder(order, { client });
  if (attempt > current.paymentAttempt) return { order: current, superseded: false };
  return { order: await completeWithEarlierAttempt(current, attempt, userId, client), superseded: true };
}

async function completeWithEarlierAttempt(order: OrderRow, attempt: number, userId: string, client: PayjpClient): Promise<OrderRow> {
  if (!RESUMABLE_STATUSES.includes(order.status as Status) || pastDeadline(order, new Date())) return order;
  let charge: PayjpCharge | null;
  try {
    charge = await findChargeOfOrder(order, client, attempt);
  } catch (error) {
    logger.warn({ err: error, orderId: order.id }, 'could not look up the earlier attempt at PAY.JP');
    return order;
  }
  if (!charge) return order;
  if (charge.paid) return markPaid(order, charge); // money taken is always recorded
  if (charge.failure_code || !isThreeDSecurePassed(charge.three_d_secure_status)) return order;
  const adopted = await adoptEarlierAttemptCharge(order, { id: charge.id, attempt, ...cardFields(charge) }, { type: 'member', id: userId });
  if (!adopted) return reload(order.id);
  return settleWithCharge(adopted, charge, { client });
}

// ---------------------------------------------------------------------------------------------
// Webhooks

/**
 * Told of a PAY.JP subscription's event or of a charge of a subscription (the API's paid plans,
 * issue 27 §4): the api feature's `syncSubscription`, handed in by the webhook route — payments
 * does not import the features that use it. It reads the subscription back itself.
 */
export type SubscriptionEventPort = (payjpSubscriptionId: string) => Promise<unknown>;

export async function handleWebhookEvent(
  event: PayjpEvent,
  client: PayjpClient = getPayjpClient(),
  outsideRefunds: OutsideRefundOptions = {},
  onSubscription?: SubscriptionEventPort,
): Promise<{ duplicate: boolean }> {
  const db = await getDb();
  const [inserted] = await db
    .insert(payjpWebhookEvents)
    .values({ id: event.id, type: event.type, resourceId: event.data.id })
    .onConflictDoNothing()
    .returning({ id: payjpWebhookEvents.id });
  if (!inserted) {
    const [seen] = await db.select().from(payjpWebhookEvents).where(eq(payjpWebhookEvents.id, event.id));
    if (seen?.processedAt) {
      logger.info({ event: 'payjp.webhook.duplicate', eventId: event.id, type: event.type }, 'duplicate webhook ignored');
      return { duplicate: true };
    }
  }

  if (event.data.object === 'subscription' && event.type.startsWith('subscription.')) {
    if (onSubscription) await onSubscription(event.data.id);
  } else if (event.data.object === 'charge' && event.type.startsWith('charge.')) {
    // The payload proves nothing: re-read the charge and settle the order it belongs to.
    const charge = await client.charges.retrieve(event.data.id).catch((error: unknown) => {
      // A charge PAY.JP does not know (another account's id, a deleted test charge, a forged id
      // under a leaked token): nothing of ours can change. Recorded and answered 2xx, or PAY.JP
      // would redeliver it for ever; any other failure (timeout, 5xx) is thrown, so the event
      // stays unprocessed and its redelivery is handled.
      if (error instanceof PayjpApiError && error.status === 404) return null;
      throw error;
    });
    if (!charge) {
      logger.warn(
        { event: 'payjp.webhook.unknown_charge', eventId: event.id, type: event.type, chargeId: event.data.id },
        'webhook for a charge PAY.JP does not know: recorded and ignored',
      );
      await db.update(payjpWebhookEvents).set({ processedAt: new Date() }).where(eq(payjpWebhookEvents.id, event.id));
      return { duplicate: false };
    }
    const order = charge.subscription ? null : await findOrderOfCharge(charge.id, charge.metadata?.order_id);
    if (charge.subscription) {
      if (onSubscription) await onSubscription(charge.subscription);
    } else if (order && !isCurrentCharge(order, charge) && !charge.paid) {
      // An abandoned attempt's charge (0023): never adopted, never finished.
      logger.info(
        { event: 'payjp.webhook.superseded_charge', eventId: event.id, orderId: order.id, chargeId: charge.id },
        'webhook for an abandoned attempt of the order: ignored',
      );
    } else if (order) {
      if (charge.paid && order.status !== 'paid') {
        await markPaid(order, charge);
      } else if ((order.status === 'unknown' || order.status === 'charging') && !order.payjpChargeId) {
        await transition(order.id, ['charging', 'unknown'], { status: 'awaiting_3ds', payjpChargeId: charge.id, ...cardFields(charge) });
        await settleWithCharge(await reload(order.id), charge, { client });
      } else if (order.status === 'awaiting_3ds' || order.status === 'unknown') {
        await settleWithCharge(order, charge, { client });
      }
      if (event.type === 'charge.refunded' && charge.paid && charge.amount_refunded > 0) {
        await recordRefundMadeAtPayjp(event, order.id, charge, client, outsideRefunds);
      }
    } else {
      logger.warn({ event: 'payjp.webhook.orphan', eventId: event.id, chargeId: charge.id }, 'webhook for a charge without an order');
    }
  }
  await db.update(payjpWebhookEvents).set({ processedAt: new Date() }).where(eq(payjpWebhookEvents.id, event.id));
  logger.info({ event: 'payjp.webhook', eventId: event.id, type: event.type }, 'webhook handled');
  return { duplicate: false };
}

/**
 * charge.refunded: a refund made outside hojin (PAY.JP's dashboard) is recorded as a refund of the
 * order (refunds.ts recordOutsideRefund; one of ours is already in the sum and adds nothing),
 * dated when PAY.JP made it — the event's `created`, read back from PAY.JP (the payload proves
 * nothing); an event PAY.JP does not know is dated now. A refund of ours still in doubt leaves the
 * event unprocessed with a 503: PAY.JP delivers it again, by when the reconciler has settled ours.
 */
async function recordRefundMadeAtPayjp(
  event: PayjpEvent,
  orderId: string,
  charge: PayjpCharge,
  client: PayjpClient,
  options: OutsideRefundOptions,
): Promise<void> {
  const told = await client.events.retrieve(event.id).catch((error: unknown) => {
    if (error instanceof PayjpApiError && error.status === 404) return null;
    throw error;
  });
  const refundedAt = told && told.type === 'charge.refunded' && told.data.id === charge.id ? new Date(told.created * 1000) : new Date();
  const outcome = await recordOutsideRefund(orderId, charge, refundedAt, options);
  if (outcome.kind === 'in_flight') {
    logger.info(
      { event: 'payjp.webhook.refund_in_flight', eventId: event.id, orderId },
      'charge.refunded while a refund of ours is in doubt: left for redelivery',
    );
    throw new AppError('service_unavailable', {
      message: 'この注文には確認中の返金があります。しばらくしてからもう一度送信してください。',
    });
  }
}
