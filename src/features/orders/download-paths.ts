/**
 * Where a member downloads an order's PDFs (docs/api.md): its receipt, `/api/download/receipt/{paymentId}.pdf`
 * (the payment id is the order's id), and each refund's statement, `/api/download/refund/{refundId}.pdf`
 * (decision 0018 §8). One place for the order's mails and views and the payment history; the routes
 * read the id back with the receipts feature's DownloadFileSchema.
 */
export function receiptPath(paymentId: string): string {
  return `/api/download/receipt/${paymentId}.pdf`;
}

export function refundStatementPath(refundId: string): string {
  return `/api/download/refund/${refundId}.pdf`;
}
