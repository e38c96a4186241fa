/**
 * The back office's API addresses that its pages write into links (a download is a navigation,
 * not an `adminFetch` call), built in one place so the path and the query's encoding are not
 * spelled out per page. Isomorphic and zod-free: server pages and client components can use it.
 */
export const ADMIN_API_PATHS = {
  /** GET ?month=YYYY-MM — the month's sales and refunds as CSV (managers; writes an audit row) */
  accountingExport: '/api/admin/accounting/export',
  /** GET — every 受付済み order as CSV for a batch request at 登記ねっと (staff; writes an audit row) */
  openQueueExport: '/api/admin/orders/export',
} as const;

/** GET — a succeeded refund's 返金明細書 PDF (staff and managers; writes an audit row). */
export function refundStatementUrl(orderId: string, refundId: string): string {
  return `/api/admin/orders/${encodeURIComponent(orderId)}/refunds/${encodeURIComponent(refundId)}/statement`;
}

/** The CSV download of one month (`YYYY-MM`, Japan time): its rows, or its totals (`summary`). */
export function accountingExportUrl(month: string, part: 'rows' | 'summary' = 'rows'): string {
  const query = new URLSearchParams({ month });
  if (part === 'summary') query.set('part', part);
  return `${ADMIN_API_PATHS.accountingExport}?${query.toString()}`;
}
