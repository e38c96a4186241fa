import { getPayjpPublicKey } from '@/features/payments/server/public-key';
import { defineRoute, method } from '@/server/http/route';

/** GET /api/payjp/public-key — spec §7: `{"result": publicKey}`; '' means payment is unavailable. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: method({
    auth: 'none',
    personal: false,
    handler: async () => Response.json({ result: getPayjpPublicKey() }, { headers: { 'Cache-Control': 'public, max-age=300' } }),
  }),
});
