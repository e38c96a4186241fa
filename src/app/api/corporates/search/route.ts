import { corporateSearchMethods } from '@/features/company-search/index.server';
import { defineRoute } from '@/server/http/route';

/** GET /api/corporates/search: declared in the company search feature (server/search-route.ts), which server.ts's lean path also serves. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({ GET: corporateSearchMethods.GET });
