import { AccountingMonthSchema } from '@/features/backoffice';
import { exportAccountingAsStaff } from '@/features/backoffice/server/accounting';
import { staffMethod, defineRoute } from '@/server/http/route';

/**
 * GET /api/admin/accounting/export?month=YYYY-MM[&part=summary] — the month's sales and refunds as CSV
 * (data rows only; `part=summary`: the month's totals per rate) (UTF-8
 * with BOM, CRLF; Japan-time month). Managers only; each download writes an audit row.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: staffMethod({
    access: 'manager',
    query: AccountingMonthSchema,
    handler: async ({ query, session, ip }) => {
      const { filename, bytes } = await exportAccountingAsStaff({ id: session.staff.id, ip }, query.month, query.part ?? 'rows');
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
