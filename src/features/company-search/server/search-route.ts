import 'server-only';

import { publicGet, searchCompanies } from '@/features/registry/index.server';
import { instanceLimit } from '@/server/rate-limit';

import { SearchParamsSchema } from '../schemas';
import { searchFailure } from './http';

/**
 * GET /api/corporates/search?q=…&prefecture=13&kind=301&includeClosed=1&cursor=… (docs/api.md),
 * the pages' as-you-type search. Public registry data: no session, no database. Rate-limited per
 * client IP by an in-memory limit (docs/decisions/0007-search-rate-limit.md) and cacheable for a
 * minute by browsers and shared caches: a result is the same for everyone, and the registry
 * changes at most daily. Declared here once: the route file gives it to Next, and server.ts's lean
 * path serves it before Next's handler (docs/decisions/0098), through the same wrapper.
 */
export const CORPORATE_SEARCH_PATH = '/api/corporates/search';

/** 20 requests/s sustained, 60 at once: an instant search sends at most ~7/s while typing. */
const limiter = instanceLimit({ keyPrefix: 'search', perSecond: 20, burst: 60 });

export const corporateSearchMethods = {
  GET: publicGet(limiter, '短時間に検索が集中しました。数秒待ってからもう一度お試しください。', SearchParamsSchema, (query) => {
    const outcome = searchCompanies(query);
    if (!outcome.ok) throw searchFailure(outcome);
    return outcome.result;
  }),
};
