import type { Metadata } from 'next';

import { legalDelivery } from '@/app/help/legal-props';
import { Confirmation, type ConfirmationLegal } from '@/features/purchase/components/confirmation';
import { LEGAL_PATHS } from '@/features/site/legal-content/constants';
import {
  applicationValidityLines,
  cancellationPolicyLines,
  deliveryTimingLines,
  paymentTimingLines,
} from '@/features/site/legal-content/order-policies';

export const metadata: Metadata = { title: 'ご注文内容の確認', robots: { index: false } };
export const dynamic = 'force-dynamic';

/**
 * The final confirmation screen (特商法 12条の6, domain.md §5): the texts are the very sentences
 * the terms of use and 特定商取引法に基づく表記 print (src/features/site/legal-content).
 */
export default function PurchaseConfirmationPage() {
  const delivery = legalDelivery();
  const legal: ConfirmationLegal = {
    paymentTiming: paymentTimingLines(),
    deliveryTiming: deliveryTimingLines(delivery),
    cancellation: cancellationPolicyLines(delivery),
    validity: applicationValidityLines(),
    termsUrl: LEGAL_PATHS.termsOfUse,
    lawUrl: LEGAL_PATHS.specifiedCommercialTransactionLaw,
    privacyUrl: LEGAL_PATHS.privacyPolicy,
  };
  // No Suspense boundary: the page is rendered per request (useSearchParams does not suspend), and
  // React streams a large boundary's content hidden behind its fallback until a script swaps it in.
  return <Confirmation legal={legal} />;
}
