/**
 * The payment history's endpoints as the browser calls them (docs/decisions/0030): the page of
 * orders and the receipt's 宛名 change and re-issue. Answers are typed by type-only imports (the
 * zod schemas of receipts/schemas.ts stay out of the bundle: `import type` is erased).
 */
import { apiFetch } from '@/lib/api-client';
import type { ApiKey } from '@/lib/api-key';

import type { PaymentHistoryPage } from '../schemas';
import type { correctReceiptAddressee, requestReissue } from '../server/issue-receipt';

const HISTORY_PATH = '/api/payments/histories-per-page';

/** GET /api/payments/histories-per-page?page=…&size=…: one page of the member's orders. */
export function paymentHistoryKey(page: number, size: number): ApiKey<PaymentHistoryPage> {
  return `${HISTORY_PATH}?page=${page}&size=${size}`;
}

/** Whether an SWR key is a page of the payment history (to reload every page after a change). */
export function isPaymentHistoryKey(key: unknown): boolean {
  return typeof key === 'string' && (key === HISTORY_PATH || key.startsWith(`${HISTORY_PATH}?`));
}

/** POST /api/payments/receipt-addressee: changes the receipt's 宛名 (a re-issue once it was issued; 0024). */
export function changeReceiptAddressee(body: {
  paymentId: string;
  receiptRecipient: string;
}): Promise<Awaited<ReturnType<typeof correctReceiptAddressee>>> {
  return apiFetch('/api/payments/receipt-addressee', { method: 'POST', body });
}

/** POST /api/payments/receipt-reissue: re-issues the receipt (0024). */
export function reissueReceipt(paymentId: string): Promise<Awaited<ReturnType<typeof requestReissue>>> {
  return apiFetch('/api/payments/receipt-reissue', { method: 'POST', body: { paymentId } });
}
