import { WatchAddBodySchema, WatchListQuerySchema } from '@/features/watch';
import { addWatch, listWatch } from '@/features/watch/index.server';
import { defineRoute, method } from '@/server/http/route';

/**
 * GET /api/watch?page=N — the member's watch list (50 a page, newest first) with each company's
 * current state, its last change and its invoice status, and whether the digest mail is on.
 * POST /api/watch — `{ corporateNumber }` (法人番号 or T-number): 「この法人をウォッチ」.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: method({
    auth: 'required',
    query: WatchListQuerySchema,
    handler: async ({ session, query }) => listWatch(session.userId, query.page),
  }),
  POST: method({
    auth: 'required',
    body: WatchAddBodySchema,
    handler: async ({ session, body }) => addWatch(session.userId, body.corporateNumber),
  }),
});
