import { z } from 'zod';

import { findRefundStatementForMember } from '@/features/payments/server/refunds';
import { RefundStatementFileSchema } from '@/features/receipts';
import { consumeReceiptDownload } from '@/features/receipts/server/limits';
import { pdfHeadResponse, pdfResponse } from '@/features/receipts/server/pdf-response';
import { renderRefundStatement } from '@/features/receipts/server/render-refund-statement';
import { AppError } from '@/server/http/app-error';
import { defineRoute, method } from '@/server/http/route';

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
  GET: method({
    auth: 'required',
    params: z.strictObject({ file: z.string() }),
    // pdfResponse sets `private, no-store` instead of the wrapper's plain no-store.
    personal: false,
    handler: async ({ params, session, request }) => {
      const file = RefundStatementFileSchema.safeParse(params.file);
      if (!file.success) throw new AppError('not_found', { message: NOT_FOUND_MESSAGE });
      if (request.method !== 'HEAD') await consumeReceiptDownload(session.userId);
      const found = await findRefundStatementForMember(session.userId, file.data);
      if (!found) throw new AppError('not_found', { message: NOT_FOUND_MESSAGE });
      if (request.method === 'HEAD') return pdfHeadResponse();
      const number = found.statementNumber;
      const pdf = await renderRefundStatement(found.snapshot, { refundedAt: found.refundedAt, number });
      return pdfResponse(pdf, { filename: `返金明細書_${number}.pdf`, asciiFallback: `refund-statement-${number}.pdf` });
    },
  }),
});
