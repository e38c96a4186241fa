import { TaxRequestSchema } from '@/features/purchase/schemas';
import { taxForMember } from '@/features/purchase/server/items';
import { z } from '@/lib/zod-ja';
import { defineRoute, method } from '@/server/http/route';

/**
 * The price breakdown of a selection (docs/api.md): lines, per-rate totals with the tax rounded
 * once per rate, the non-taxable part, the tax-inclusive total.
 * - GET /api/items/tax?items=history-full:2,current-full:1&deliverySpeed=normal[&resume=<paymentId>]
 * - POST /api/items/tax `{ items: [{itemId, quantity}], deliverySpeed, resume? }`
 * `resume`: the member's unpaid order the screen would pay again (お支払いを再開, 0023): the price is
 * the one its resumed charge takes (purchase's `resumableOrderOf`); without it, a new order's.
 */
const QuerySchema = z
  .strictObject({
    items: z.string().max(400),
    deliverySpeed: z.string().optional(),
    resume: z.string().optional(),
  })
  .transform((q) => ({
    items: q.items
      .split(',')
      .filter((s) => s !== '')
      .map((pair) => {
        const [itemId = '', quantity = ''] = pair.split(':');
        return { itemId, quantity: /^\d{1,3}$/.test(quantity) ? Number(quantity) : Number.NaN };
      }),
    deliverySpeed: q.deliverySpeed ?? 'normal',
    ...(q.resume === undefined ? {} : { resume: q.resume }),
  }))
  .pipe(TaxRequestSchema);

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: method({
    auth: 'required',
    query: QuerySchema,
    handler: async ({ session, query: { resume, ...selection } }) => taxForMember(session.userId, selection, resume),
  }),
  POST: method({
    auth: 'required',
    body: TaxRequestSchema,
    handler: async ({ session, body: { resume, ...selection } }) => taxForMember(session.userId, selection, resume),
  }),
});
