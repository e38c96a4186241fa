import { getRegistryStore } from '@/features/registry/index.server';
import { getReadiness } from '@/server/health';
import { defineRoute, method } from '@/server/http/route';

/**
 * GET /api/health/ready — the proxy's readiness probe (docs/operations.md): 200 while this instance
 * serves (database answering, registry file open), 503 while it starts and from the first moment
 * of a drain (SIGTERM), so the proxy sends it no new request. Not in the spec.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: method({
    auth: 'none',
    personal: true,
    handler: async () => {
      const readiness = await getReadiness(() => getRegistryStore().acquire().ok);
      return Response.json({ status: readiness.ready ? 'ready' : 'not_ready', ...readiness }, { status: readiness.ready ? 200 : 503 });
    },
  }),
});
