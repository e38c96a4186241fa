import { ReferenceSearchParamsSchema } from '@/features/registry/reference-schemas';
import type { SearchErrorCode } from '@/features/registry/schemas';
import { searchCompanies } from '@/features/registry/server/search/search';
import { AppError } from '@/server/http/app-error';
import { defineRoute, method } from '@/server/http/route';
import { rateLimitedError } from '@/server/rate-limit';
import { TokenBucketLimiter } from '@/server/rate-limit/token-bucket';

/**
 * GET /api/corporates-search/search?q=…&prefecture=13&includeClosed=1&cursor=… — the reference
 * service's search (docs/api.md, 法人情報照会). Same registry search and answer shape as
 * /api/corporates/search; its own per-IP bucket, so heavy use of one service does not starve the
 * other. Public data, cacheable for a minute.
 */

/** 10 requests/s sustained, 30 at once: a person submits a search form far less often. */
const limiter = new TokenBucketLimiter({ perSecond: 10, burst: 30 });

const STATUS: Record<SearchErrorCode, number> = {
  registry_unavailable: 503,
  empty_query: 400,
  invalid_check_digit: 400,
  invalid_cursor: 400,
  cursor_expired: 409,
};

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: method({
    auth: 'none',
    personal: false,
    query: ReferenceSearchParamsSchema,
    handler: async ({ query, ip }) => {
      const taken = limiter.take(ip);
      if (!taken.ok) throw rateLimitedError(taken.retryAfterMs, '短時間に検索が集中しました。数秒待ってからもう一度お試しください。');
      const outcome = searchCompanies(query);
      if (!outcome.ok) {
        throw new AppError(outcome.code, {
          status: STATUS[outcome.code],
          message: outcome.message,
          ...(outcome.code === 'registry_unavailable' ? { headers: { 'Retry-After': '30' } } : { fields: { q: outcome.message } }),
        });
      }
      return Response.json(outcome.result, { headers: { 'Cache-Control': 'public, max-age=60' } });
    },
  }),
});
