import { ReceiptAddresseeBodySchema } from '@/features/receipts';
import { correctReceiptAddressee } from '@/features/receipts/server/issue-receipt';
import { receiptChangePost } from '@/features/receipts/server/limits';
import { defineRoute } from '@/server/http/route';

/**
 * POST /api/payments/receipt-addressee `{ paymentId, receiptRecipient }` — the member changes the
 * 領収書の宛名 (docs/decisions/0024): before the first issue the original will name it; after issue
 * the receipt is re-issued with it, marked 再発行. → `{ issued, serialNumber, reissued }`. 422 for
 * an invalid or unchanged 宛名 (`fields.receiptRecipient`); 404 / 409 / 429 as receipt-reissue.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  POST: receiptChangePost(ReceiptAddresseeBodySchema, (userId, body) =>
    correctReceiptAddressee(userId, body.paymentId, body.receiptRecipient),
  ),
});
