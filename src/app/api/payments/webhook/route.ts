import { syncSubscription } from '@/features/api/index.server';
import { auditOutsideRefund } from '@/features/backoffice/server/refunds';
import { handleWebhookEvent } from '@/features/payments/server/order-payment';
import { PayjpError } from '@/features/payments/server/payjp/errors';
import { isValidWebhookToken, parseWebhookEvent } from '@/features/payments/server/payjp/webhook';
import { z } from '@/lib/zod-ja';
import { AppError } from '@/server/http/app-error';
import { defineRoute, method } from '@/server/http/route';

/**
 * POST /api/payments/webhook — PAY.JP's webhook (not in the spec; the URL is set in PAY.JP's
 * dashboard and in the emulator's --webhook-url). Exempt from CSRF, authenticated by the static
 * `X-Payjp-Webhook-Token` (constant-time comparison). Events are deduplicated by id and only
 * trigger a re-read of the charge (domain.md §3) → `{ received: true, duplicate }`. A
 * charge.refunded beyond hojin's own refunds is a refund made outside hojin, recorded with an
 * audit row (refunds.ts recordOutsideRefund). When PAY.JP itself cannot be read back (timeout,
 * connection, 5xx) the event stays unprocessed and the answer is 503, so PAY.JP delivers it again.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  POST: method({
    auth: 'none',
    csrf: false,
    personal: true,
    body: z.unknown(),
    handler: async ({ request, body, log }) => {
      if (!isValidWebhookToken(request.headers.get('x-payjp-webhook-token'))) {
        log.warn({ event: 'payjp.webhook.bad_token' }, 'webhook with a wrong token refused');
        throw new AppError('unauthorized', { message: 'Webhook トークンが正しくありません。' });
      }
      const parsed = parseWebhookEvent(body);
      if (!parsed.ok) throw new AppError('bad_request', { message: `イベントの形式が正しくありません: ${parsed.reason}` });
      // A refund made at PAY.JP's dashboard is recorded with its audit row (no staff member).
      try {
        // A subscription's event or charge (the API's paid plans, issue 27 §4) is read back by the api feature.
        const { duplicate } = await handleWebhookEvent(parsed.event, undefined, { audit: auditOutsideRefund }, syncSubscription);
        return { received: true, duplicate };
      } catch (error) {
        if (!(error instanceof PayjpError)) throw error;
        log.warn(
          { event: 'payjp.webhook.payjp_unreachable', eventId: parsed.event.id, err: error },
          'PAY.JP could not be read back: redelivery asked',
        );
        throw new AppError('service_unavailable', {
          message: 'PAY.JP から決済の状態を読み取れませんでした。時間をおいて再送してください。',
        });
      }
    },
  }),
});
