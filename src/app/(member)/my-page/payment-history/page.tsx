import type { Metadata } from 'next';
import { Suspense } from 'react';

import { LoadingOverlay } from '@/components/loading-overlay';
import { PaymentHistory } from '@/features/receipts/components/payment-history';
import { PAYMENT_HISTORY_PAGE } from '@/lib/page-names';

export const metadata: Metadata = { title: PAYMENT_HISTORY_PAGE.name, robots: { index: false } };

/** /my-page/payment-history (spec §2, issue 8). The (member) layout's AuthGuard protects it. */
export default function PaymentHistoryPage() {
  // useSearchParams (?page=N) needs a Suspense boundary to prerender the shell.
  return (
    <Suspense fallback={<LoadingOverlay />}>
      <PaymentHistory />
    </Suspense>
  );
}
