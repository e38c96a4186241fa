import type { Metadata } from 'next';

import { latestOrderView } from '@/features/payments/server/latest-order';
import { Completion, type LatestOrder } from '@/features/purchase/components/completion';
import { currentMemberSession } from '@/server/auth/page-session';
import { logRecoveredFailure } from '@/server/http/log-recovered';

export const metadata: Metadata = { title: 'ご注文の完了', robots: { index: false } };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The order named by `?paymentId=` is rendered on the server — what GET /api/payments/latest
 * answers for it, settled with PAY.JP first — so the outcome paints before the JavaScript arrives
 * (issue 13 §1, docs/decisions/0033). Another member's order, an unknown one or a database problem
 * render nothing here; the page then asks the API, which answers with its Japanese message.
 */
export default async function PurchaseCompletionPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const paymentId = (await searchParams).paymentId;
  const session = await currentMemberSession();
  let order: LatestOrder | null = null;
  if (session && typeof paymentId === 'string' && UUID.test(paymentId)) {
    try {
      order = await latestOrderView(session.userId, paymentId);
    } catch (error) {
      logRecoveredFailure(error, 'could not render the order of /purchase/completion');
    }
  }
  // No Suspense boundary: the page is rendered per request (useSearchParams does not suspend), and
  // React streams a large boundary's content hidden behind its fallback until a script swaps it in.
  return <Completion initialOrder={order} />;
}
