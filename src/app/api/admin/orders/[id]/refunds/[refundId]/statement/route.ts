import { refundStatementForStaff } from '@/features/backoffice/server/refunds';
import { pdfHeadResponse, pdfResponse } from '@/features/receipts/server/pdf-response';
import { renderRefundStatement } from '@/features/receipts/server/render-refund-statement';
import { z } from '@/lib/zod-ja';
import { staffMethod, defineRoute } from '@/server/http/route';

/**
 * GET /api/admin/orders/{id}/refunds/{refundId}/statement — the 返金明細書 (適格返還請求書) of a
 * succeeded refund of the order, the same PDF the member downloads (frozen when the refund was
 * recorded), for staff answering the member. Staff and managers; each download writes an audit
 * row. An unknown id, another order's refund and a refund not made all answer the same 404.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: staffMethod({
    access: 'staff',
    params: z.strictObject({
      id: z.uuid({ error: 'ご注文が見つかりませんでした。' }),
      refundId: z.uuid({ error: '返金明細書が見つかりません。' }),
    }),
    handler: async ({ params, session, ip, request }) => {
      const download = request.method !== 'HEAD';
      const found = await refundStatementForStaff({ id: session.staff.id, ip }, params.id, params.refundId, { download });
      if (!download) return pdfHeadResponse();
      const number = found.statementNumber;
      const pdf = await renderRefundStatement(found.snapshot, { refundedAt: found.refundedAt, number });
      return pdfResponse(pdf, { filename: `返金明細書_${number}.pdf`, asciiFallback: `refund-statement-${number}.pdf` });
    },
  }),
});
