import 'server-only';

import { UNAVAILABLE_HEADERS } from '@/features/registry/index.server';
import { AppError } from '@/server/http/app-error';
import type { SearchErrorCode } from '../constants';

/** The search routes' answers to a failed search (/api/corporates/search, /api/corporates-search/search). */

const SEARCH_STATUS: Record<SearchErrorCode, number> = {
  registry_unavailable: 503,
  empty_query: 400,
  address_too_short: 400,
  invalid_check_digit: 400,
  invalid_cursor: 400,
  cursor_expired: 409,
};

/** A failed search: 503 without a registry, 400/409 for the query or cursor (field `q`, or `address`). */
export function searchFailure(outcome: { code: SearchErrorCode; message: string }): AppError {
  return new AppError(outcome.code, {
    status: SEARCH_STATUS[outcome.code],
    message: outcome.message,
    ...(outcome.code === 'registry_unavailable'
      ? { headers: UNAVAILABLE_HEADERS }
      : { fields: { [outcome.code === 'address_too_short' ? 'address' : 'q']: outcome.message } }),
  });
}
