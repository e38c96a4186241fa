import { openQueueCsv } from '@/features/backoffice/server/orders';
import { staffMethod, defineRoute } from '@/server/http/route';

/**
 * GET /api/admin/orders/export — every 受付済み order (express first, then by due date) as CSV for a
 * batch request at 登記ねっと, with each company's 会社法人等番号. Staff and managers; each download
 * writes an audit row.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: staffMethod({
    access: 'staff',
    handler: async ({ session, ip }) => {
      const { filename, bytes } = await openQueueCsv({ id: session.staff.id, ip });
      return new Response(bytes, {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="${filename}"`,
          'X-Content-Type-Options': 'nosniff',
        },
      });
    },
  }),
});
