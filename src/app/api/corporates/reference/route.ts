import { CompanyLookupParamsSchema } from '@/features/registry';
import { companyFailure, getCompany, publicGet } from '@/features/registry/index.server';
import { defineRoute } from '@/server/http/route';
import { instanceLimit } from '@/server/rate-limit';

/**
 * GET /api/corporates/reference?corporateNumber=… (docs/api.md): one company with its history,
 * for the purchase flow (the company chosen on /search) and the free reference page. Public data:
 * no session, no database; rate-limited per client IP in memory like the search
 * (docs/decisions/0007-search-rate-limit.md); cacheable for a minute.
 */

/** One lookup per chosen company: 5/s sustained, 20 at once is far above any visitor's need. */
const limiter = instanceLimit({ keyPrefix: 'reference', perSecond: 5, burst: 20 });

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: publicGet(limiter, '短時間に照会が集中しました。数秒待ってからもう一度お試しください。', CompanyLookupParamsSchema, (query) => {
    const outcome = getCompany(query.corporateNumber);
    if (!outcome.ok) throw companyFailure(outcome);
    return outcome.company;
  }),
});
