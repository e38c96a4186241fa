import type { Metadata } from 'next';

import styles from '@/features/accounts/components/accounts.module.css';
import { AuthPage } from '@/features/accounts/components/auth-page';
import { MyPageNav } from '@/features/accounts/components/my-page-nav';
import { UnregisterForm } from '@/features/accounts/components/unregister-form';

export const metadata: Metadata = { title: 'マイページ（退会）', robots: { index: false } };

export default function UnregisterPage() {
  return (
    <AuthPage width="wide">
      <h1 className={styles.title}>マイページ</h1>
      <MyPageNav />
      <UnregisterForm />
    </AuthPage>
  );
}
