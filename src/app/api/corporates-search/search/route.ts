import { ReferenceSearchParamsSchema } from '@/features/company-reference/schemas';
import { PUBLIC_CACHE_CONTROL, takeOrThrow } from '@/features/registry/index.server';
import { searchFailure, searchCompanies } from '@/features/company-search/index.server';
import { defineRoute, method } from '@/server/http/route';
import { instanceLimit } from '@/server/rate-limit';

/**
 * GET /api/corporates-search/search?q=…&prefecture=13&includeClosed=1&cursor=… — the reference
 * service's search (docs/api.md, 法人情報照会). Same registry search and answer shape as
 * /api/corporates/search; its own per-IP bucket, so heavy use of one service does not starve the
 * other. Public data, cacheable for a minute.
 */

/** 10 requests/s sustained, 30 at once: a person submits a search form far less often. */
const limiter = instanceLimit({ keyPrefix: 'corp_search', perSecond: 10, burst: 30 });

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: method({
    auth: 'none',
    personal: false,
    query: ReferenceSearchParamsSchema,
    handler: async ({ query, ip }) => {
      await takeOrThrow(limiter, ip, '短時間に検索が集中しました。数秒待ってからもう一度お試しください。');
      const outcome = searchCompanies(query);
      if (!outcome.ok) throw searchFailure(outcome);
      return Response.json(outcome.result, { headers: { 'Cache-Control': PUBLIC_CACHE_CONTROL } });
    },
  }),
});
