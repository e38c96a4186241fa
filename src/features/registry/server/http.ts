import 'server-only';

import type { CompanyErrorCode } from '../schemas';
import { AppError } from '@/server/http/app-error';
import { limitSubject } from '@/server/http/client-ip';
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
