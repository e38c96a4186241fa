import { type CompanyErrorCode, CompanyLookupParamsSchema } from '@/features/registry/schemas';
import { getCompany } from '@/features/registry/server/search/get-company';
import { AppError } from '@/server/http/app-error';
import { defineRoute, method } from '@/server/http/route';
import { rateLimitedError } from '@/server/rate-limit';
import { TokenBucketLimiter } from '@/server/rate-limit/token-bucket';

/**
 * GET /api/corporates/reference?corporateNumber=… (docs/api.md): one company with its history,
 * for the purchase flow (the company chosen on /search) and the free reference page. Public data:
 * no session, no database; rate-limited per client IP in memory like the search
 * (docs/decisions/0007-search-rate-limit.md); cacheable for a minute.
 */

/** One lookup per chosen company: 5/s sustained, 20 at once is far above any visitor's need. */
const limiter = new TokenBucketLimiter({ perSecond: 5, burst: 20 });

const STATUS: Record<CompanyErrorCode, number> = {
  registry_unavailable: 503,
  invalid_format: 400,
  invalid_check_digit: 400,
  not_found: 404,
};

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: method({
    auth: 'none',
    personal: false,
    query: CompanyLookupParamsSchema,
    handler: async ({ query, ip }) => {
      const taken = limiter.take(ip);
      if (!taken.ok) throw rateLimitedError(taken.retryAfterMs, '短時間に照会が集中しました。数秒待ってからもう一度お試しください。');
      const outcome = getCompany(query.corporateNumber);
      if (!outcome.ok) {
        throw new AppError(outcome.code, {
          status: STATUS[outcome.code],
          message: outcome.message,
          ...(outcome.code === 'registry_unavailable'
            ? { headers: { 'Retry-After': '30' } }
            : outcome.code === 'not_found'
              ? {}
              : { fields: { corporateNumber: outcome.message } }),
        });
      }
      return Response.json(outcome.company, { headers: { 'Cache-Control': 'public, max-age=60' } });
    },
  }),
});
