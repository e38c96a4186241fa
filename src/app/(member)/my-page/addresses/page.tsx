import type { Metadata } from 'next';

import styles from '@/features/accounts/components/accounts.module.css';
import { AuthPage } from '@/features/accounts/components/auth-page';
import { MyPageNav } from '@/features/accounts/components/my-page-nav';
import { MySavedAddresses } from '@/features/purchase/components/my-saved-addresses';
import { PrefectureOptions } from '@/features/purchase/components/prefecture-options';

export const metadata: Metadata = { title: 'マイページ（お届け先）', robots: { index: false } };

/** /my-page/addresses (issue 24 §4). The (member) layout's AuthGuard protects it; the API checks the session. */
export default function MyPageAddresses() {
  return (
    <AuthPage width="wide">
      <h1 className={styles.title}>マイページ</h1>
      <MyPageNav />
      <MySavedAddresses prefectureOptions={<PrefectureOptions />} />
    </AuthPage>
  );
}
