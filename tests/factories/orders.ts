import { randomUUID } from 'node:crypto';

import { orders } from '@db/schema';
import { newOrderNumber } from '@/features/orders';
import { defaultCatalogue, priceSelection, type CatalogueItem } from '@/features/orders/index.server';
import { parseEnv } from '@/config/env';
import { siteInfoFrom } from '@/config/site';
import { getDb } from '@/server/db/client';

type OrderInsert = typeof orders.$inferInsert;

/**
 * The rounding case of issue 8: service fees that are not multiples of ¥11, so rounding the tax
 * per line (181 + 90 + 80 = 351) differs from rounding once on the 10% total (352).
 */
export const ROUNDING_CATALOGUE: CatalogueItem[] = [
  { id: 'history-full', name: '履歴事項全部証明書', ministryFeeYen: 500, serviceFeeYen: 1000, firstPurchaseServiceFeeYen: 1000 },
  { id: 'representative', name: '代表者事項証明書', ministryFeeYen: 480, serviceFeeYen: 1000, firstPurchaseServiceFeeYen: 1000 },
];

export interface OrderFactoryInput {
  userId: string;
  status?: 'pending' | 'charging' | 'awaiting_3ds' | 'paid' | 'failed' | 'expired' | 'unknown';
  items?: { itemId: string; quantity: number }[];
  deliverySpeed?: 'normal' | 'express';
  catalogue?: CatalogueItem[];
  createdAt?: Date;
  overrides?: Partial<OrderInsert>;
}

/**
 * An order row written straight into the purchase feature's table, priced by its own
 * `priceSelection` (the same breakdown the purchase flow stores). Paid orders get a paidAt and a
 * charge id, as the state machine leaves them.
 */
export async function createOrder(input: OrderFactoryInput) {
  const env = parseEnv({});
  const catalogue = input.catalogue ?? defaultCatalogue(siteInfoFrom(env).fees);
  const deliverySpeed = input.deliverySpeed ?? 'normal';
  const items = input.items ?? [{ itemId: catalogue[0]?.id ?? 'history-full', quantity: 1 }];
  const priced = priceSelection({ catalogue, items, deliverySpeed, isFirstPurchase: false, expressFeeYen: env.FEE_EXPRESS_YEN });
  if (!priced.ok) throw new Error(priced.message);
  const price = priced.breakdown;
  const status = input.status ?? 'paid';
  const createdAt = input.createdAt ?? new Date();
  const db = await getDb();
  const [row] = await db
    .insert(orders)
    .values({
      userId: input.userId,
      // the number's month is the one the order was placed in, as the orders feature draws it
      orderNumber: newOrderNumber(input.overrides?.createdAt instanceof Date ? input.overrides.createdAt : createdAt),
      idempotencyKey: randomUUID(),
      status,
      corporateNumber: '1234567890123',
      companyName: '株式会社テスト工業',
      companyKind: '301',
      deliverySpeed,
      scheduledStartDate: '2026-11-25',
      scheduledEndDate: '2026-11-27',
      items,
      price,
      amountYen: price.totalYen,
      taxYen: price.taxTotalYen,
      nonTaxableYen: price.nonTaxableTotalYen,
      isFirstPurchase: false,
      recipient: '山田 太郎',
      destinationZipCode: '1000005',
      destinationPrefecture: '東京都',
      destinationCity: '千代田区',
      destinationStreet: '丸の内1-1-1',
      destinationApartmentEtc: '',
      receiptRecipient: '株式会社サンプル商事',
      paymentMethod: status === 'pending' ? null : 'new_card',
      payjpChargeId: status === 'pending' ? null : `ch_${randomUUID().replace(/-/g, '')}`,
      cardBrand: status === 'pending' ? null : 'Visa',
      cardLast4: status === 'pending' ? null : '4242',
      paidAt: status === 'paid' ? new Date(createdAt.getTime() + 60_000) : null,
      // a payment recorded by the state machine enters fulfilment as accepted (orders feature)
      fulfilmentStatus: status === 'paid' ? 'accepted' : null,
      createdAt,
      updatedAt: createdAt,
      ...input.overrides,
    })
    .returning();
  if (!row) throw new Error('order insert returned nothing');
  return row;
}
