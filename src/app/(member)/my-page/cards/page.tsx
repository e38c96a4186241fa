import type { Metadata } from 'next';

import styles from '@/features/accounts/components/accounts.module.css';
import { AuthPage } from '@/features/accounts/components/auth-page';
import { MyCards } from '@/features/accounts/components/my-cards';
import { MyPageNav } from '@/features/accounts/components/my-page-nav';
import { getPayjpConfig } from '@/features/payments/server/payjp/config';

export const metadata: Metadata = { title: 'マイページ（クレジットカード）', robots: { index: false } };

/** /my-page/cards (issue 24 §4). The (member) layout's AuthGuard protects it; the card API checks the session. */
export default function MyPageCards() {
  return (
    <AuthPage width="wide">
      <h1 className={styles.title}>マイページ</h1>
      <MyPageNav />
      <MyCards payjpJsUrl={getPayjpConfig().jsUrl} />
    </AuthPage>
  );
}
