import { ReferenceLookupParamsSchema } from '@/features/registry/reference-schemas';
import type { CompanyErrorCode } from '@/features/registry/schemas';
import { getReferenceRecord } from '@/features/registry/server/search/reference-record';
import { AppError } from '@/server/http/app-error';
import { defineRoute, method } from '@/server/http/route';
import { rateLimitedError } from '@/server/rate-limit';
import { TokenBucketLimiter } from '@/server/rate-limit/token-bucket';

/**
 * GET /api/corporates-search/get-corp-info?corporateNumber=… — a company's full public record
 * for the reference service (docs/api.md): registry detail, change timeline, 会社法人等番号,
 * successor and qualified-invoice registration. Malformed numbers → 400, unknown → 404, no
 * registry yet → 503, each with a Japanese message.
 */

/** 5 records/s sustained, 20 at once: enough for a person, a brake on bulk collection. */
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
    query: ReferenceLookupParamsSchema,
    handler: async ({ query, ip }) => {
      const taken = limiter.take(ip);
      if (!taken.ok) throw rateLimitedError(taken.retryAfterMs, '短時間に照会が集中しました。数秒待ってからもう一度お試しください。');
      const outcome = getReferenceRecord(query.corporateNumber);
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
      return Response.json(outcome.record, { headers: { 'Cache-Control': 'public, max-age=60' } });
    },
  }),
});
