import { ZIPCODE_MESSAGE, ZipcodeSchema, type ZipcodeLookupResponse } from '@/features/address';
import { lookupZipcode } from '@/features/address/server/postal-index';
import { AppError } from '@/server/http/app-error';
import { defineRoute, method } from '@/server/http/route';
import { z } from '@/lib/zod-ja';

/**
 * GET /api/address/zipcode-to-address?zipcode=100-0005 (docs/api.md) — address candidates for a
 * postal code from the bundled Japan Post data. Public data: no session needed. The answer may be
 * cached by the browser only (`private`): a postal code typed at checkout is the buyer's business.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: method({
    auth: 'none',
    personal: false,
    query: z.strictObject({ zipcode: z.string().optional() }),
    handler: async ({ query }) => {
      const parsed = ZipcodeSchema.safeParse(query.zipcode);
      if (!parsed.success) {
        throw new AppError('bad_request', { message: ZIPCODE_MESSAGE, fields: { zipcode: ZIPCODE_MESSAGE } });
      }
      const zipcode = parsed.data;
      const candidates = await lookupZipcode(zipcode);
      if (candidates.length === 0) {
        throw new AppError('not_found', {
          message: 'この郵便番号に該当する住所が見つかりませんでした。郵便番号をご確認いただくか、住所を直接入力してください。',
          fields: { zipcode: 'この郵便番号に該当する住所が見つかりませんでした。' },
        });
      }
      const body: ZipcodeLookupResponse = { zipcode, candidates };
      return Response.json(body, { headers: { 'Cache-Control': 'private, max-age=3600' } });
    },
  }),
});
