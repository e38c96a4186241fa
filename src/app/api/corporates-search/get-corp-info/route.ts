import { ReferenceLookupParamsSchema } from '@/features/company-reference/schemas';
import { companyFailure, publicGet } from '@/features/registry/index.server';
import { getReferenceRecord } from '@/features/company-reference/server/reference-record';
import { defineRoute } from '@/server/http/route';
import { instanceLimit } from '@/server/rate-limit';

/**
 * GET /api/corporates-search/get-corp-info?corporateNumber=… — a company's full public record
 * for the reference service (docs/api.md): registry detail, change timeline, 会社法人等番号,
 * successor and qualified-invoice registration. Malformed numbers → 400, unknown → 404, no
 * registry yet → 503, each with a Japanese message.
 */

/** 5 records/s sustained, 20 at once: enough for a person, a brake on bulk collection. */
const limiter = instanceLimit({ keyPrefix: 'corp_info', perSecond: 5, burst: 20 });

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: publicGet(limiter, '短時間に照会が集中しました。数秒待ってからもう一度お試しください。', ReferenceLookupParamsSchema, (query) => {
    const outcome = getReferenceRecord(query.corporateNumber);
    if (!outcome.ok) throw companyFailure(outcome);
    return outcome.record;
  }),
});
