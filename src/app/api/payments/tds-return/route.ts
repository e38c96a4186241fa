import { returnFromThreeDSecure } from '@/features/payments/server/order-payment';
import { SUPERSEDED_ATTEMPT_CODE } from '@/features/payments';
import { z } from '@/lib/zod-ja';
import { AppError } from '@/server/http/app-error';
import { defineRoute, method } from '@/server/http/route';
import { appUrl } from '@/config/server';

function redirect(path: string): Response {
  return new Response(null, {
    status: 303,
    headers: { Location: appUrl(path).toString(), 'Cache-Control': 'no-store' },
  });
}

/**
 * GET /api/payments/tds-return?paymentId=… — where PAY.JP's 3-D Secure page sends the buyer back
 * (the URL is signed into `back_url`). A top-level GET that changes state, as the redirect
 * workflow requires; it is bound to the session's member, idempotent, and trusts nothing in the
 * URL but the order id, which must be the member's own. It re-reads the charge, calls tds_finish
 * for verified/attempted, then redirects: paid → /purchase/completion, failed → back to
 * /purchase/confirmation with `payment_error=<code>` (the page shows the Japanese message), or to
 * /purchase/resume for a payment resumed from the history. The page of an earlier attempt, finished
 * late, completes the order when nothing else has, else lands on the order's page with
 * `payment_error=superseded_attempt` (docs/decisions/0057).
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: method({
    auth: 'optional',
    // `attempt`: which payment attempt's 3-D Secure page sent the buyer back (docs/decisions/0023)
    query: z.object({ paymentId: z.string().max(64).optional(), attempt: z.string().max(8).optional() }),
    handler: async ({ session, query }) => {
      if (!session) return redirect('/login?nextPage=%2Fpurchase%2Fcompletion&expired=true');
      const paymentId = query.paymentId ?? '';
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(paymentId)) {
        return redirect('/purchase/confirmation?payment_error=not_found');
      }
      try {
        const attempt = query.attempt && /^[1-9]\d{0,6}$/.test(query.attempt) ? Number(query.attempt) : undefined;
        const { order, superseded } = await returnFromThreeDSecure(session.userId, paymentId, undefined, attempt);
        // An earlier attempt's page (another tab, 0057) that could not complete the order: the
        // order's own page says what happened — that page took no money, and where the order stands.
        if (superseded && order.status !== 'paid') {
          if (order.status === 'awaiting_3ds' || order.status === 'failed') {
            return redirect(`/purchase/resume?paymentId=${order.id}&payment_error=${SUPERSEDED_ATTEMPT_CODE}`);
          }
          return redirect(`/purchase/completion?paymentId=${order.id}`);
        }
        if (order.status === 'failed' || order.status === 'expired') {
          const code = encodeURIComponent(order.failureCode ?? 'failed_payment');
          // A payment resumed from the history goes back to its own page (0023), which knows the
          // order from the server; the first attempt to the confirmation page that started it.
          if (order.paymentAttempt > 1) return redirect(`/purchase/resume?paymentId=${order.id}&payment_error=${code}`);
          return redirect(`/purchase/confirmation?payment_error=${code}`);
        }
        return redirect(`/purchase/completion?paymentId=${order.id}`);
      } catch (error) {
        if (error instanceof AppError && error.status === 404) return redirect('/purchase/confirmation?payment_error=not_found');
        throw error;
      }
    },
  }),
});
