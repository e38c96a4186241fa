import { ApiKeyCreateBodySchema, monthInJapan } from '@/features/api';
import { apiMeter, createApiKey, listApiKeys } from '@/features/api/index.server';
import { defineRoute, method } from '@/server/http/route';

/**
 * GET /api/api-keys: the member's API keys, the last 30 days' requests and this month's use
 * against the quota (the key page, /my-page/api). POST: a new key — the only answer that carries
 * the whole key (issue 26 §3).
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: method({
    auth: 'required',
    handler: async ({ session }) => {
      const now = new Date();
      const list = await listApiKeys(session.userId, now);
      const { used, plan } = await apiMeter().owner(session.userId, now);
      return { ...list, month: { month: monthInJapan(now), requests: used, quota: plan.monthlyQuota } };
    },
  }),
  POST: method({
    auth: 'required',
    body: ApiKeyCreateBodySchema,
    handler: async ({ session, body }) => Response.json(await createApiKey(session.userId, body.name), { status: 201 }),
  }),
});
