import type { Metadata } from 'next';

import { ApiKeysPage } from '@/features/api/components/api-keys-page';
import { appUrl } from '@/config/server';

export const metadata: Metadata = { title: 'マイページ（API キー）', robots: { index: false } };

/** /my-page/api (issue 26 §3). The (member) layout's AuthGuard protects it; every API call is authorised by the server. */
export default function MyPageApi() {
  return <ApiKeysPage origin={appUrl('/').origin} />;
}
