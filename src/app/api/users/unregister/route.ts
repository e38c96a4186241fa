import { UnregisterBodySchema } from '@/features/accounts/schemas';
import { ordersBlockingUnregister } from '@/features/orders/index.server';
import { deleteCustomerOf } from '@/features/payments/server/customers';
import { unregister, type UnregisterCleanup } from '@/features/accounts/server/unregister';
import { deleteWatchData } from '@/features/watch/index.server';
import { revokeApiKeysOf } from '@/features/api/index.server';
import { defineRoute, method } from '@/server/http/route';

/**
 * Work of other features when a member leaves, run before the account is closed (each
 * idempotent). The payments feature adds the deletion of stored cards (also at PAY.JP) here.
 */
const cleanups: UnregisterCleanup[] = [
  // The member's PAY.JP customer and its cards (security.md "Unregister"); orders stay.
  (userId) => deleteCustomerOf(userId),
  // The member's watch list and digest setting (issue 15 §4).
  (userId) => deleteWatchData(userId),
  // The member's API keys stop working at once (issue 26 §6); their usage rows stay with the tombstone.
  (userId) => revokeApiKeysOf(userId),
];

/**
 * POST /api/users/unregister — body `{ confirm: true, currentPassword? }` (password required when
 * the account has one; a Google-only member must have signed in within 10 minutes, else 403
 * `reauth_required`). Revokes every session, deletes credentials and the Google link, keeps
 * orders and receipts, mails a completion notice → `{ csrf_token }` of the logged-out browser.
 * A member with an order paid but not yet shipped, or a refund not yet settled, is refused with
 * 409 `orders_in_progress` naming the order numbers (docs/decisions/0050).
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  POST: method({
    auth: 'required',
    body: UnregisterBodySchema,
    handler: async (ctx) => unregister(ctx.session, ctx.body, ctx, cleanups, ordersBlockingUnregister),
  }),
});
