import { CityListParamsSchema } from '@/features/company-search';
import { publicGet } from '@/features/registry/index.server';
import { citiesOf, searchFailure } from '@/features/company-search/index.server';
import { defineRoute } from '@/server/http/route';
import { instanceLimit } from '@/server/rate-limit';

/**
 * GET /api/corporates/cities?prefecture=13 (docs/api.md): the 市区町村 of a prefecture for the
 * search's 市区町村 filter. Public registry data, the same for everyone: cacheable like the search.
 */

/** A visitor picks a prefecture now and then; this bounds a client that loops. */
const limiter = instanceLimit({ keyPrefix: 'cities', perSecond: 5, burst: 20 });

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: publicGet(limiter, '短時間にリクエストが集中しました。数秒待ってからもう一度お試しください。', CityListParamsSchema, (query) => {
    const outcome = citiesOf(query.prefecture);
    if (!outcome.ok) throw searchFailure(outcome);
    return outcome.list;
  }),
});
