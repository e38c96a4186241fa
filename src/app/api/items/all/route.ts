import { getItemsAll } from '@/features/purchase/server/items';
import { defineRoute, method } from '@/server/http/route';

/**
 * GET /api/items/all (docs/api.md) → `{ items, scheduledDateMaster, isFirstPayPrice, expressFeeYen }`:
 * the certificates with this member's prices, the normal/express delivery windows for an order
 * placed now, and whether the first-purchase price applies (no paid order yet).
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: method({
    auth: 'required',
    handler: async ({ session }) => getItemsAll(session.userId),
  }),
});
