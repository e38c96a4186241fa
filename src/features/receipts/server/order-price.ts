import 'server-only';

import { z } from 'zod';

/**
 * The parts of an order's `price` jsonb (the purchase feature's PriceBreakdown, computed on the
 * server when the order was created) that receipts and the payment history print. Read with a
 * schema of our own rather than the purchase types, so a shape change there fails loudly here.
 * Not strict: the breakdown carries fields receipts do not print (kind flags, first-purchase marks).
 */
const yen = z.number().int().min(0);

export const OrderPriceSchema = z.object({
  lines: z
    .array(
      z.object({
        kind: z.enum(['ministryFee', 'serviceFee', 'expressFee']),
        itemId: z.string().nullable(),
        name: z.string().min(1),
        unitPriceYen: yen,
        quantity: z.number().int().min(1),
        amountYen: yen,
        taxCategory: z.enum(['standard10', 'nonTaxable']),
      }),
    )
    .min(1),
  taxRates: z.array(z.object({ ratePercent: z.number().int(), taxInclusiveTotalYen: yen, taxYen: yen, taxExclusiveTotalYen: yen })),
  nonTaxableTotalYen: yen,
  totalYen: yen,
});
export type OrderPrice = z.infer<typeof OrderPriceSchema>;

export const OrderItemsSchema = z.array(z.object({ itemId: z.string(), quantity: z.number().int().min(1) }));

/**
 * 「履歴事項全部証明書（当社手数料）」 (or 「…（当社手数料・初回価格）」) → 「履歴事項全部証明書」:
 * the certificate's own name.
 */
export function certificateName(lineName: string): string {
  return lineName.replace(/（[^（）]*手数料(・[^（）]*)?）$/u, '');
}

/** Certificates and copies of an order, named as on its price lines (names at order time). */
export function orderedCertificates(items: unknown, price: OrderPrice): { itemId: string; name: string; quantity: number }[] {
  return OrderItemsSchema.parse(items).map((item) => {
    const line =
      price.lines.find((l) => l.itemId === item.itemId && l.kind === 'serviceFee') ?? price.lines.find((l) => l.itemId === item.itemId);
    return { itemId: item.itemId, name: line ? certificateName(line.name) : item.itemId, quantity: item.quantity };
  });
}
