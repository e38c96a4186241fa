import type { Metadata } from 'next';

import styles from '@/features/accounts/components/accounts.module.css';
import { AuthPage } from '@/features/accounts/components/auth-page';
import { MyPageNav } from '@/features/accounts/components/my-page-nav';
import { WatchPage } from '@/features/watch/components/watch-page';

export const metadata: Metadata = { title: 'マイページ（ウォッチリスト）', robots: { index: false } };

/** /my-page/watch (issue 15). The (member) layout's AuthGuard protects it; every API call is authorised by the server. */
export default function MyPageWatch() {
  return (
    <AuthPage width="wide">
      <h1 className={styles.title}>マイページ</h1>
      <MyPageNav />
      <WatchPage />
    </AuthPage>
  );
}
