import { getHealth } from '@/server/health';
import { defineRoute, method } from '@/server/http/route';

/** GET /api/health — not in the spec; for operators and load balancers (503 while not ready). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: method({
    auth: 'none',
    personal: true,
    handler: async () => {
      const health = await getHealth();
      return Response.json(health, { status: health.status === 'ok' ? 200 : 503 });
    },
  }),
});
