import type { Metadata } from 'next';

import { MySavedAddresses } from '@/features/purchase/components/my-saved-addresses';
import { PrefectureOptions } from '@/features/purchase/components/prefecture-options';

export const metadata: Metadata = { title: 'マイページ（お届け先）', robots: { index: false } };

/** /my-page/addresses (issue 24 §4). The (member) layout's AuthGuard protects it; the API checks the session. */
export default function MyPageAddresses() {
  return <MySavedAddresses prefectureOptions={<PrefectureOptions />} />;
}
