/**
 * The receipts feature's plain values for client components (zod-free, docs/decisions/0021);
 * schemas.ts re-exports them.
 */

/**
 * Re-issues (再発行) per receipt, whatever the reason (docs/decisions/0024): one payment is one
 * receipt, and every re-issue is a second copy of it in the world. Enough for a lost file and a
 * couple of corrections; beyond it support looks at the case (and can see every re-issue).
 */
export const RECEIPT_REISSUE_MAX = 5;

export const RECEIPT_REISSUE_REASONS = ['requested', 'addressee_corrected'] as const;
export type ReceiptReissueReason = (typeof RECEIPT_REISSUE_REASONS)[number];

/** How the history and the back office name a re-issue's reason. */
export const RECEIPT_REISSUE_REASON_LABELS: Record<ReceiptReissueReason, string> = {
  requested: 'ご依頼による再発行',
  addressee_corrected: '宛名の訂正による再発行',
};

/** The payment history's page size (GET /api/payments/histories-per-page) and its limits. */
export const HISTORY_PAGE_SIZE_DEFAULT = 10;
export const HISTORY_PAGE_SIZE_MAX = 50;
/** A member has tens of orders, not thousands; deeper pages are a mistake or a probe. */
export const HISTORY_PAGE_MAX = 1000;
