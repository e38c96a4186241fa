import { BulkCheckBodySchema, bulkResultCsv } from '@/features/company-search';
import { bulkCheck } from '@/features/company-search/index.server';
import { COMPANY_ERROR_MESSAGES, todayInJapan } from '@/features/registry';
import { takeOrThrow, UNAVAILABLE_HEADERS } from '@/features/registry/index.server';
import { AppError } from '@/server/http/app-error';
import { csvFileName } from '@/lib/csv';
import { contentDisposition } from '@/server/http/content-disposition';
import { defineRoute, method } from '@/server/http/route';
import { instanceLimit } from '@/server/rate-limit';

/**
 * POST /api/corporates/bulk-check (docs/api.md): up to 1,000 法人番号, T-numbers or exact names,
 * each with the company as registered and its invoice status on `date` (default today, JST).
 * Public (no login) but a POST: CSRF token bound to the pre-session cookie, as every POST.
 * `format: "csv"` answers the same result as a CSV file for Excel (UTF-8 with BOM); `"excel"` in
 * its Excel form (codes kept as text, docs/decisions/0065).
 */

/** One check is up to 1,000 lookups (≈ a few ms each 100): 2 a second, 10 at once per client. */
const limiter = instanceLimit({ keyPrefix: 'bulk-check', perSecond: 2, burst: 10 });

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  POST: method({
    auth: 'none',
    personal: false,
    body: BulkCheckBodySchema,
    // 1,000 lines of up to 200 characters, 3 bytes each in UTF-8, with JSON quoting.
    maxBodyBytes: 640 * 1024,
    handler: async ({ body, ip }) => {
      await takeOrThrow(limiter, ip, '短時間に確認が集中しました。数秒待ってからもう一度お試しください。');
      const date = body.date ?? todayInJapan();
      const outcome = bulkCheck(body.lines, date);
      if (!outcome.ok)
        throw new AppError('registry_unavailable', {
          status: 503,
          message: COMPANY_ERROR_MESSAGES.registry_unavailable,
          headers: UNAVAILABLE_HEADERS,
        });
      if (body.format === 'csv' || body.format === 'excel') {
        const form = body.format === 'excel' ? 'excel' : 'plain';
        return new Response(bulkResultCsv(outcome.result, form), {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': contentDisposition(csvFileName(`一括確認_${date}`, form), 'attachment'),
            'Cache-Control': 'no-store',
          },
        });
      }
      return Response.json(outcome.result, { headers: { 'Cache-Control': 'no-store' } });
    },
  }),
});
