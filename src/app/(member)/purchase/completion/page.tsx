import type { Metadata } from 'next';
import { Suspense } from 'react';

import { LoadingOverlay } from '@/components/loading-overlay';
import { Completion } from '@/features/purchase/components/completion';

export const metadata: Metadata = { title: 'ご注文の完了', robots: { index: false } };

export default function PurchaseCompletionPage() {
  return (
    <Suspense fallback={<LoadingOverlay />}>
      <Completion />
    </Suspense>
  );
}
