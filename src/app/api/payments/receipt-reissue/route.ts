import { ReceiptReissueBodySchema } from '@/features/receipts';
import { requestReissue } from '@/features/receipts/server/issue-receipt';
import { receiptChangePost } from '@/features/receipts/server/limits';
import { defineRoute } from '@/server/http/route';

/**
 * POST /api/payments/receipt-reissue `{ paymentId }` — the member asks for a re-issue (再発行) of
 * an issued receipt (docs/decisions/0024): from then on downloads print it, marked 再発行 with
 * today's date. → `{ issued, serialNumber, reissued }`. 404 for another member's or an unpaid
 * order; 409 before the first issue or after RECEIPT_REISSUE_MAX re-issues; 429 (shares the
 * receipt download limit).
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  POST: receiptChangePost(ReceiptReissueBodySchema, (userId, body) => requestReissue(userId, body.paymentId)),
});
