import 'server-only';

import type { z } from 'zod';

import type { CompanyErrorCode } from '../schemas';
import { Answer } from '@/server/http/answer';
import { AppError } from '@/server/http/app-error';
import { limitSubject } from '@/server/http/client-ip';
import { method } from '@/server/http/route';
import { consumeOrThrow, type instanceLimit } from '@/server/rate-limit';

/**
 * What the registry's public routes share — /api/corporates/* (search and the purchase flow) and
 * /api/corporates-search/* (法人情報照会): the per-client limit in memory, the mapping of the
 * registry's error outcomes to HTTP answers, and the cache header of public data
 * (docs/decisions/0007-search-rate-limit.md).
 */

/** Public registry answers are the same for everyone and change at most daily. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=60';

/** Takes a point for this client or throws 429 with `Retry-After` and the given message. */
export async function takeOrThrow(limiter: ReturnType<typeof instanceLimit>, ip: string, message: string): Promise<void> {
  await consumeOrThrow(limiter, limitSubject(ip), () => message);
}

/**
 * One public GET of registry data: no session, one point of `limiter` per call (429 with `busy`),
 * the zod-parsed `query` to `answer`; an object is sent as JSON cacheable for a minute, a
 * Response (a file) as it is.
 */
export function publicGet<QS extends z.ZodType>(
  limiter: ReturnType<typeof instanceLimit>,
  busy: string,
  query: QS,
  answer: (query: z.output<QS>) => object,
) {
  return method({
    auth: 'none',
    personal: false,
    query,
    handler: async (ctx) => {
      await takeOrThrow(limiter, ctx.ip, busy);
      const body = answer(ctx.query as z.output<QS>);
      return body instanceof Response ? body : Answer.json(body, { headers: { 'Cache-Control': PUBLIC_CACHE_CONTROL } });
    },
  });
}

const COMPANY_STATUS: Record<CompanyErrorCode, number> = {
  registry_unavailable: 503,
  invalid_format: 400,
  invalid_check_digit: 400,
  not_found: 404,
};

/** A missing registry is temporary (an import is swapping files in): ask clients to retry soon. */
export const UNAVAILABLE_HEADERS = { 'Retry-After': '30' };

/** A failed lookup by 法人番号: 503 without a registry, 404 unknown, 400 malformed (field `corporateNumber`). */
export function companyFailure(outcome: { code: CompanyErrorCode; message: string }): AppError {
  return new AppError(outcome.code, {
    status: COMPANY_STATUS[outcome.code],
    message: outcome.message,
    ...(outcome.code === 'registry_unavailable'
      ? { headers: UNAVAILABLE_HEADERS }
      : outcome.code === 'not_found'
        ? {}
        : { fields: { corporateNumber: outcome.message } }),
  });
}
