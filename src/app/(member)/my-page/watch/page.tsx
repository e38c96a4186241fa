import type { Metadata } from 'next';

import { WatchPage } from '@/features/watch/components/watch-page';

export const metadata: Metadata = { title: 'マイページ（ウォッチリスト）', robots: { index: false } };

/** /my-page/watch (issue 15). The (member) layout's AuthGuard protects it; every API call is authorised by the server. */
export default function MyPageWatch() {
  return <WatchPage />;
}
