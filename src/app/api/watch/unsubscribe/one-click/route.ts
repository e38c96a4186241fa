import { WATCH_MESSAGES, WatchUnsubscribeBodySchema } from '@/features/watch';
import { unsubscribePageUrl, unsubscribeWithToken } from '@/features/watch/index.server';
import { z } from '@/lib/zod-ja';
import { AppError } from '@/server/http/app-error';
import { defineRoute, method, readBodyBytes, searchParamsToObject } from '@/server/http/route';

/** The one-click body is 26 bytes; a multipart one a few hundred. */
const MAX_BODY_BYTES = 2048;

/** `?user=…&token=…` of the `List-Unsubscribe` address: the same signed pair as the mail's link. */
const OneClickQuerySchema = WatchUnsubscribeBodySchema;

/** Whether the body says `List-Unsubscribe=One-Click` (RFC 8058 §3.1: form-urlencoded or multipart). */
async function isOneClickBody(type: string, bytes: Buffer): Promise<boolean> {
  if (/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) {
    return new URLSearchParams(bytes.toString('utf8')).get('List-Unsubscribe') === 'One-Click';
  }
  if (/^multipart\/form-data\s*;/i.test(type)) {
    try {
      const form = await new Response(new Uint8Array(bytes), { headers: { 'content-type': type } }).formData();
      return form.get('List-Unsubscribe') === 'One-Click';
    } catch {
      return false; // not well-formed multipart
    }
  }
  throw new AppError('unsupported_media_type', { message: WATCH_MESSAGES.one_click_type });
}

/**
 * /api/watch/unsubscribe/one-click?user=…&token=… — the `List-Unsubscribe` address of the watch
 * digest mail (RFC 8058). POST with the body `List-Unsubscribe=One-Click` stops the digest at
 * once: a mail client sends it without cookies, Origin or a CSRF token, so the route is exempt
 * from CSRF and the signed token (checked as for the link: a wrong one → 403) is the authority.
 * A GET never changes anything (link scanners, clients that open the address in a browser): it
 * sends the visitor to the confirmation page with its button.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: method({
    auth: 'none',
    personal: true,
    query: z.object({ user: z.string().max(100).optional(), token: z.string().max(200).optional() }),
    handler: async ({ query }) =>
      new Response(null, { status: 303, headers: { Location: unsubscribePageUrl(query.user ?? '', query.token ?? '') } }),
  }),
  POST: method({
    auth: 'none',
    csrf: false,
    personal: true,
    handler: async ({ request }) => {
      const query = OneClickQuerySchema.safeParse(searchParamsToObject(request.nextUrl.searchParams));
      if (!query.success) throw new AppError('bad_request', { message: WATCH_MESSAGES.unsubscribe_invalid });
      const bytes = await readBodyBytes(request, MAX_BODY_BYTES);
      if (!(await isOneClickBody((request.headers.get('content-type') ?? '').trim(), bytes)))
        throw new AppError('bad_request', { message: WATCH_MESSAGES.one_click_body });
      if (!(await unsubscribeWithToken(query.data.user, query.data.token)))
        throw new AppError('forbidden', { message: WATCH_MESSAGES.unsubscribe_invalid });
      return { unsubscribed: true };
    },
  }),
});
