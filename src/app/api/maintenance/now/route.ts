import { getCurrentNotice } from '@/features/site/server/notices';
import { defineRoute, method } from '@/server/http/route';

/** GET /api/maintenance/now — the notice to show now, or `{ "notice": null }`. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: method({
    auth: 'none',
    personal: false,
    handler: async () => {
      const notice = await getCurrentNotice();
      return Response.json({ notice }, { headers: { 'Cache-Control': 'public, max-age=30' } });
    },
  }),
});
