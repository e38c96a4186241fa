import type { Metadata } from 'next';
import { Suspense } from 'react';

import { LoadingOverlay } from '@/components/loading-overlay';
import { getPayjpConfig } from '@/features/payments/server/payjp/config';
import { ResumePayment } from '@/features/purchase/components/resume-payment';

export const metadata: Metadata = { title: 'お支払いの再開', robots: { index: false } };
// The payjp.js URL is configuration read at request time, not at build time.
export const dynamic = 'force-dynamic';

export default function PurchaseResumePage() {
  return (
    <Suspense fallback={<LoadingOverlay />}>
      <ResumePayment payjpJsUrl={getPayjpConfig().jsUrl} />
    </Suspense>
  );
}
