import { ReferenceSearchParamsSchema } from '@/features/company-reference/schemas';
import { publicGet, searchCompanies } from '@/features/registry/index.server';
import { searchFailure } from '@/features/company-search/index.server';
import { defineRoute } from '@/server/http/route';
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
  GET: publicGet(limiter, '短時間に検索が集中しました。数秒待ってからもう一度お試しください。', ReferenceSearchParamsSchema, (query) => {
    const outcome = searchCompanies(query);
    if (!outcome.ok) throw searchFailure(outcome);
    return outcome.result;
  }),
});
