import { findRefundStatementForMember } from '@/features/payments/server/refunds';
import { DownloadFileSchema } from '@/features/receipts';
import { consumeReceiptDownload } from '@/features/receipts/server/limits';
import { memberPdfDownload, pdfHeadResponse, pdfResponse } from '@/features/receipts/server/pdf-response';
import { renderRefundStatement } from '@/features/receipts/server/render-refund-statement';
import { defineRoute } from '@/server/http/route';

const NOT_FOUND_MESSAGE = '返金明細書が見つかりませんでした。返金が完了したご注文の明細書のみダウンロードできます。';

/**
 * GET /api/download/refund/{refundId}.pdf — the refund statement (適格返還請求書) of a refund that
 * succeeded, for the member whose order it refunded (docs/decisions/0018-refunds.md). The same
 * rules as the receipt download: login required, another member's id, an unknown id and a refund
 * not (yet) made all answer the same 404, and every attempt counts against the member's receipt
 * download limit (a PDF costs CPU). Nothing is issued or written: the statement was frozen when the
 * refund was recorded.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: memberPdfDownload(DownloadFileSchema, NOT_FOUND_MESSAGE, async (userId, file, head) => {
    if (!head) await consumeReceiptDownload(userId);
    const found = await findRefundStatementForMember(userId, file);
    if (!found) return null;
    if (head) return pdfHeadResponse();
    const number = found.statementNumber;
    const pdf = await renderRefundStatement(found.snapshot, { refundedAt: found.refundedAt, number });
    return pdfResponse(pdf, { filename: `返金明細書_${number}.pdf`, asciiFallback: `refund-statement-${number}.pdf` });
  }),
});
