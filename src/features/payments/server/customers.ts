import 'server-only';

import { eq } from 'drizzle-orm';

import { payjpCustomers, users } from '@db/schema';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/http/app-error';

import { getPayjpClient, type PayjpClient } from './payjp/client';
import { PayjpApiError } from './payjp/errors';
import { getPayjpConfig } from './payjp/config';
import type { PayjpCard } from './payjp/schemas';
import { assertCardPaymentAvailable } from './public-key';

/**
 * One PAY.JP customer per member, holding the member's registered cards (カード情報非保持化: the
 * cards exist only at PAY.JP). The customer id is derived from the member id, so creating it is
 * idempotent even when two requests race: the loser gets `already_exist_id` and uses it.
 */
export function customerIdFor(userId: string): string {
  return `hojin-${userId}`;
}

export async function findCustomerId(userId: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db.select({ customerId: payjpCustomers.customerId }).from(payjpCustomers).where(eq(payjpCustomers.userId, userId));
  return row?.customerId ?? null;
}

async function rememberCustomer(userId: string, customerId: string): Promise<void> {
  const db = await getDb();
  await db.insert(payjpCustomers).values({ userId, customerId }).onConflictDoNothing();
}

/** Whether this member may keep cards (demo members share one published login: no cards). */
export async function isDemoMember(userId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db.select({ isDemo: users.isDemo }).from(users).where(eq(users.id, userId));
  return row?.isDemo ?? false;
}

/** PAY.JP test mode: demo members may pay only there (docs/decisions/0008). */
export function isTestMode(): boolean {
  return getPayjpConfig().secretKey.startsWith('sk_test_');
}

export interface CardView {
  id: string;
  brand: string;
  last4: string;
  expDate: { year: number; month: number };
  cardName: string;
  isDefault: boolean;
}

function cardView(card: PayjpCard, defaultCard: string | null): CardView {
  return {
    id: card.id,
    brand: card.brand,
    last4: card.last4,
    expDate: { year: card.exp_year, month: card.exp_month },
    cardName: card.name ?? '',
    isDefault: card.id === defaultCard,
  };
}

function isNotFound(error: unknown): boolean {
  return error instanceof PayjpApiError && error.status === 404;
}

/** GET /api/credit-cards/card */
export async function listCards(userId: string, client: PayjpClient = getPayjpClient()): Promise<CardView[]> {
  const customerId = await findCustomerId(userId);
  if (!customerId) return [];
  try {
    const customer = await client.customers.retrieve(customerId);
    const list = await client.cards.list(customerId, { limit: 100 });
    return list.data.map((c) => cardView(c, customer.default_card));
  } catch (error) {
    if (isNotFound(error)) return [];
    throw error;
  }
}

export const CARD_ERRORS = {
  demo: () =>
    new AppError('demo_forbidden', {
      status: 403,
      message: 'デモアカウントではカードを登録できません。カード情報を入力してお支払いください（テスト用カードのみ）。',
    }),
  notFound: () => new AppError('not_found', { message: '選択されたカードが見つかりません。カードを選び直してください。' }),
};

/**
 * POST /api/credit-cards/card — registers the card a token stands for; answers the new card (503
 * while card payment is switched off). The card becomes the customer's default unless
 * `makeDefault` is false (マイページ's 「カードを追加する」); a customer's first card is its default
 * whatever is asked (PAY.JP makes it so).
 */
export async function addCard(
  userId: string,
  token: string,
  { makeDefault = true }: { makeDefault?: boolean } = {},
  client: PayjpClient = getPayjpClient(),
): Promise<CardView> {
  assertCardPaymentAvailable();
  if (await isDemoMember(userId)) throw CARD_ERRORS.demo();
  let customerId = await findCustomerId(userId);
  if (!customerId) {
    const id = customerIdFor(userId);
    try {
      const created = await client.customers.create({ id, card: token, metadata: { user_id: userId } });
      await rememberCustomer(userId, created.id);
      const first = created.cards.data[0];
      if (!first) throw new Error('customer created without its card');
      return cardView(first, created.default_card);
    } catch (error) {
      if (!(error instanceof PayjpApiError && error.code === 'already_exist_id')) throw error;
      await rememberCustomer(userId, id);
      customerId = id;
    }
  }
  const card = await client.cards.create(customerId, { card: token, default: makeDefault });
  if (makeDefault) return cardView(card, card.id);
  const customer = await client.customers.retrieve(customerId);
  return cardView(card, customer.default_card);
}

/** DELETE /api/credit-cards/card — only a card of this member's customer; another id is a 404. */
export async function deleteCard(userId: string, cardId: string, client: PayjpClient = getPayjpClient()): Promise<void> {
  const customerId = await findCustomerId(userId);
  if (!customerId) throw CARD_ERRORS.notFound();
  try {
    await client.cards.delete(customerId, cardId);
  } catch (error) {
    if (isNotFound(error)) throw CARD_ERRORS.notFound();
    throw error;
  }
}

/**
 * PATCH /api/credit-cards/card — makes one of this member's cards the default (the one checkout
 * preselects; マイページ's お支払い方法, issue 24). Another member's card, or an unknown id, is a 404.
 */
export async function setDefaultCard(userId: string, cardId: string, client: PayjpClient = getPayjpClient()): Promise<CardView[]> {
  const customerId = await findCustomerId(userId);
  if (!customerId) throw CARD_ERRORS.notFound();
  try {
    // only a card of this customer: PAY.JP refuses another (dont_has_this_card), and so do we first
    await client.cards.retrieve(customerId, cardId);
    await client.customers.update(customerId, { default_card: cardId });
  } catch (error) {
    if (isNotFound(error) || (error instanceof PayjpApiError && error.code === 'dont_has_this_card')) throw CARD_ERRORS.notFound();
    throw error;
  }
  return listCards(userId, client);
}

/** Unregister clean-up (security.md): the customer and its cards go at PAY.JP, then our row. Idempotent. */
export async function deleteCustomerOf(userId: string, client: PayjpClient = getPayjpClient()): Promise<void> {
  const customerId = await findCustomerId(userId);
  if (!customerId) return;
  try {
    await client.customers.delete(customerId);
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  const db = await getDb();
  await db.delete(payjpCustomers).where(eq(payjpCustomers.userId, userId));
}
