import type { Metadata } from 'next';

import styles from '@/features/accounts/components/accounts.module.css';
import { AuthPage } from '@/features/accounts/components/auth-page';
import { MyPageNav } from '@/features/accounts/components/my-page-nav';
import { ApiKeysPage } from '@/features/api/components/api-keys-page';
import { appUrl } from '@/config/server';

export const metadata: Metadata = { title: 'マイページ（API キー）', robots: { index: false } };

/** /my-page/api (issue 26 §3). The (member) layout's AuthGuard protects it; every API call is authorised by the server. */
export default function MyPageApi() {
  return (
    <AuthPage width="wide">
      <h1 className={styles.title}>マイページ</h1>
      <MyPageNav />
      <ApiKeysPage origin={appUrl('/').origin} />
    </AuthPage>
  );
}
