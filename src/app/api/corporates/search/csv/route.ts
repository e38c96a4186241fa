import { SearchCsvParamsSchema } from '@/features/company-search';
import { searchCsv, searchFailure } from '@/features/company-search/index.server';
import { PUBLIC_CACHE_CONTROL, publicGet } from '@/features/registry/index.server';
import { csvFileName } from '@/lib/csv';
import { contentDisposition } from '@/server/http/content-disposition';
import { defineRoute } from '@/server/http/route';
import { instanceLimit } from '@/server/rate-limit';

/**
 * GET /api/corporates/search/csv?q=…&prefecture=…&kind=…&includeClosed=1 (docs/api.md): every
 * result of the search (up to the 1,000-row limit) as a CSV file for Excel (UTF-8 with BOM).
 * Same parameters as /api/corporates/search without `cursor`, same errors before the file starts;
 * `format=excel` writes 法人番号 and 郵便番号 so Excel keeps them as text (docs/decisions/0065).
 */

/** A file is up to 50 searches: 1 a second, 5 at once per client. */
const limiter = instanceLimit({ keyPrefix: 'search-csv', perSecond: 1, burst: 5 });

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: publicGet(limiter, '短時間にダウンロードが集中しました。数秒待ってからもう一度お試しください。', SearchCsvParamsSchema, (query) => {
    const outcome = searchCsv(query);
    if (!outcome.ok) throw searchFailure(outcome);
    return new Response(outcome.stream, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': contentDisposition(
          csvFileName(`会社検索_${(query.q ?? query.address ?? '').slice(0, 30)}`, query.format ?? 'plain'),
          'attachment',
        ),
        'Cache-Control': PUBLIC_CACHE_CONTROL,
      },
    });
  }),
});
