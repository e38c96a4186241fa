import type { Metadata } from 'next';

import { getPayjpConfig } from '@/features/payments/server/payjp/config';
import { PrefectureOptions } from '@/features/purchase/components/prefecture-options';
import { RecipientInfo } from '@/features/purchase/components/recipient-info';

export const metadata: Metadata = { title: 'お届け先・お支払い方法', robots: { index: false } };
// The payjp.js URL is configuration read at request time, not at build time.
export const dynamic = 'force-dynamic';

export default function PurchaseRecipientInfoPage() {
  return <RecipientInfo payjpJsUrl={getPayjpConfig().jsUrl} prefectureOptions={<PrefectureOptions />} />;
}
