import { defineRoute, method } from '@/server/http/route';

/**
 * GET /api/health/live — the liveness probe (docs/operations.md): 200 whenever the process can
 * answer at all, draining included (a stopping instance must not be killed for it: it is finishing
 * its requests). It asks nothing of the database. Not in the spec.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: method({
    auth: 'none',
    personal: true,
    handler: async () => ({ status: 'live' }),
  }),
});
