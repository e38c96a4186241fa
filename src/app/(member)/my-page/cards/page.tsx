import type { Metadata } from 'next';

import { MyCards } from '@/features/accounts/components/my-cards';
import { getPayjpConfig } from '@/features/payments/server/payjp/config';

export const metadata: Metadata = { title: 'マイページ（クレジットカード）', robots: { index: false } };

/** /my-page/cards (issue 24 §4). The (member) layout's AuthGuard protects it; the card API checks the session. */
export default function MyPageCards() {
  return <MyCards payjpJsUrl={getPayjpConfig().jsUrl} />;
}
