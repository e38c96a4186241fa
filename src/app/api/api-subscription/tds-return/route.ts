import { finishSubscriptionThreeDSecure } from '@/features/api/index.server';
import { appUrl } from '@/config/server';
import { AppError } from '@/server/http/app-error';
import { defineRoute, method } from '@/server/http/route';

function redirect(path: string): Response {
  return new Response(null, { status: 303, headers: { Location: appUrl(path).toString(), 'Cache-Control': 'no-store' } });
}

/**
 * GET /api/api-subscription/tds-return — where PAY.JP's 3-D Secure page for the member's card sends
 * them back (signed into `back_url`). Trusts nothing in the URL: the pending request is the
 * session member's own, re-read from PAY.JP; then back to /my-page/api with the outcome.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: method({
    auth: 'optional',
    handler: async ({ session }) => {
      if (!session) return redirect('/login?nextPage=%2Fmy-page%2Fapi&expired=true');
      let outcome;
      try {
        outcome = await finishSubscriptionThreeDSecure(session.userId);
      } catch (error) {
        // A declined card or PAY.JP unavailable: the page says so in Japanese (the code's message).
        if (error instanceof AppError) return redirect(`/my-page/api?subscription_error=${encodeURIComponent(error.code)}`);
        throw error;
      }
      return redirect(outcome === 'subscribed' ? '/my-page/api?subscription=started' : '/my-page/api?subscription_error=tds_failed');
    },
  }),
});
